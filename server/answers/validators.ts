/**
 * Server-side checking of a day's answers against `schemas/day-N.schema.json`, the same schema the client
 * renders from. Ajv's compiler (which needs `new Function`) runs here on the server, where the CSP does
 * not apply.
 *
 * Saves are lenient, so no work is lost (docs/decisions/005-revisions-and-drafts.md): a tab opened before
 * a content change still sends answers of yesterday's shape, and a client built by others from the API
 * contract sends every answer as text; refusing either would lose the student's work for good. So scalars
 * of a harmless other type are converted (`coerceAnswers`: `"3"` or `""` for a number, `3` for a text),
 * only wrong JSON types that remain are refused, and everything is migrated (`x-migrations`) and
 * normalised to today's shape before it is stored
 * (docs/decisions/006-clients-built-from-the-api-contract.md).
 *
 * Saves are also bounded (docs/security.md#server-limits), with limits no student reaches by typing:
 * strings by the schema's `maxLength` (the text widgets honour it too), nesting by
 * {@link MAX_ANSWERS_DEPTH}, the keys kept for older shapes by {@link MAX_UNKNOWN_KEYS} and
 * {@link MAX_UNKNOWN_BYTES}, and a day's stored answers by {@link MAX_DAY_ANSWERS_BYTES}.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {
  answerFields,
  coerceAnswers,
  countAnswered,
  findMigrationProblems,
  isNormalized,
  isPlainObject,
  migrateAnswers,
  normalize,
  type AnswerField,
  type Answers,
  type AnswersSchema,
} from '../../engine/schema/index.ts';
import { describeValidationError } from '../errors.ts';

/**
 * The first day number of the week. Which days exist is not written in code: a day is its
 * `day-N.schema.json` in SCHEMAS_DIR (with its lesson; docs/authoring.md), so adding one needs no server
 * change ({@link AnswersValidator.lastDay}).
 */
export const FIRST_DAY = 1;

/**
 * Property names refused anywhere in answers: `__proto__` and `constructor` reach `Object.prototype`
 * in code that copies answers key by key, `prototype` a constructor's. Fastify's JSON parser
 * (secure-json-parse) already refuses `__proto__` and `constructor.prototype` as malformed JSON.
 */
export const RESERVED_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/**
 * Largest day's answers stored, in bytes of UTF-8 JSON: 128 KB (docs/security.md#server-limits). A
 * thorough student's day is under 15 KB; reaching this takes about 130,000 typed characters in one day's
 * fields. Without it, one account filled 1.27 MB with junk over five days.
 */
export const MAX_DAY_ANSWERS_BYTES = 128 * 1024;
/**
 * Deepest nesting of objects and arrays inside a day's answers (the answers object itself is level
 * 0). Today's deepest field, Day 2's `cellCycle.mitosisSketch.prophase.drawing`, sits in 4; the rest
 * is room for older shapes.
 */
export const MAX_ANSWERS_DEPTH = 8;
/**
 * Most properties a save may hold that the day's schema does not declare (counted at every level; a
 * whole undeclared object counts once). They are kept for older lesson shapes, not for storage.
 */
export const MAX_UNKNOWN_KEYS = 20;
/** Most bytes (UTF-8 JSON of names and values) the undeclared properties of a save may hold together: 16 KB. */
export const MAX_UNKNOWN_BYTES = 16 * 1024;

/** What {@link AnswersValidator.prepare} makes of received answers: what to store and how many fields it fills in (null: the day has no schema), or why not. */
export type PreparedAnswers = { answers: Answers; answered: number | null; problem: null } | { answers: null; answered: null; problem: string };

