/**
 * The schema layer: a day's answers schema and the pure functions that bring any answers object to it.
 * Plain TypeScript with no React and no DOM (lint-enforced in eslint.config.js), so the server validates
 * and repairs saves through this one entry point with the same code the client loads them with
 * (docs/decisions/002-one-schema-for-client-and-server.md).
 */
export { findSchemaProblems } from './check-schema.ts';
export { changedFields, mergeAnswers } from './merge.ts';
export { findMigrationProblems, migrateAnswers } from './migrate.ts';
export {
  answerFields,
  choiceBlanks,
  countAnswered,
  isAnswered,
  shortDescription,
  valueAt,
  type AnswerField,
  type NumberedLabel,
} from './fields.ts';
export { coerceAnswers, defaultsOf, isNormalized, isPlainObject, normalize, schemaAt } from './normalize.ts';
export { repairAnswers } from './repair.ts';
export type { Answers, AnswersSchema } from './types.ts';
