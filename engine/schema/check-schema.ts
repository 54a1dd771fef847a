import { findMigrationProblems } from './migrate.ts';
import { isPlainObject } from './normalize.ts';
import type { AnswersSchema } from './types.ts';

/**
 * Lists what keeps an answers schema from following the engine's rules (types.ts): every property
 * and array item must carry `default` and `description`; a fixed-length array's default must have
 * that length. Used by the schema tests and, later, by the content checker.
 *
 * @param schema - a day's answers schema
 * @param path - where `schema` sits, for messages; the root is "answers"
 * @returns one human-readable problem per line, each naming the path; empty when the schema is sound
 */
export function findSchemaProblems(schema: AnswersSchema, path = 'answers'): string[] {
  const problems: string[] = [];
  if (schema.default === undefined) problems.push(`${path}: has no "default"`);
  if (typeof schema.description !== 'string' || schema.description.trim() === '') problems.push(`${path}: has no "description"`);
  if (!schema.type) problems.push(`${path}: has no "type"`);
  if (path === 'answers') problems.push(...findMigrationProblems(schema));

  if (schema.type === 'object') {
    if (!isPlainObject(schema.properties)) problems.push(`${path}: an object needs "properties"`);
    for (const [key, property] of Object.entries(schema.properties ?? {})) problems.push(...findSchemaProblems(property, `${path}.${key}`));
  }
  if (schema.type === 'array') {
    if (!schema.items) problems.push(`${path}: an array needs "items"`);
    else problems.push(...findSchemaProblems(schema.items, `${path}[]`));
    const fixed = schema.minItems !== undefined && schema.minItems === schema.maxItems;
    if (fixed && Array.isArray(schema.default) && schema.default.length !== schema.minItems) {
      problems.push(`${path}: default has ${schema.default.length} items but the array is fixed at ${schema.minItems}`);
    }
  }
  return problems;
}
