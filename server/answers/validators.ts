/**
 * Server-side checking of a day's answers against `schemas/day-N.schema.json`, the same schema the
 * client renders from. Ajv's compiler runs here on the server, where the CSP does not apply (T3).
 *
 * Saves are lenient (issue 6, "no lost work"): a tab opened before a content change still sends
 * answers of yesterday's shape, and refusing them would lose the student's work for good. So only
 * wrong JSON types are refused; everything else is migrated (`x-migrations`) and normalised to
 * today's shape before it is stored.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { findMigrationProblems, migrateAnswers } from '../../engine/schema/migrate.ts';
import { isPlainObject, normalize } from '../../engine/schema/normalize.ts';
import type { AnswersSchema } from '../../engine/schema/types.ts';
import type { Answers } from '../db/schema.ts';
import { describeValidationError } from '../errors.ts';

/**
 * The workbook's days (spec section 1, "The week at a glance": Day 1 to Day 5). A day past these with a
 * `day-N.schema.json` in SCHEMAS_DIR is a day too: adding one needs no server change
 * ({@link AnswersValidator.lastDay}).
 */
export const FIRST_DAY = 1;
export const LAST_DAY = 5;

/**
 * Property names refused anywhere in answers: `__proto__` and `constructor` reach `Object.prototype`
 * in code that copies answers key by key, `prototype` a constructor's. Fastify's JSON parser
 * (secure-json-parse) already refuses `__proto__` and `constructor.prototype` as malformed JSON.
 */
export const RESERVED_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/** What {@link AnswersValidator.prepare} makes of received answers: what to store, or why not. */
export type PreparedAnswers = { answers: Answers; problem: null } | { answers: null; problem: string };

/** Checks a day's answers and turns them into what is stored and what is answered. */
export interface AnswersValidator {
  /**
   * Checks the JSON types only (see {@link lenientSchema}); no migration.
   *
   * @param day - 1..5
   * @param answers - the answers object as received
   * @returns null when every value has the right type, else the first problem naming its path, e.g.
   *   `answers/fillBlanks/3 must be string (and 1 more problem)`
   */
  check(day: number, answers: Answers): string | null;
  /**
   * What a save stores (issue 6, "Revisions"; spec section 7): refuses reserved keys
   * ({@link RESERVED_KEYS}), applies the day's migrations, checks the types, then normalises to
   * today's shape, keeping unknown keys. A day without a schema stores any object as sent.
   *
   * @returns `{ answers }` to store, or `{ problem }` naming the first bad path (answer 400 `invalid_answers`)
   */
  prepare(day: number, answers: Answers): PreparedAnswers;
  /**
   * Stored answers in today's shape: migrated and normalised, for the GET and 409 responses. A day
   * without a schema answers them as stored.
   */
  restore(day: number, stored: Answers): Answers;
  /** The days that have a schema file; the others accept any JSON object. */
  readonly daysWithSchema: readonly number[];
  /** The highest day number answers may be saved for: {@link LAST_DAY}, or the highest day with a schema file. */
  readonly lastDay: number;
}

/** The file name of a day's answers schema inside SCHEMAS_DIR. */
export function schemaFileName(day: number): string {
  return `day-${day}.schema.json`;
}

/** Keywords that restrict values rather than types: a lenient schema drops them (`additionalProperties` only when false). */
const VALUE_KEYWORDS = new Set([
  'required',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minContains',
  'maxContains',
  'enum',
  'const',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minProperties',
  'maxProperties',
  'dependentRequired',
]);
/** Keywords whose value is one subschema. */
const SUBSCHEMA_KEYWORDS = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
]);
/** Keywords whose value is a list of subschemas. */
const SUBSCHEMA_LIST_KEYWORDS = new Set(['prefixItems', 'allOf', 'anyOf', 'oneOf']);
/** Keywords whose value maps names to subschemas. */
const SUBSCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions']);

/**
 * A copy of a schema that checks JSON types only (issue 6: old shapes accepted). Dropped at every
 * level: `required`, `minItems`, `maxItems`, `enum`, `const`, `minLength`, `maxLength`, `pattern`,
 * `additionalProperties: false` and `unevaluatedProperties: false`, and the other keywords that limit
 * values rather than types (`format`, `minimum`, `uniqueItems`…). `default`, `description` and
 * `x-migrations` are copied untouched. Pure: `schema` is not changed.
 *
 * @param schema - a JSON Schema 2020-12 (any node)
 * @returns a new schema accepting every value of the right types, missing fields and extra keys included
 * @example lenientSchema({ type: 'array', minItems: 13, items: { type: 'string', enum: ['a'] } }) // { type: 'array', items: { type: 'string' } }
 */
