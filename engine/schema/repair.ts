import { migrateAnswers } from './migrate.ts';
import { normalize } from './normalize.ts';
import type { Answers, AnswersSchema } from './types.ts';

/**
 * Brings answers of any age to today's schema: the schema's numbered `x-migrations` first (renamed fields
 * move to their new place), then {@link normalize} (missing fields get their defaults, arrays their
 * declared lengths; unknown keys are kept). The one path by which stored answers, drafts and answers
 * received by the server enter today's shape (docs/decisions/002-one-schema-for-client-and-server.md).
 *
 * @param schema - the day's answers schema
 * @param saved - any JSON value, or undefined when nothing was saved
 * @returns complete answers; the input is not changed
 */
export function repairAnswers(schema: AnswersSchema, saved: unknown): Answers {
  return normalize<Answers>(schema, migrateAnswers(schema, saved));
}
