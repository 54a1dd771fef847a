/**
 * The lesson engine: a generic renderer for days written as MDX plus a JSON answers schema.
 * It knows nothing of any particular day (lint rule in eslint.config.js).
 */
export {
  createAutosave,
  waitForPendingSaves,
  type Autosave,
  type ConfirmedSave,
  type SaveAnswers,
  type SaveCallOptions,
  type SaveOutcome,
  type SaveState,
} from './autosave/autosave.ts';
export { AUTOSAVE_DEBOUNCE_MS, AUTOSAVE_INTERVAL_MS } from './autosave/constants.ts';
export { openDraftStore, type Draft, type DraftStore } from './autosave/drafts.ts';
export { restoreAnswers, type RestoredAnswers, type ServerAnswers } from './autosave/restore.ts';
export { OfflineError, RevisionConflictError } from './autosave/save-errors.ts';
export { useSaveState } from './autosave/use-save-state.ts';
export { AnswersForm, type AnswersFormProps } from './form/AnswersForm.tsx';
export { useOptionalAutosave } from './form/answers-context.ts';
export { AnswersContext, type AnswersContextValue } from './form/answers-context.ts';
export { UnknownAnswerFieldError, useAnswerField } from './form/use-answer-field.ts';
export { findSchemaProblems } from './schema/check-schema.ts';
export { mergeAnswers } from './schema/merge.ts';
export { migrateAnswers } from './schema/migrate.ts';
export { defaultsOf, isPlainObject, normalize, schemaAt } from './schema/normalize.ts';
export { repairAnswers } from './schema/repair.ts';
export type { Answers, AnswersSchema } from './schema/types.ts';
export { lessonComponents } from './mdx-components.ts';
export { SavePill } from './widgets/save-pill/index.ts';
export { LessonFileContext, WIDGET_PROBLEM_MESSAGE, WidgetBoundary, withWidgetBoundary } from './widgets/widget-boundary/index.ts';
export { AnswersTable, AnswersTableError, type AnswersTableColumn, type AnswersTableProps } from './widgets/answers-table/index.ts';
export { AtlasViewer, AtlasViewerPropsError, atlasUrlFor, type AtlasGene, type AtlasQuickLink, type AtlasViewerProps } from './widgets/atlas-viewer/index.ts';
export { Banner, BannerError, bannerStorageKey, type BannerProps } from './widgets/banner/index.ts';
export { toChoice, ChoiceOptionError, type Choice, type ChoiceOption } from './widgets/choice-options.ts';
export { EmbedPanel, type EmbedPanelProps } from './widgets/embed-panel/index.ts';
export { useEmbedLoad, type EmbedLoad, type EmbedLoadStatus, type UseEmbedLoadOptions } from './widgets/embed-panel/index.ts';
export { ImageGallery, ImageGalleryError, type GalleryImage, type ImageGalleryProps } from './widgets/image-gallery/index.ts';
export { MarkPastes, PASTE_NOTE, usePasteMark, type MarkPastesProps, type PasteMark } from './widgets/paste-mark/index.ts';
