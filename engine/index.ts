/**
 * The lesson engine: a generic renderer for days written as MDX plus a JSON answers schema.
 * It knows nothing of any particular day (lint rule in eslint.config.js).
 */
export {
  createAnswersSession,
  OfflineError,
  RevisionConflictError,
  type AnswersSession,
  type AnswersSessionOptions,
  type AnswersSnapshot,
  type AnswersTransport,
  type SaveOutcome,
  type SaveState,
  type TransportSaveOptions,
} from './answers/session.ts';
export { AUTOSAVE_DEBOUNCE_MS, AUTOSAVE_INTERVAL_MS } from './answers/constants.ts';
export { openDraftStore, type Draft, type DraftStore } from './answers/drafts.ts';
export { AnswersForm, UnknownAnswerFieldError, useAnswerField, useAnswersSession, useSaveState, type AnswersFormProps } from './answers/AnswersForm.tsx';
export { findSchemaProblems, repairAnswers, type Answers, type AnswersSchema } from './schema/index.ts';
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
