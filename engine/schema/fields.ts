import { defaultsOf, isPlainObject, jsonEqual } from './normalize.ts';
import type { AnswersSchema } from './types.ts';

/**
 * One answer field of a day: a value a student fills in through one input, found by walking the
 * schema. What counts as a field (docs/decisions/009-facilitator-console.md):
 * - a string, number, integer or boolean node;
 * - a node marked `"x-merge": "atomic"` (an ordering exercise is one answer, not ten strings);
 * - an array whose length is not fixed (`minItems` ≠ `maxItems`): the list as a whole;
 * - objects and fixed-length arrays are not fields themselves: their properties and items are.
 * Nodes under `"x-no-input": true` (kept in the answers, never shown) and `"readOnly": true` nodes (shown
 * but set by the schema, such as a table's row labels) are not fields.
 */
export interface AnswerField {
  /** The dotted answers path widgets use, e.g. `worksheet.2`, `viz.geneTable.0.normalFunction`. */
  path: string;
  /** The field's own schema node. */
  schema: AnswersSchema;
  /** The root property the field lies under (the lesson's section), e.g. `worksheet`, `viz`. */
  section: string;
  /**
   * What the field asks, for people: its `description`; for an item of a fixed-length list, the list's
   * description and the item's number (`The four worksheet questions… (3)`); for a cell of a table, the
   * column's description and the row's number (`What the gene's protein normally does… (row 2)`).
   */
  label: string;
  /** The field's default: a field still equal to it is unanswered. */
  defaultValue: unknown;
}

/** Whether a node's own value is one answer rather than a container of fields. */
function isLeaf(schema: AnswersSchema): boolean {
  if (schema['x-merge'] === 'atomic') return true;
  if (schema.type === 'object') return false;
  if (schema.type === 'array') return schema.minItems === undefined || schema.minItems !== schema.maxItems;
  return true;
}

/**
 * The answer fields of a day's schema, in the schema's order (the lesson's order, as authors write it).
 * Pure; the result may be cached per schema.
 *
 * @param schema - a day's answers schema (its root is an object)
 * @returns every field with its path, label and default; empty for a schema with none
 */
export function answerFields(schema: AnswersSchema): AnswerField[] {
  const fields: AnswerField[] = [];
  // `list` is the description of the nearest fixed-length array above the node and the node's position in it.
  const walk = (node: AnswersSchema, path: string[], defaultValue: unknown, list: { label: string; index: number; items: AnswersSchema } | null) => {
    if (node['x-no-input'] === true || node.readOnly === true) return;
    if (path.length > 0 && isLeaf(node)) {
      const own = typeof node.description === 'string' ? node.description : path.join('.');
      const label = list === null ? own : node === list.items ? `${list.label} (${list.index + 1})` : `${own} (row ${list.index + 1})`;
      fields.push({ path: path.join('.'), section: path[0]!, schema: node, label, defaultValue });
      return;
    }
    if (node.type === 'array' && node.items !== undefined) {
      const items = Array.isArray(defaultValue) ? defaultValue : [];
      const label = typeof node.description === 'string' ? node.description : path.join('.');
      items.forEach((item, index) => walk(node.items!, [...path, String(index)], item, { label, index, items: node.items! }));
      return;
    }
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      walk(child, [...path, key], isPlainObject(defaultValue) ? defaultValue[key] : defaultsOf(child), list);
    }
  };
  walk(schema, [], defaultsOf(schema), null);
  return fields;
}

/**
 * The value at a dotted answers path (`viz.geneTable.0.gene`), or undefined when the answers have
 * nothing there.
 */
export function valueAt(answers: unknown, path: string): unknown {
  let value: unknown = answers;
  for (const segment of path.split('.')) {
    if (Array.isArray(value)) value = value[Number(segment)];
    else if (isPlainObject(value)) value = value[segment];
    else return undefined;
  }
  return value;
}

/**
 * Whether a field is answered: its value differs from its default. Text made of spaces only counts as
 * unanswered. A missing value is unanswered.
 */
export function isAnswered(field: AnswerField, answers: unknown): boolean {
  const value = valueAt(answers, field.path);
  if (value === undefined) return false;
  if (typeof value === 'string' && value.trim() === '' && typeof field.defaultValue === 'string' && field.defaultValue.trim() === '') return false;
  return !jsonEqual(value, field.defaultValue);
}

/**
 * How many of `fields` the answers fill in (see {@link isAnswered}).
 *
 * @param fields - {@link answerFields} of the answers' schema
 * @param answers - a day's answers, repaired against that schema or not
 */
export function countAnswered(fields: readonly AnswerField[], answers: unknown): number {
  let answered = 0;
  for (const field of fields) if (isAnswered(field, answers)) answered += 1;
  return answered;
}