export function lenientSchema<T>(schema: T): T {
  if (!isPlainObject(schema)) return schema;
  const result: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (VALUE_KEYWORDS.has(keyword)) continue;
    if ((keyword === 'additionalProperties' || keyword === 'unevaluatedProperties') && value === false) continue;
    if (SUBSCHEMA_KEYWORDS.has(keyword)) result[keyword] = lenientSchema(value);
    else if (SUBSCHEMA_LIST_KEYWORDS.has(keyword) && Array.isArray(value)) result[keyword] = value.map((item: unknown) => lenientSchema(item));
    else if (SUBSCHEMA_MAP_KEYWORDS.has(keyword) && isPlainObject(value)) {
      result[keyword] = Object.fromEntries(Object.entries(value).map(([name, subschema]) => [name, lenientSchema(subschema)]));
    } else result[keyword] = value;
  }
  return result as T;
}

/**
 * The path of the first reserved property name ({@link RESERVED_KEYS}) in a JSON value, or null.
 *
 * @param value - parsed JSON
 * @param root - how paths start, e.g. `answers`
 * @returns e.g. `answers/wrap/constructor`
 */
export function findReservedKey(value: unknown, root = 'answers'): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: root }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (Array.isArray(item.value)) {
      for (let index = item.value.length - 1; index >= 0; index -= 1) stack.push({ value: item.value[index], path: `${item.path}/${index}` });
    } else if (isPlainObject(item.value)) {
      const keys = Object.keys(item.value);
      for (const key of keys) if (RESERVED_KEYS.includes(key)) return `${item.path}/${key}`;
      for (let index = keys.length - 1; index >= 0; index -= 1) stack.push({ value: item.value[keys[index]!], path: `${item.path}/${keys[index]}` });
    }
  }
  return null;
}

/**
 * Reads and compiles every `day-N.schema.json` in `schemasDir` (Ajv 2020-12,
 * allErrors, not strict so `description`, `default` and `x-migrations` are fine), each made lenient
 * with {@link lenientSchema}. A day without a file accepts any object until its schema is written.
 *
 * @throws at start-up when a schema file is not valid JSON, not a valid schema, or has unsound
 *   `x-migrations` (`findMigrationProblems`), naming the file
 */
export function loadAnswersValidator(schemasDir: string): AnswersValidator {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const days = new Map<number, { schema: AnswersSchema; validate: ReturnType<typeof ajv.compile> }>();
  const dayNumbers = existsSync(schemasDir)
    ? readdirSync(schemasDir)
        .map((file) => /^day-([1-9]\d*)\.schema\.json$/.exec(file)?.[1])
        .filter((number): number is string => number !== undefined)
        .map(Number)
        .sort((a, b) => a - b)
    : [];
  for (const day of dayNumbers) {
    const path = join(schemasDir, schemaFileName(day));
    let schema: AnswersSchema;
    try {
      schema = JSON.parse(readFileSync(path, 'utf8')) as AnswersSchema;
    } catch (error) {
      throw new Error(`${path} is not valid JSON: ${(error as Error).message}`, { cause: error });
    }
    let validate: ReturnType<typeof ajv.compile>;
    try {
      validate = ajv.compile(lenientSchema(schema) as object);
    } catch (error) {
      throw new Error(`${path} is not a valid JSON Schema: ${(error as Error).message}`, { cause: error });
    }
    const migrationProblems = isPlainObject(schema) ? findMigrationProblems(schema) : [];
    if (migrationProblems.length > 0) throw new Error(`${path} has unsound x-migrations:\n${migrationProblems.join('\n')}`);
    days.set(day, { schema, validate });
  }

  const check = (day: number, answers: Answers): string | null => {
    const validate = days.get(day)?.validate;
    if (validate === undefined || validate(answers)) return null;
    const issues = validate.errors ?? [];
    const first = describeValidationError('answers', issues);
    return issues.length > 1 ? `${first} (and ${issues.length - 1} more ${issues.length === 2 ? 'problem' : 'problems'})` : first;
  };

  return {
    daysWithSchema: [...days.keys()],
    lastDay: Math.max(LAST_DAY, ...days.keys()),
    check,
    prepare(day, answers) {
      const reserved = findReservedKey(answers);
      if (reserved !== null) return { answers: null, problem: `${reserved}: the property names ${RESERVED_KEYS.join(', ')} are refused` };
      const entry = days.get(day);
      if (entry === undefined) return { answers, problem: null };
      const migrated = migrateAnswers(entry.schema, answers) as Answers;
      const problem = check(day, migrated);
      if (problem !== null) return { answers: null, problem };
      return { answers: normalize<Answers>(entry.schema, migrated), problem: null };
    },
    restore(day, stored) {
      const entry = days.get(day);
      return entry === undefined ? stored : normalize<Answers>(entry.schema, migrateAnswers(entry.schema, stored));
    },
  };
}
