/**
 * Numbered migrations of saved answers, declared as data in a day schema (`x-migrations`, types.ts).
 * The server runs them on every save and load, the client on load, both before `normalize()`, so a
 * field renamed or moved in a content edit keeps what students wrote under its old name
 * (docs/decisions/005-revisions-and-drafts.md, "Old shapes are accepted").
 */
import { current, Immer, isDraft } from 'immer';
import { defaultsOf, isPlainObject, jsonEqual, schemaAt } from './normalize.ts';
import type { AnswersMigration, AnswersSchema } from './types.ts';

// Without autoFreeze: immer would otherwise deep-freeze the result, and with it every part the
// result shares with the caller's `saved`, which callers go on to use (react-hook-form, the server).
const immer = new Immer({ autoFreeze: false });

/** Marks a path that leads nowhere (distinct from a stored `null`). */
const MISSING = Symbol('missing');

const INDEX = /^(0|[1-9][0-9]*)$/;

type Container = Record<string, unknown> | unknown[];

function isContainer(value: unknown): value is Container {
  return Array.isArray(value) || isPlainObject(value);
}

/** A plain copy of a value read from a draft, safe to keep after its place is deleted. */
function plain(value: unknown): unknown {
  return isDraft(value) ? current(value) : value;
}

function childOf(container: unknown, segment: string): unknown {
  if (Array.isArray(container)) {
    if (!INDEX.test(segment)) return MISSING;
    const index = Number(segment);
    return index < container.length ? container[index] : MISSING;
  }
  if (isPlainObject(container)) return Object.hasOwn(container, segment) ? container[segment] : MISSING;
  return MISSING;
}

function valueAt(root: unknown, segments: readonly string[]): unknown {
  let node = root;
  for (const segment of segments) {
    node = childOf(node, segment);
    if (node === MISSING || node === undefined) return MISSING;
  }
  return node;
}

/** Writes `value` into `container[segment]`; an array is first padded with its items' defaults. */
function assign(container: Container, segment: string, value: unknown, schema: AnswersSchema, containerPath: string): boolean {
  if (!Array.isArray(container)) {
    container[segment] = value;
    return true;
  }
  if (!INDEX.test(segment)) return false;
  const index = Number(segment);
  while (container.length < index) {
    const itemSchema = schemaAt(schema, containerPath === '' ? String(container.length) : `${containerPath}.${container.length}`);
    container.push(itemSchema === undefined ? null : defaultsOf(itemSchema));
  }
  container[index] = value;
  return true;
}

/** Sets the value at a path, creating missing intermediate objects (or arrays, where the schema says so). */
function setAt(root: Container, segments: readonly string[], value: unknown, schema: AnswersSchema): boolean {
  let node: Container = root;
  for (let position = 0; position < segments.length - 1; position += 1) {
    const segment = segments[position]!;
    const nodePath = segments.slice(0, position).join('.');
    let child = childOf(node, segment);
    if (child === MISSING || child === undefined || child === null) {
      const childSchema = schemaAt(schema, segments.slice(0, position + 1).join('.'));
      const makeArray = childSchema === undefined ? INDEX.test(segments[position + 1]!) : childSchema.type === 'array';
      if (!assign(node, segment, makeArray ? [] : {}, schema, nodePath)) return false;
      child = childOf(node, segment);
    }
    // A string (or number…) where the path needs an object: writing would destroy it.
    if (!isContainer(child)) return false;
    node = child;
  }
  return assign(node, segments.at(-1)!, value, schema, segments.slice(0, -1).join('.'));
}

/** Removes the value at a path. An array item is blanked to null rather than spliced, so later items keep their indices. */
function removeAt(root: Container, segments: readonly string[]): void {
  const parent = valueAt(root, segments.slice(0, -1));
  const last = segments.at(-1)!;
  if (Array.isArray(parent)) parent[Number(last)] = null;
  else if (isPlainObject(parent)) delete parent[last];
}

function isWellFormed(migration: unknown): migration is AnswersMigration {
  if (!isPlainObject(migration) || !isPlainObject(migration.move)) return false;
  const { from, to } = migration.move;
  return typeof migration.id === 'number' && typeof from === 'string' && from !== '' && typeof to === 'string' && to !== '';
}

