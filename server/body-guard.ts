/**
 * Rejects JSON bodies that PostgreSQL cannot store, before anything reaches the database: a
 * database error on a student's input would otherwise be a 500 (and a silent autosave failure).
 */
import type { FastifyRequest } from 'fastify';
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

/**
 * A `preValidation` hook: answers 400 `invalid_request` for a body {@link findUnstorableValue} rejects.
 *
 * @throws {@link HttpError} `invalid_request`
 */
export async function rejectUnstorableBody(request: FastifyRequest): Promise<void> {
  if (request.body === undefined) return;
  const problem = findUnstorableValue(request.body);
  if (problem !== null) throw new HttpError('invalid_request', problem);
}