/** Checks a day's answers and turns them into what is stored and what is answered. */
export interface AnswersValidator {
  /**
   * Checks the JSON types only (see {@link lenientSchema}), after converting scalars of a harmless
   * other type (`coerceAnswers` in engine/schema/normalize.ts: `"3"` or `""` for a number, `3` for a
   * text); no migration.
   *
   * @param day - a day number, 1 to {@link AnswersValidator.lastDay}
   * @param answers - the answers object as received
   * @returns null when every value has the right type, else the first problem naming its path, e.g.
   *   `answers/fillBlanks/3 must be string (and 1 more problem)`
   */
  check(day: number, answers: Answers): string | null;
  /**
   * What a save stores (docs/decisions/005-revisions-and-drafts.md, "Old shapes are accepted"): refuses
   * reserved keys ({@link RESERVED_KEYS}) and nesting past {@link MAX_ANSWERS_DEPTH}, applies the day's
   * migrations, checks the types and string lengths (`maxLength`), refuses more undeclared keys than
   * {@link MAX_UNKNOWN_KEYS} / {@link MAX_UNKNOWN_BYTES}, then normalises to today's shape, keeping
   * unknown keys, and refuses a result over {@link MAX_DAY_ANSWERS_BYTES}. A day without a schema stores
   * any object as sent, within the depth and size limits.
   *
   * @returns `{ answers }` to store, or `{ problem }` naming the first bad path (answer 400 `invalid_answers`)
   */
  prepare(day: number, answers: Answers): PreparedAnswers;
  /**
   * Stored answers in today's shape (`repairAnswers`: migrated, then normalised), for the GET and 409
   * responses: a row saved before a content change. A day without a schema answers them as stored.
   * Answers already in today's shape (`isNormalized`) come back as they are, not copied: the result may
   * be `stored` itself, so do not change either.
   */
  repair(day: number, stored: Answers): Answers;
  /**
   * {@link AnswersValidator.repair} for answers as the database returns them, as JSON text: the text
   * itself when the answers it holds are in today's shape (nearly every row: any save since the last
   * content change), so a load answers the stored text without serialising it again; else the
   * repaired answers' JSON text. A day without a schema answers the text as stored.
   *
   * @param day - a day number, 1 to {@link AnswersValidator.lastDay}
   * @param storedJson - the stored answers' JSON text, e.g. `{"geneQ1": "DNA"}`
   * @returns JSON text of the answers in today's shape
   * @throws SyntaxError when `storedJson` is not JSON (the database's jsonb always is)
   */
  repairJson(day: number, storedJson: string): string;
  /**
   * A day's answer fields (`answerFields`, engine/schema/fields.ts), computed once; empty for a day
   * without a schema.
   */
  fields(day: number): readonly AnswerField[];
  /** A day's schema as loaded from SCHEMAS_DIR, or undefined when it has none. */
  schema(day: number): AnswersSchema | undefined;
  /** The days that have a schema file; the others accept any JSON object. */
  readonly daysWithSchema: readonly number[];
  /** The highest day number answers may be saved for: the highest day with a schema file (0 when there is none). */
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
 * A copy of a schema that checks JSON types only, so old shapes are accepted, and the length of strings
 * (`maxLength` is kept: a bound on size rather than a rule of shape). Dropped at
 * every level: `required`, `minItems`, `maxItems`, `enum`, `const`, `minLength`, `pattern`,
 * `additionalProperties: false` and `unevaluatedProperties: false`, and the other keywords that limit
 * values rather than types (`format`, `minimum`, `uniqueItems`…). `default`, `description` and
 * `x-migrations` are copied untouched. Pure: `schema` is not changed.
 *
 * @param schema - a JSON Schema 2020-12 (any node)
 * @returns a new schema accepting every value of the right types and length, missing fields and extra keys included
 * @example lenientSchema({ type: 'array', minItems: 13, items: { type: 'string', enum: ['a'], maxLength: 9 } }) // { type: 'array', items: { type: 'string', maxLength: 9 } }
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
 * The answers {@link AnswersValidator.prepare} accepted last and their JSON text, from measuring their
 * size, for {@link answersJson}; one pair, handed over once. (A WeakMap of every save's text kept
 * about 30 MB more resident under bench:api's saves: its entries outlived their requests until a full
 * garbage collection.)
 */
let lastMeasured: { answers: Answers; json: string } | null = null;

/**
 * The JSON text of answers to store: the text `prepare` made when it measured them, if these are the
 * answers it accepted last (a save's answers are serialised once, not once to measure and again for
 * the database: the route stores them right after `prepare`, before anything else runs), else
 * `JSON.stringify(answers)`. `prepare`'s result must not have been changed since.
 *
 * @param answers - answers as {@link AnswersValidator.prepare} returned them, or any answers object
 * @returns their JSON text, as `JSON.stringify` writes it
 */
export function answersJson(answers: Answers): string {
  const measured = lastMeasured;
  lastMeasured = null;
  return measured !== null && measured.answers === answers ? measured.json : JSON.stringify(answers);
}

/** UTF-8 bytes of a JSON value's serialisation. */
function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
}

