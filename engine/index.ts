/**
 * The lesson engine: a generic renderer for days written as MDX plus a JSON answers schema.
 * It knows nothing of any particular day (lint rule in eslint.config.js).
 */
export {
  createAnswersSession,
  createReadOnlySession,
  OfflineError,
  RevisionConflictError,
  type AnswersSession,
  type AnswersSnapshot,
  type AnswersTransport,
  type SaveOutcome,
} from './answers/session.ts';

export { forgetSavedCopies, openDraftStore } from './answers/drafts.ts';
export { AnswersForm } from './answers/AnswersForm.tsx';
export {
  answerFields,
  choiceBlanks,
  isAnswered,
  schemaAt,
  shortDescription,
  valueAt,
  type Answers,
  type AnswersSchema,
} from './schema/index.ts';
export { lessonComponents } from './mdx-components.ts';
export { RenderWholeLesson } from './lesson/LessonSection.tsx';
export { PeekSource, type PeekBlocks, type PeekLanguage } from './lesson/Peek.tsx';
export { SavePill } from './widgets/save-pill/index.ts';
export { LessonFileContext } from './widgets/widget-boundary/index.ts';

export { EmbedPanel } from './widgets/embed-panel/index.ts';


export {
  activateLocale,
  currentLocale,
  DEFAULT_LOCALE,
  languageName,
  loadLocale,
  LOCALES,
  translator,
  useLocale,
  useMessages,
  type MessageValues,
  type Translate,
} from './i18n/messages.ts';
