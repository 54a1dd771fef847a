/**
 * The subset of JSON Schema 2020-12 that describes a day's answers. Authors write it in
 * `schemas/day-N.schema.json`; it is the only place the shape of a day's answers is written.
 *
 * Rules the lesson engine reads (docs/decisions/002-one-schema-for-client-and-server.md):
 * - every property has `default` and `description`;
 * - an array with `minItems` equal to `maxItems` is fixed-length: saved answers are trimmed or padded
 *   to that length with `items.default`;
 * - any other array is padded up to `minItems` and trimmed down to `maxItems`;
 * - a saved value of the wrong type, or outside `enum`, is replaced by the default.
 */
export interface AnswersSchema {
  $schema?: string;
  $id?: string;
  title?: string;
  description?: string;
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';
  default?: unknown;
  properties?: Record<string, AnswersSchema>;
  additionalProperties?: boolean | AnswersSchema;
  items?: AnswersSchema;
  minItems?: number;
  maxItems?: number;
  enum?: readonly unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  /**
   * Root only: numbered migrations of saved answers, applied in `id` order by `migrateAnswers`
   * (engine/schema/migrate.ts) before normalising, so a renamed or moved field keeps the student's
   * work. Ids increase strictly; never renumber or remove a migration once it has shipped.
   */
  'x-migrations'?: readonly AnswersMigration[];
  /**
   * `"atomic"`: after a revision conflict this node is merged as one value, never field by field
   * (engine/schema/merge.ts). For fields that only make sense together, such as the two lists of an
   * ordering exercise.
   */
  'x-merge'?: 'atomic';
  /**
   * String nodes only: saved values that older pages stored, each mapped to the value that replaces it
   * today, e.g. `{ "OLD": "NEW" }`. `normalize` (engine/schema/normalize.ts) replaces a saved string
   * equal to a key (compared exactly: same case, no trimming) by that key's value, before checking
   * `enum` and `const`. For a renamed choice or a row whose subject changed, where moving a field
   * (`x-migrations`) does not fit.
   *
   * @example "gene": { "type": "string", "default": "", "description": "…", "x-value-aliases": { "OLD": "NEW" } }
   */
  'x-value-aliases'?: Readonly<Record<string, string>>;
  /** Any other keyword is allowed but ignored by the engine. */
  [keyword: string]: unknown;
}

/** One day's answers: a JSON object whose shape is given by the day's {@link AnswersSchema}. */
export type Answers = Record<string, unknown>;

/**
 * One numbered migration of saved answers, declared in a day schema's root `x-migrations` list.
 *
 * @example { "id": 1, "description": "Day 1: geneQuestion was renamed geneQ1", "move": { "from": "geneQuestion", "to": "geneQ1" } }
 */
export interface AnswersMigration {
  /** Positive integer; strictly greater than the previous migration's id. */
  id: number;
  /** Why the answers moved, for authors and reviewers. */
  description: string;
  /** Move the value at the dotted path `from` (as saved by older pages) to `to` (a field of today's schema). */
  move: { from: string; to: string };
}