/**
 * The first place in a JSON value nested deeper than `maxDepth` containers, or null. Walks without
 * recursion, so any depth is safe.
 *
 * @param root - how paths start, e.g. `answers`
 * @returns e.g. `answers/a/b/c/d/e/f/g/h/i is nested more than 8 levels deep`
 */
export function findTooDeep(value: unknown, maxDepth = MAX_ANSWERS_DEPTH, root = 'answers'): string | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth > maxDepth) return `${item.path} is nested more than ${maxDepth} levels deep`;
    for (const [key, child] of Object.entries(item.value)) stack.push({ value: child, path: `${item.path}/${key}`, depth: item.depth + 1 });
  }
  return null;
}

/** The properties of a save that the day's schema does not declare, found by {@link findUnknownKeys}. */
export interface UnknownKeys {
  /** Their paths, in document order, e.g. `answers/oldQuestion`. */
  paths: string[];
  /** UTF-8 bytes of their names and values as JSON. */
  bytes: number;
}

/**
 * Lists the properties of `answers` that `schema` does not declare, at every level: a key of an
 * object whose schema node has `properties` but not that one (a node whose `additionalProperties` is
 * a schema declares every key). An undeclared value counts once, whatever it holds. Values of the
 * wrong type are the type check's business and are not walked.
 *
 * @param schema - the day's schema (its `properties` and `items`)
 * @param answers - the migrated answers as received
 */
export function findUnknownKeys(schema: AnswersSchema, answers: unknown, root = 'answers'): UnknownKeys {
  const found: UnknownKeys = { paths: [], bytes: 0 };
  const walk = (node: AnswersSchema | undefined, value: unknown, path: string): void => {
    if (node === undefined) return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(node.items, item, `${path}/${index}`));
      return;
    }
    if (!isPlainObject(value) || node.properties === undefined) return;
    const extra = isPlainObject(node.additionalProperties) ? (node.additionalProperties as AnswersSchema) : undefined;
    for (const [key, child] of Object.entries(value)) {
      const declared = Object.hasOwn(node.properties, key) ? node.properties[key] : extra;
      if (declared !== undefined) walk(declared, child, `${path}/${key}`);
      else {
        found.paths.push(`${path}/${key}`);
        found.bytes += jsonBytes(key) + jsonBytes(child);
      }
    }
  };
  walk(schema, answers, root);
  return found;
}

/**
 * One walk over answers as received that says whether they hold a reserved key ({@link RESERVED_KEYS})
 * or nest deeper than {@link MAX_ANSWERS_DEPTH}, and, with a schema, how many undeclared properties
 * they have: what {@link findReservedKey}, {@link findTooDeep} and {@link findUnknownKeys} find,
 * without building a path or a list. Those three name the place once this says something is wrong
 * (a save holding any of them is refused or rare), so the problems reported do not change.
 *
 * Recursive but bounded: it does not go below {@link MAX_ANSWERS_DEPTH} + 1 levels.
 *
 * @param schema - the day's schema, or undefined to skip counting undeclared keys
 * @param answers - the answers as received (for the count: as migrated)
 * @returns `clean`: false when a reserved key or nesting past the limit was found (the count is then
 *   incomplete); `unknownKeys`: the number of undeclared properties, as `findUnknownKeys(…).paths.length`
 */
