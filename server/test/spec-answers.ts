/**
 * Answers as a client built from the API contract sends them (docs/decisions/006-clients-built-from-the-api-contract.md:
 * free text, `""` for anything unanswered), made from a day's schema, with what Helix must answer
 * back. Shared by the server's and the browser's spec-client tests.
 */
import { defaultsOf, isPlainObject, type Answers, type AnswersSchema } from '../../engine/schema/index.ts';

/** What a save sends, and the answers a later load must return. */
export interface SpecAnswers {
  sent: Answers;
  expected: Answers;
}

/**
 * Walks a day's complete default answers beside its schema, replacing every scalar:
 * `text(path, node)` gives the value sent and the value expected back.
 */
function mapScalars(schema: AnswersSchema, value: unknown, path: string, text: (path: string, node: AnswersSchema, value: unknown) => [unknown, unknown]): [unknown, unknown] {
  if (Array.isArray(value)) {
    const pairs = value.map((item, index) => mapScalars(schema.items ?? {}, item, `${path}.${index}`, text));
    return [pairs.map(([sent]) => sent), pairs.map(([, expected]) => expected)];
  }
  if (isPlainObject(value)) {
    const pairs = Object.entries(value).map(([key, child]) => [key, mapScalars(schema.properties?.[key] ?? {}, child, path ? `${path}.${key}` : key, text)] as const);
    return [Object.fromEntries(pairs.map(([key, [sent]]) => [key, sent])), Object.fromEntries(pairs.map(([key, [, expected]]) => [key, expected]))];
  }
  return text(path, schema, value);
}

/**
 * The day's default in the contract's shape: every field present, every text as the default gives it
 * (`""`, or a preset such as a table row's gene), and every number `""` (a field no one answered);
 * Helix answers its own defaults back (numbers as numbers).
 */
export function specDefault(schema: AnswersSchema): SpecAnswers {
  const defaults = defaultsOf(schema);
  const [sent] = mapScalars(schema, defaults, '', (_path, node, value) => [node.type === 'integer' || node.type === 'number' ? '' : value, undefined]);
  return { sent: sent as Answers, expected: defaults as Answers };
}

/**
 * The day filled in: every text field holds a sentence naming its path (or the last of its `enum`
 * choices), every number field a number written as text (`"3"`, or its `const`); Helix must answer
 * the same texts, and the numbers as numbers.
 */
export function specFilled(schema: AnswersSchema): SpecAnswers {
  const [sent, expected] = mapScalars(schema, defaultsOf(schema), '', (path, node) => {
    if (node.type === 'integer' || node.type === 'number') {
      const number = typeof node.const === 'number' ? node.const : 3;
      return [String(number), number];
    }
    const choice = node.enum !== undefined ? node.enum[node.enum.length - 1] : `My answer for ${path}: “quotes”, é and 🧬.`;
    return [choice, choice];
  });
  return { sent: sent as Answers, expected: expected as Answers };
}
