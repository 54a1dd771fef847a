import type { Answers, AnswersSchema } from './types.ts';

/** True for a plain JSON object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when two JSON values are equal (same keys, same order of array items). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]));
  }
  return false;
}

/** Whether `value` is of the node's JSON Schema `type`; any value but undefined when it has none. */
function matchesType(schema: AnswersSchema, value: unknown): boolean {
  return typeCheck(schema.type)(value);
}

/** The check of each JSON Schema `type` a day's schema uses. */
const TYPE_CHECKS: Record<NonNullable<AnswersSchema['type']>, (value: unknown) => boolean> = {
  object: isPlainObject,
  array: Array.isArray,
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  integer: Number.isInteger,
  boolean: (value) => typeof value === 'boolean',
};

/** Any value but undefined: the check of a node without a `type`. */
const isDefined = (value: unknown): boolean => value !== undefined;

/** The check of a node's `type` ({@link TYPE_CHECKS}), chosen once per node by {@link compileShapeCheck}. */
function typeCheck(type: AnswersSchema['type']): (value: unknown) => boolean {
  return type === undefined ? isDefined : TYPE_CHECKS[type];
}

/** A deep copy of a JSON value; strings, numbers, booleans and null are returned as they are (no copy needed). */
function clone<T>(value: T): T {
  return value === null || typeof value !== 'object' ? value : (structuredClone(value) as T);
}

/**
 * The default value of a schema node, complete all the way down.
 *
 * An object's default is built from its properties' defaults (over its own `default`, if any); an
 * array's default is its `default`, each item normalised, then padded or trimmed to its length rules.
 *
 * @param schema - any node of an {@link AnswersSchema}
 * @returns a fresh value (never shared with the schema, so callers may mutate it)
 */
export function defaultsOf(schema: AnswersSchema): unknown {
  return normalize(schema, undefined);
}

/**
 * Repairs saved answers to the shape of today's schema, losing nothing that still fits.
 *
 * Rules (saved answers are merged over the defaults: docs/requirements.md#loading-a-day):
 * - objects: every declared property is normalised in turn; undeclared saved keys are kept as they
 *   are, so a renamed field never silently erases a student's work;
 * - a scalar of a harmless other type is converted first ({@link coerceScalar}: `"3"` for an integer,
 *   `3` for a string; `""` or `null` for a number is unanswered);
 * - a saved value that is missing, of the wrong type, or outside `enum`/`const` becomes the default;
 * - a saved string equal to a key of the node's `x-value-aliases` becomes that key's value, then is
 *   checked as above;
 * - fixed-length arrays (`minItems` = `maxItems`) are trimmed or padded; other arrays are padded to
 *   `minItems` and trimmed to `maxItems`. Padding takes the array's own `default` item at the same
 *   place when there is one (an older save with fewer table rows gets today's missing rows back),
 *   else `items`' default;
 * - array items are normalised with `items`.
 *
 * Pure: neither argument is changed, and the result shares no objects with them.
 *
 * @param schema - the day's answers schema, or any node of it
 * @param saved - whatever was stored or received: any JSON value, or undefined when nothing was saved
 * @returns the complete answers, valid for `schema`
 * @example normalize(schema, { blanks: ["DNA"] }).blanks.length // the declared length, e.g. 13
 */
export function normalize<T = Answers>(schema: AnswersSchema, saved: unknown): T {
  return normalizeNode(schema, saved) as T;
}

function normalizeNode(schema: AnswersSchema, savedValue: unknown): unknown {
  const saved = coerceScalar(schema, applyValueAliases(schema, savedValue));
  const fits =
    saved !== undefined &&
    matchesType(schema, saved) &&
    (schema.enum === undefined || schema.enum.includes(saved)) &&
    (schema.const === undefined || schema.const === saved);

  if (schema.type === 'object' || schema.properties) {
    const base = fits && isPlainObject(saved) ? saved : isPlainObject(schema.default) ? schema.default : {};
    const properties = schema.properties ?? {};
    // Built key by key in the base's order: a declared key is normalised (which copies it), an undeclared
    // one deep-copied; nothing is copied twice: this runs on every load and save.
    const result: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(base)) {
      const propertySchema = Object.hasOwn(properties, key) ? properties[key] : undefined;
      const normalized = propertySchema ? normalizeNode(propertySchema, value) : clone(value);
      // A saved "__proto__" key stays an own property, as structuredClone would keep it, never the prototype.
      if (key === '__proto__') Object.defineProperty(result, key, { value: normalized, enumerable: true, writable: true, configurable: true });
      else result[key] = normalized;
    }
    for (const [key, propertySchema] of Object.entries(properties)) {
      if (!Object.hasOwn(result, key)) result[key] = normalizeNode(propertySchema, undefined);
    }
    return result;
  }

  if (schema.type === 'array') {
    const source = fits ? (saved as unknown[]) : Array.isArray(schema.default) ? schema.default : [];
    const itemSchema = schema.items;
    let items = source.map((item) => (itemSchema ? normalizeNode(itemSchema, item) : clone(item)));
    if (schema.maxItems !== undefined && items.length > schema.maxItems) items = items.slice(0, schema.maxItems);
    const minimum = schema.minItems ?? 0;
    const defaults = Array.isArray(schema.default) ? schema.default : [];
    while (items.length < minimum) {
      const fallback: unknown = defaults[items.length];
      items.push(itemSchema ? normalizeNode(itemSchema, fallback) : (clone(fallback) ?? null));
    }
    return items;
  }

  if (fits) return clone(saved);
  if (schema.default !== undefined) return clone(schema.default);
  return emptyOf(schema);
}