export function scanAnswers(schema: AnswersSchema | undefined, answers: unknown): { clean: boolean; unknownKeys: number } {
  let unknownKeys = 0;
  // `node` is the schema node findUnknownKeys would be at, or undefined where it does not walk.
  const visit = (node: AnswersSchema | undefined, value: unknown, depth: number): boolean => {
    if (typeof value !== 'object' || value === null) return true;
    if (depth > MAX_ANSWERS_DEPTH) return false;
    if (Array.isArray(value)) {
      const itemNode = node?.items;
      for (const item of value) if (!visit(itemNode, item, depth + 1)) return false;
      return true;
    }
    const properties = isPlainObject(value) ? node?.properties : undefined;
    const extra = properties !== undefined && isPlainObject(node!.additionalProperties) ? (node!.additionalProperties as AnswersSchema) : undefined;
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (RESERVED_KEYS.includes(key)) return false;
      let childNode: AnswersSchema | undefined;
      if (properties !== undefined) {
        childNode = Object.hasOwn(properties, key) ? properties[key] : extra;
        if (childNode === undefined) unknownKeys += 1;
      }
      if (!visit(childNode, record[key], depth + 1)) return false;
    }
    return true;
  };
  const clean = visit(schema, answers, 0);
  return { clean, unknownKeys };
}

/** The problem with the keys kept for older shapes, or null when they are within {@link MAX_UNKNOWN_KEYS} and {@link MAX_UNKNOWN_BYTES}. */
function unknownKeysProblem({ paths, bytes }: UnknownKeys): string | null {
  if (paths.length > MAX_UNKNOWN_KEYS) {
    return `answers hold ${paths.length} properties the day's schema does not declare (at most ${MAX_UNKNOWN_KEYS} are kept for older lesson shapes), e.g. ${paths[0]}`;
  }
  if (bytes > MAX_UNKNOWN_BYTES) {
    return `the properties the day's schema does not declare (${paths[0]}…) hold ${bytes} bytes (at most ${MAX_UNKNOWN_BYTES} are kept for older lesson shapes)`;
  }
  return null;
}

/**
 * A day's lenient schema ({@link lenientSchema}) compiled twice. `full` is the check: `maxLength` in
 * characters (code points, Ajv's default) and every problem listed. `quick` measures strings in UTF-16
 * code units (`string.length`, Ajv's `unicode: false`) and stops at the first problem: a string within
 * its limit in code units is within it in characters, so whatever `quick` accepts `full` accepts too,
 * and only what `quick` refuses is checked again by `full`. Counting the characters of every string
 * was nearly all of Ajv's cost on a save: 4.65 us against 0.08 us for Day 1's answers with every field
 * filled (bench/lib/answers.ts). Sound only while the lenient schema has no `minLength`, which it drops.
 */
interface LenientCheck {
  quick: ValidateFunction;
  full: ValidateFunction;
}

