import { produce, type Draft } from 'immer';
import { isPlainObject, jsonEqual } from './normalize.ts';
import type { Answers, AnswersSchema } from './types.ts';

/** Which side wins a field that both sides changed since the base. */
export type MergePreference = 'local' | 'server';

/**
 * The schema keyword that makes a node merge as one value (docs/decisions/005-revisions-and-drafts.md).
 * Use it where fields only make sense together, such as the two lists of an ordering exercise: merging
 * them item by item could put one step in both lists.
 */
export const ATOMIC_MERGE_KEYWORD = 'x-merge';

type Path = readonly (string | number)[];

/** What one path's merge decided: write `value` there (undefined: delete the key). */
interface LocalWin {
  path: Path;
  value: unknown;
}

function childSchema(schema: AnswersSchema | undefined, key: string | number): AnswersSchema | undefined {
  if (!schema) return undefined;
  if (typeof key === 'number') return schema.items;
  return schema.properties?.[key];
}

/**
 * Collects the paths where the local value must replace the server's. A field unchanged locally since
 * the base takes the server's value; a field unchanged on the server keeps the local one; a field both
 * sides changed is merged deeper when both are objects, or arrays of one length, and otherwise goes to
 * `prefer`. A node marked `"x-merge": "atomic"` is never split.
 */
function collectLocalWins(schema: AnswersSchema | undefined, base: unknown, local: unknown, server: unknown, prefer: MergePreference, path: Path, wins: LocalWin[]) {
  if (jsonEqual(local, base) || jsonEqual(local, server)) return; // nothing of ours to keep, or nothing to decide
  if (jsonEqual(server, base)) {
    wins.push({ path, value: local });
    return;
  }
  const atomic = schema?.[ATOMIC_MERGE_KEYWORD] === 'atomic';
  if (!atomic && isPlainObject(local) && isPlainObject(server)) {
    const baseObject = isPlainObject(base) ? base : {};
    const keys = new Set([...Object.keys(local), ...Object.keys(server), ...Object.keys(baseObject)]);
    for (const key of keys) collectLocalWins(childSchema(schema, key), baseObject[key], local[key], server[key], prefer, [...path, key], wins);
    return;
  }
  if (!atomic && Array.isArray(local) && Array.isArray(server) && local.length === server.length) {
    const baseArray = Array.isArray(base) && base.length === local.length ? base : [];
    for (let index = 0; index < local.length; index += 1) {
      collectLocalWins(childSchema(schema, index), baseArray[index], local[index], server[index], prefer, [...path, index], wins);
    }
    return;
  }
  if (prefer === 'local') wins.push({ path, value: local });
}

function writeAt(root: Draft<Answers>, path: Path, value: unknown) {
  let node = root as Record<string | number, unknown>;
  for (const segment of path.slice(0, -1)) node = node[segment] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === undefined && !Array.isArray(node)) delete node[last];
  else node[last] = structuredClone(value);
}

/**
 * Three-way merge of a day's answers, field by field, rather than the last write winning
 * (docs/decisions/005-revisions-and-drafts.md).
 *
 * Starting from the server's answers, every field the student changed locally since `base` keeps the
 * local value; every other field takes the server's. When both sides changed the same field, objects and
 * equal-length arrays are merged deeper, and anything else (a text both tabs edited, two lists of
 * different lengths, a node marked `"x-merge": "atomic"`) goes to `prefer`.
 *
 * Pure: built with immer's `produce` over `server`, so no argument is changed.
 *
 * @param schema - the day's answers schema (only `properties`, `items` and `x-merge` are read)
 * @param base - the answers both sides started from: the last answers the server confirmed to this page,
 *   or the schema's defaults when the page could not load them
 * @param local - the answers on this page now
 * @param server - the answers the server holds now (from a 409 response or a fresh load)
 * @param prefer - who wins a field both changed: `local` (default) while the student is editing,
 *   `server` when restoring a draft older than the server's copy
 * @returns the merged answers
 * @example mergeAnswers(schema, { a: '', b: '' }, { a: 'tab 1', b: '' }, { a: '', b: 'tab 2' }) // { a: 'tab 1', b: 'tab 2' }
 */
export function mergeAnswers(schema: AnswersSchema, base: Answers, local: Answers, server: Answers, prefer: MergePreference = 'local'): Answers {
  const wins: LocalWin[] = [];
  collectLocalWins(schema, base, local, server, prefer, [], wins);
  if (wins.length === 0) return structuredClone(server);
  return produce(server, (draft) => {
    for (const { path, value } of wins) {
      if (path.length === 0) return structuredClone(local) as Draft<Answers>;
      writeAt(draft, path, value);
    }
    return undefined;
  });
}

/**
 * The leaf paths (dotted, as widgets name fields) where `next` differs from `current`, descending into
 * objects and equal-length arrays. Used to write a merge's result into the form field by field, so a
 * field the student is typing in is never rewritten.
 *
 * @returns `[path, value]` pairs; the empty path `''` when the roots differ in kind
 */
export function changedFields(current: unknown, next: unknown, prefix = ''): [string, unknown][] {
  if (jsonEqual(current, next)) return [];
  const join = (key: string | number) => (prefix ? `${prefix}.${key}` : String(key));
  if (isPlainObject(current) && isPlainObject(next)) {
    const keys = new Set([...Object.keys(current), ...Object.keys(next)]);
    return [...keys].flatMap((key) => changedFields(current[key], next[key], join(key)));
  }
  if (Array.isArray(current) && Array.isArray(next) && current.length === next.length) {
    return next.flatMap((item, index) => changedFields(current[index], item, join(index)));
  }
  return [[prefix, next]];
}
