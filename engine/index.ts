/**
 * The lesson engine: a generic renderer for days written as MDX plus a JSON answers schema.
 * It knows nothing of any particular day (lint rule in eslint.config.js).
 */
export { createAutosave, type Autosave, type SaveAnswers, type SaveOutcome, type SaveState } from './autosave/autosave.ts';
export { AUTOSAVE_DEBOUNCE_MS, AUTOSAVE_INTERVAL_MS } from './autosave/constants.ts';
export { useSaveState } from './autosave/use-save-state.ts';
export { AnswersForm, type AnswersFormProps } from './form/AnswersForm.tsx';
export { useOptionalAutosave } from './form/answers-context.ts';
export { UnknownAnswerFieldError, useAnswerField } from './form/use-answer-field.ts';
export { findSchemaProblems } from './schema/check-schema.ts';
export { defaultsOf, isPlainObject, normalize, schemaAt } from './schema/normalize.ts';
export type { Answers, AnswersSchema } from './schema/types.ts';
export { lessonComponents } from './mdx-components.ts';
export { SavePill } from './widgets/save-pill/index.ts';