/** Runs a day's lenient schema: null when `value` passes, else its first problem and how many more. */
function describeProblems(check: LenientCheck, value: unknown): string | null {
  if (check.quick(value) || check.full(value)) return null;
  const issues = check.full.errors ?? [];
  const first = describeValidationError('answers', issues);
  return issues.length > 1 ? `${first} (and ${issues.length - 1} more ${issues.length === 2 ? 'problem' : 'problems'})` : first;
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
  // `unicode` is deprecated in Ajv 8 (it warns once through the logger, silenced here: `ajv` above
  // reports anything about the same schemas); were it removed, `quick` would count characters too,
  // slower but as sound (LenientCheck).
  const quickAjv = new Ajv2020({ strict: false, unicode: false, logger: false });
  addFormats(quickAjv);
  const days = new Map<number, { schema: AnswersSchema; validate: LenientCheck; fields: readonly AnswerField[] }>();
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
    let validate: LenientCheck;
    try {
      const lenient = lenientSchema(schema) as object;
      validate = { full: ajv.compile(lenient), quick: quickAjv.compile(lenient) };
    } catch (error) {
      throw new Error(`${path} is not a valid JSON Schema: ${(error as Error).message}`, { cause: error });
    }
    const migrationProblems = isPlainObject(schema) ? findMigrationProblems(schema) : [];
    if (migrationProblems.length > 0) throw new Error(`${path} has unsound x-migrations:\n${migrationProblems.join('\n')}`);
    days.set(day, { schema, validate, fields: answerFields(schema) });
  }

  const check = (day: number, answers: Answers): string | null => {
    const entry = days.get(day);
    // Harmless other types (a number's text, "" for an unanswered number) pass: normalize converts them.
    return entry === undefined ? null : describeProblems(entry.validate, coerceAnswers(entry.schema, answers));
  };

  const repair = (day: number, stored: Answers): Answers => {
    const entry = days.get(day);
    if (entry === undefined) return stored;
    // A row saved since the last content change is in today's shape already: no copy (isNormalized).
    const migrated = migrateAnswers(entry.schema, stored);
    return isNormalized(entry.schema, migrated) ? (migrated as Answers) : normalize<Answers>(entry.schema, migrated);
  };

  return {
    daysWithSchema: [...days.keys()],
    lastDay: Math.max(0, ...days.keys()),
    check,
    prepare(day, answers) {
      const entry = days.get(day);
      // One walk finds whether anything is wrong; the walks that name the place run only then.
      const scan = scanAnswers(entry?.schema, answers);
      if (!scan.clean) {
        const reserved = findReservedKey(answers);
        if (reserved !== null) return { answers: null, answered: null, problem: `${reserved}: the property names ${RESERVED_KEYS.join(', ')} are refused` };
        return { answers: null, answered: null, problem: findTooDeep(answers) ?? 'answers: unreadable' };
      }
      let stored = answers;
      if (entry !== undefined) {
        const migrated = migrateAnswers(entry.schema, answers) as Answers;
        // Answers already in today's shape (what the app sends) are checked and stored as they are:
        // coercing and normalising them would only copy them (isNormalized, engine/schema/normalize.ts).
        const inShape = isNormalized(entry.schema, migrated);
        const typeProblem = inShape ? describeProblems(entry.validate, migrated) : check(day, migrated);
        if (typeProblem !== null) return { answers: null, answered: null, problem: typeProblem };
        // The scan counted the undeclared keys of the answers as received; migrations may move some.
        const unknownKeys = migrated === answers ? scan.unknownKeys : scanAnswers(entry.schema, migrated).unknownKeys;
        const unknownProblem = unknownKeys === 0 ? null : unknownKeysProblem(findUnknownKeys(entry.schema, migrated));
        if (unknownProblem !== null) return { answers: null, answered: null, problem: unknownProblem };
        stored = inShape ? migrated : normalize<Answers>(entry.schema, migrated); // repairAnswers' second half: migrated above, checked since
      }
      const json = JSON.stringify(stored);
      const bytes = Buffer.byteLength(json, 'utf8');
      if (bytes > MAX_DAY_ANSWERS_BYTES) {
        return { answers: null, answered: null, problem: `the answers are ${bytes} bytes as JSON; at most ${MAX_DAY_ANSWERS_BYTES} are stored per day` };
      }
      lastMeasured = { answers: stored, json };
      return { answers: stored, answered: entry === undefined ? null : countAnswered(entry.fields, stored), problem: null };
    },
    fields: (day) => days.get(day)?.fields ?? [],
    schema: (day) => days.get(day)?.schema,
    repair,
    repairJson(day, storedJson) {
      const entry = days.get(day);
      if (entry === undefined) return storedJson;
      const stored = JSON.parse(storedJson) as Answers;
      const repaired = repair(day, stored);
      // Unchanged (neither migrated nor normalised): the stored text says the same.
      return repaired === stored ? storedJson : JSON.stringify(repaired);
    },
  };
}