/**
 * Whether answers are already in the shape {@link normalize} gives them: when this is true,
 * `normalize(schema, saved)` equals `saved` (same keys in the same order, same items, same scalars),
 * so a caller holding its own copy of `saved` may use it as it is instead of normalising a copy. It
 * follows `normalize`'s rules node by node without building anything: every declared property present
 * and fitting, every array within its item counts, no value that an alias, a harmless type conversion
 * or the default would replace. Undeclared keys are kept by `normalize` as they are, so they never make
 * it false.
 *
 * False does not mean the answers are wrong, only that `normalize` changes something (it also says
 * false in a few cases where the change would give an equal value, such as a default equal to the
 * value it replaces): call `normalize` then. The server calls this on every save and load of answers
 * in today's shape (docs/decisions/002-one-schema-for-client-and-server.md).
 *
 * @param schema - the day's answers schema, or any node of it
 * @param saved - any JSON value, or undefined
 * @returns true only when `normalize(schema, saved)` would equal `saved`, key order included
 * @example isNormalized(schema, normalize(schema, anything)) // true
 */
export function isNormalized(schema: AnswersSchema, saved: unknown): boolean {
  return shapeCheckOf(schema)(saved);
}

/** {@link isNormalized} for one schema node, with the node's keywords read once. */
type ShapeCheck = (saved: unknown) => boolean;

/**
 * Each schema node's {@link ShapeCheck}, made on its first use. A schema is read once and never
 * changed (a day's is loaded at start-up), so its checks are kept as long as it is: the server checks
 * the shape of every save and load, and reading a dozen keywords of every node each time, from schema
 * objects of many shapes, was most of the cost (`npm run bench:api` profiles, docs/scaling.md).
 */
const shapeChecks = new WeakMap<AnswersSchema, ShapeCheck>();

function shapeCheckOf(schema: AnswersSchema): ShapeCheck {
  let check = shapeChecks.get(schema);
  if (check === undefined) {
    check = compileShapeCheck(schema);
    shapeChecks.set(schema, check);
  }
  return check;
}

/**
 * The check of one node, following {@link normalizeNode} step by step. Its first step (aliases, then
 * {@link coerceScalar}) changes a value only when it is a string an alias replaces, or a scalar of
 * another type than the node's; the second case also fails the type check, so only the alias is
 * looked at here.
 */
function compileShapeCheck(schema: AnswersSchema): ShapeCheck {
  const allowed = schema.enum;
  const constant = schema.const;
  const aliases = isPlainObject(schema['x-value-aliases']) ? schema['x-value-aliases'] : undefined;
  const fitsType = typeCheck(schema.type);
  /** The checks every node makes: defined, no alias replacing it, of its type, inside `enum` and `const`. */
  const fits = (saved: unknown): boolean =>
    saved !== undefined &&
    (aliases === undefined || typeof saved !== 'string' || applyValueAliases(schema, saved) === saved) &&
    fitsType(saved) &&
    (allowed === undefined || allowed.includes(saved)) &&
    (constant === undefined || constant === saved);

  if (schema.type === 'object' || schema.properties) {
    const properties = schema.properties;
    // Declared keys are normalised where they stand; a missing one would be appended.
    const keys = properties === undefined ? [] : Object.keys(properties);
    const checks = keys.map((key) => shapeCheckOf(properties![key]!));
    return (saved) => {
      if (!fits(saved) || !isPlainObject(saved)) return false;
      for (let index = 0; index < keys.length; index += 1) {
        const key = keys[index]!;
        if (!Object.hasOwn(saved, key) || !checks[index]!(saved[key])) return false;
      }
      return true;
    };
  }

  if (schema.type === 'array') {
    const maximum = schema.maxItems;
    const minimum = schema.minItems ?? 0;
    const itemCheck = schema.items === undefined ? undefined : shapeCheckOf(schema.items);
    return (saved) => {
      if (!fits(saved)) return false;
      const items = saved as unknown[];
      if ((maximum !== undefined && items.length > maximum) || items.length < minimum) return false;
      if (itemCheck !== undefined) for (const item of items) if (!itemCheck(item)) return false;
      return true;
    };
  }

  return fits;
}


