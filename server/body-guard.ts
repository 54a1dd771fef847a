/**
 * Rejects JSON bodies that PostgreSQL cannot store, before anything reaches the database: a
 * database error on a student's input would otherwise be a 500 (and a silent autosave failure).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * Deepest nesting of objects and arrays accepted in a body. A day's answers are about 4 levels deep;
 * much deeper JSON parses, but serialising it for jsonb overflows the stack.
 */
export const MAX_BODY_DEPTH = 64;

/** Lone UTF-16 surrogates: JSON allows them (`"\ud800"`), jsonb refuses them. */
const LONE_SURROGATE = /\p{Surrogate}/u;

function unstorableCharacter(text: string): string | null {
  // PostgreSQL text and jsonb cannot hold U+0000 at all.
  if (text.includes('\u0000')) return 'the character U+0000 (NUL)';
  if (LONE_SURROGATE.test(text)) return 'a lone UTF-16 surrogate (half of an emoji or other character)';
  return null;
}

/**
 * Finds the first place in a parsed JSON value that cannot be stored: a string or property name
 * holding U+0000 or a lone surrogate, or nesting deeper than {@link MAX_BODY_DEPTH}. Walks without
 * recursion, so any depth is safe.
 *
 * @param value - a parsed JSON body
 * @param root - how the path starts, e.g. `body`
 * @returns a sentence naming the path, e.g. `body/answers/geneQ1 contains the character U+0000 (NUL), which cannot be stored`, or null
 */
export function findUnstorableValue(value: unknown, root = 'body'): string | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (typeof item.value === 'string') {
      const problem = unstorableCharacter(item.value);
      if (problem !== null) return `${item.path} contains ${problem}, which cannot be stored`;
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth >= MAX_BODY_DEPTH) return `${item.path} is nested more than ${MAX_BODY_DEPTH} levels deep`;
    const entries = Array.isArray(item.value) ? item.value.map((child, index) => [String(index), child] as const) : Object.entries(item.value);
    // Push in reverse so the first bad place in document order is reported.
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, child] = entries[index]!;
      const path = `${item.path}/${key}`;
      const keyProblem = Array.isArray(item.value) ? null : unstorableCharacter(key);
      if (keyProblem !== null) return `${item.path} has a property name that contains ${keyProblem}, which cannot be stored`;
      stack.push({ value: child, path, depth: item.depth + 1 });
    }
  }
  return null;
}

/** Any UTF-16 surrogate, paired or not: a plain character class, cheaper than {@link LONE_SURROGATE}, which runs only after it matches. */
const ANY_SURROGATE = /[\ud800-\udfff]/;

/** Whether text holds neither U+0000 nor a lone surrogate: what {@link unstorableCharacter} looks for. */
function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !(ANY_SURROGATE.test(text) && LONE_SURROGATE.test(text));
}

/**
 * Whether {@link findUnstorableValue} finds nothing in `value`: the same rules in one walk that
 * builds no path, for the bodies that are fine (nearly all). Recursive, but never deeper than
 * {@link MAX_BODY_DEPTH} + 1 calls.
 *
 * @param value - a parsed JSON body (or any part of one)
 * @param depth - the nesting of `value`, 0 for the body itself
 * @returns true when every string and property name is storable and nothing is nested too deep
 */
export function isStorableValue(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isStorableText(value);
  if (typeof value !== 'object' || value === null) return true;
  if (depth >= MAX_BODY_DEPTH) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (!isStorableValue(item, depth + 1)) return false;
    return true;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!isStorableText(key) || !isStorableValue(record[key], depth + 1)) return false;
  }
  return true;
}

/**
 * A `preValidation` hook: answers 400 `invalid_request` for a body {@link findUnstorableValue} rejects.
 * One walk without paths decides ({@link isStorableValue}); the walk that names the place runs only for
 * a body that is refused. Written with `done` rather than `async`: it runs on every request, and a
 * promise per request for a check that never waits is work for nothing.
 *
 * @param done - called with {@link HttpError} `invalid_request` for an unstorable body, else with nothing
 */
export function rejectUnstorableBody(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  const problem = request.body === undefined || isStorableValue(request.body) ? null : findUnstorableValue(request.body);
  done(problem === null ? undefined : new HttpError('invalid_request', problem));
}