function applyMove(draft: Container, schema: AnswersSchema, from: string, to: string): void {
  if (from === to || from.startsWith(`${to}.`)) return;
  const fromSegments = from.split('.');
  const toSegments = to.split('.');
  const value = valueAt(draft, fromSegments);
  // null is what a moved-out array item leaves behind: nothing to move.
  if (value === MISSING || value === null) return;
  // Nesting a field under its own name (`inquiry` → `inquiry.think`): once `from` holds an object, the move has happened.
  if (to.startsWith(`${from}.`) && isContainer(value)) return;
  const target = valueAt(draft, toSegments);
  if (target !== MISSING) {
    // `to` may be overwritten only while it holds its default: never replace a student's work.
    const targetSchema = schemaAt(schema, to);
    if (targetSchema === undefined || !jsonEqual(plain(target), defaultsOf(targetSchema))) return;
  }
  const moved = plain(value);
  removeAt(draft, fromSegments);
  if (!setAt(draft, toSegments, moved, schema)) setAt(draft, fromSegments, moved, schema);
}

/**
 * Applies a day schema's `x-migrations` to saved answers, in `id` order, so no work is lost
 * (docs/decisions/005-revisions-and-drafts.md; docs/requirements.md#loading-a-day).
 *
 * A migration `{ id, description, move: { from, to } }` moves the value at the dotted path `from` to
 * the dotted path `to` when `from` holds a value (not null) and `to` is missing or still holds its
 * default (`defaultsOf(schemaAt(schema, to))`); it then deletes `from`. Missing intermediate objects
 * are created; numeric segments index arrays (an array is padded with its items' defaults, and an
 * array item moved out is left as null so later items keep their places). When `to` already holds
 * something else, such as the student's own text, nothing moves and `from` is kept.
 *
 * Idempotent: a moved value no longer sits at `from`, so applying the migrations again changes
 * nothing. That is why saved answers carry no migration version number.
 *
 * Pure: `saved` is never changed (immer `produce`); the result shares unchanged parts with it.
 *
 * @param schema - the day's answers schema; without `x-migrations`, `saved` is returned as is
 * @param saved - whatever was stored or received; anything but a plain object is returned as is
 * @returns the answers with every applicable move done, ready for `normalize(schema, …)`
 * @example
 * // schema: { "x-migrations": [{ "id": 1, "description": "…", "move": { "from": "geneQuestion", "to": "geneQ1" } }], … }
 * migrateAnswers(schema, { geneQuestion: 'my words' }) // { geneQ1: 'my words' }
 */
export function migrateAnswers(schema: AnswersSchema, saved: unknown): unknown {
  const migrations = schema['x-migrations'];
  if (!isPlainObject(saved) || !Array.isArray(migrations) || migrations.length === 0) return saved;
  const ordered = migrations.filter(isWellFormed).sort((left, right) => left.id - right.id);
  return immer.produce(saved, (draft) => {
    for (const { move } of ordered) applyMove(draft, schema, move.from, move.to);
  });
}

/**
 * Lists what is wrong with a schema's `x-migrations` (see {@link migrateAnswers}): not a list, an
 * entry without an integer `id`, ids that do not increase strictly, a missing `description`, a
 * `move` without `from` and `to`, or a `to` that is not a field of the schema (`schemaAt`).
 * Called by `findSchemaProblems` for the root of each day schema, and by the server at start-up.
 *
 * @param schema - a day's answers schema (its root)
 * @returns one sentence per problem, each starting `answers.x-migrations[index]`; empty when sound
 */
export function findMigrationProblems(schema: AnswersSchema): string[] {
  const migrations: unknown = schema['x-migrations'];
  if (migrations === undefined) return [];
  if (!Array.isArray(migrations)) return ['answers.x-migrations: must be a list of migrations'];
  const problems: string[] = [];
  let previousId: number | undefined;
  migrations.forEach((migration: unknown, index) => {
    const where = `answers.x-migrations[${index}]`;
    if (!isPlainObject(migration)) {
      problems.push(`${where}: must be an object with "id", "description" and "move"`);
      return;
    }
    const { id, description, move } = migration;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1) {
      problems.push(`${where}: "id" must be a positive integer, found ${JSON.stringify(id)}`);
    } else {
      if (previousId !== undefined && id <= previousId) problems.push(`${where}: id ${id} must be greater than the previous id ${previousId}`);
      previousId = id;
    }
    if (typeof description !== 'string' || description.trim() === '') problems.push(`${where}: has no "description"`);
    if (!isPlainObject(move) || typeof move.from !== 'string' || move.from === '' || typeof move.to !== 'string' || move.to === '') {
      problems.push(`${where}: "move" must be { "from": "old.dotted.path", "to": "new.dotted.path" }`);
      return;
    }
    if (schemaAt(schema, move.to) === undefined) problems.push(`${where}: "move.to" is "${move.to}", which is not a field of the schema`);
    if (move.from === move.to || move.from.startsWith(`${move.to}.`)) {
      problems.push(`${where}: "move.from" ("${move.from}") must not be "move.to" or lie inside it`);
    }
  });
  return problems;
}