/** `saved` after the node's `x-value-aliases`: a string equal to a key (exactly) becomes its value. */
function applyValueAliases(schema: AnswersSchema, saved: unknown): unknown {
  const aliases = schema['x-value-aliases'];
  if (typeof saved !== 'string' || !isPlainObject(aliases) || !Object.hasOwn(aliases, saved)) return saved;
  const replacement = aliases[saved];
  return typeof replacement === 'string' ? replacement : saved;
}

function emptyOf(schema: AnswersSchema): unknown {
  switch (schema.type) {
    case 'string':
      return '';
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

/** A number written as text: optional sign, digits, optional fraction and exponent (JSON's grammar, spaces around allowed). */
const NUMBER_TEXT = /^\s*-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?\s*$/;

/**
 * One scalar answer in the type its schema node declares, when the difference is harmless
 * (docs/decisions/006-clients-built-from-the-api-contract.md, "Harmless other types"). Any client
 * built from the API contract sends answers as free text, `""` for anything unanswered, so:
 * - a `string` node takes a number or a boolean as its JSON text (`3` → `"3"`, `true` → `"true"`);
 * - a `number` or `integer` node takes a number written as text (`"3"`, `" 2.5 "` for `number`);
 * - `""` (or spaces) and `null` for a `number` or `integer` node, and `null` for a `string` node,
 *   mean "unanswered": the result is `undefined`, so {@link normalize} puts the default in.
 *
 * Anything else is returned as it is, for the type check to refuse (`"many"` for an integer) or
 * normalisation to replace. Objects, arrays and nodes of other types are never changed.
 *
 * @param schema - a scalar node of a day's answers schema (any node is accepted)
 * @param value - the value received or stored at that node
 * @returns the value to check and store
 * @example coerceScalar({ type: 'integer', default: 0 }, '3') // 3
 * @example coerceScalar({ type: 'integer', default: 0 }, '') // undefined: the default, 0
 */
export function coerceScalar(schema: AnswersSchema, value: unknown): unknown {
  switch (schema.type) {
    case 'string':
      if (value === null) return undefined;
      return typeof value === 'number' || typeof value === 'boolean' ? JSON.stringify(value) : value;
    case 'number':
    case 'integer': {
      if (value === null) return undefined;
      if (typeof value !== 'string') return value;
      if (value.trim() === '') return undefined;
      if (!NUMBER_TEXT.test(value)) return value;
      const number = Number(value);
      return schema.type === 'integer' && !Number.isInteger(number) ? value : number;
    }
    default:
      return value;
  }
}

/**
 * A whole answers value with {@link coerceScalar} applied at every scalar node the schema declares;
 * undeclared keys, and values whose container type does not match the schema, are kept as they are.
 * The server runs it before checking types, so a save differing only in harmless types is stored
 * (normalised) instead of refused. A field coerced to "unanswered" is left out, for its default.
 *
 * Pure: the input is not changed; unchanged parts may be shared with it.
 *
 * @param schema - the day's answers schema, or any node of it
 * @param value - answers as received (after migrations)
 */
export function coerceAnswers(schema: AnswersSchema, value: unknown): unknown {
  if (Array.isArray(value)) {
    const itemSchema = schema.items;
    if (itemSchema === undefined || schema.type !== 'array') return value;
    // An unanswered item keeps its place in the list, with the item's default.
    return value.map((item) => coerceAnswers(itemSchema, item) ?? normalizeNode(itemSchema, undefined));
  }
  if (isPlainObject(value)) {
    const properties = schema.properties;
    if (properties === undefined) return value;
    const result: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      const coerced = Object.hasOwn(properties, key) ? coerceAnswers(properties[key]!, child) : child;
      if (coerced === undefined) continue;
      if (key === '__proto__') Object.defineProperty(result, key, { value: coerced, enumerable: true, writable: true, configurable: true });
      else result[key] = coerced;
    }
    return result;
  }
  return coerceScalar(schema, value);
}

/**
 * The schema node at a dotted answers path, as widgets name their fields (`blanks.0`,
 * `plan.step2.3`, `order`). Numeric segments step into `items`.
 *
 * @returns the node, or `undefined` when the schema has no such field (the caller reports it)
 */
export function schemaAt(schema: AnswersSchema, path: string): AnswersSchema | undefined {
  let node: AnswersSchema | undefined = schema;
  for (const segment of path.split('.')) {
    if (!node) return undefined;
    if (node.type === 'array') {
      const index = Number(segment);
      if (!Number.isInteger(index) || index < 0) return undefined;
      if (node.maxItems !== undefined && index >= node.maxItems) return undefined;
      node = node.items;
    } else {
      node = node.properties?.[segment];
    }
  }
  return node;
}
