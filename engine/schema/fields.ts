import { defaultsOf, isPlainObject, jsonEqual } from './normalize.ts';
import type { AnswersSchema } from './types.ts';

/**
 * Schema keyword marking a field (and everything under it) that has no input on the page: it stays in
 * the answers but nobody answers it, so the answer views skip it.
 */
const NO_INPUT = 'x-no-input';

const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);

/**
 * The value at a dotted path in an answers object, e.g. `compare.table.2.category`.
 *
 * @param answers - any value (an answers object, a row)
 * @param path - dotted path; "" is `answers` itself; list indices are numbers
 * @returns the value, or undefined when any step of the path is missing
 */
export function valueAt(answers: unknown, path: string): unknown {
  if (path === '') return answers;
  let value = answers;
  for (const segment of path.split('.')) {
    if (Array.isArray(value)) value = value[Number(segment)];
    else if (isPlainObject(value)) value = Object.hasOwn(value, segment) ? value[segment] : undefined;
    else return undefined;
  }
  return value;
}

/**
 * The first words of a schema description, up to its first full stop, colon, semicolon or comma:
 * "The gene's symbol, shown read-only." reads "The gene's symbol".
 *
 * @param description - a schema `description`
 */
export function shortDescription(description: string): string {
  const match = /^(.+?)(?:[.:;,](?:\s|$)|$)/s.exec(description.trim());
  return match?.[1] ?? description;
}

/** One place holding a choice among fixed options (a string `enum`), as {@link choiceBlanks} lists them. */
export interface ChoiceBlank {
  /** Dotted path under the field, e.g. `3` or `2.category`; "" when the field itself is the choice. */
  path: string;
  /** Where it is, in words: "1", "HK1 · The student's category", or "" for the field itself. */
  label: string;
  /** The choices in schema order, "" (no choice made) included when the enum has it. */
  options: readonly string[];
}

/**
 * The choices inside a field: every string `enum` node under it, at each position a saved answer has.
 * A fixed-length list (`minItems` = `maxItems`) has that many positions, any other list as many as its
 * schema `default`. A position in a list is named by the first non-empty text of its default item (a
 * row's subject, e.g. "HK1"), else by its number from 1; a property by the short form of its description.
 *
 * @param field - the field's schema node (e.g. {@link AnswerField.schema})
 * @returns the choices in schema order; empty when the field holds none
 */
export function choiceBlanks(field: AnswersSchema): ChoiceBlank[] {
  const blanks: ChoiceBlank[] = [];
  const visit = (node: AnswersSchema, path: string, label: string[]) => {
    if (node[NO_INPUT] === true) return;
    if (node.type === 'string' && Array.isArray(node.enum)) {
      blanks.push({ path, label: label.join(' · '), options: node.enum.filter((option): option is string => typeof option === 'string') });
      return;
    }
    if (node.type === 'array' && node.items) {
      const defaults = Array.isArray(node.default) ? node.default : [];
      const length = node.minItems !== undefined && node.minItems === node.maxItems ? node.minItems : defaults.length;
      for (let index = 0; index < length; index += 1) visit(node.items, join(path, index), [...label, itemName(defaults[index], index)]);
      return;
    }
    for (const [key, child] of Object.entries(node.properties ?? {})) visit(child, join(path, key), [...label, shortDescription(child.description ?? key)]);
  };
  visit(field, '', []);
  return blanks;
}

function itemName(item: unknown, index: number): string {
  const text = isPlainObject(item) ? Object.values(item).find((value): value is string => typeof value === 'string' && value.trim() !== '') : undefined;
  return text ?? String(index + 1);
}

/**
 * One answer field of a day: a value a student fills in through one input, found by walking the
 * schema. What counts as a field (docs/decisions/009-facilitator-console.md):
 * - a string, number, integer or boolean node;
 * - a node marked `"x-merge": "atomic"` (an ordering exercise is one answer, not ten strings);
 * - an array whose length is not fixed (`minItems` ≠ `maxItems`): the list as a whole;
 * - objects and fixed-length arrays are not fields themselves: their properties and items are.
 * Nodes under `"x-no-input": true` (kept in the answers, never shown), `"readOnly": true` nodes (shown
 * but set by the schema, such as a table's row labels) and texts or choices whose default is not empty
 * (a worked example the lesson fills in) are not fields.
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

/**
 * How {@link answerFields} tells apart the fields that share a description: an item of a fixed-length list
 * (`row` false, `number` its position from 1) or a cell of a table (`row` true, `number` the row's from 1).
 */
export type NumberedLabel = (label: string, position: { number: number; row: boolean }) => string;

/**
 * `The four worksheet questions… (3)`, `What the gene's protein normally does… (row 2)`: the English the
 * server, the exports and the scripts read. The app passes its own for what a student reads (the save
 * pill's label, in the reader's language: engine/answers/session.ts).
 */
const englishNumberedLabel: NumberedLabel = (label, { number, row }) => (row ? `${label} (row ${number})` : `${label} (${number})`);

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
 * @param numbered - how an item's or a cell's label is numbered; English ("(3)", "(row 2)") unless given
 * @returns every field with its path, label and default; empty for a schema with none
 */
export function answerFields(schema: AnswersSchema, numbered: NumberedLabel = englishNumberedLabel): AnswerField[] {
  const fields: AnswerField[] = [];
  // `list` is the description of the nearest fixed-length array above the node and the node's position in it.
  const walk = (node: AnswersSchema, path: string[], defaultValue: unknown, list: { label: string; index: number; items: AnswersSchema } | null) => {
    if (node['x-no-input'] === true || node.readOnly === true) return;
    if (path.length > 0 && isLeaf(node)) {
      // A text or choice the lesson fills in already is a worked example, not a question.
      if (typeof defaultValue === 'string' && defaultValue !== '') return;
      const own = typeof node.description === 'string' ? node.description : path.join('.');
      const label = list === null ? own : node === list.items ? numbered(list.label, { number: list.index + 1, row: false }) : numbered(own, { number: list.index + 1, row: true });
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
 * Whether a field is answered: its value differs from its default. Text made of spaces only counts as
 * unanswered. A missing value is unanswered.
 */
export function isAnswered(field: AnswerField, answers: unknown): boolean {
  let value = answers;
  for (const segment of segmentsOf(field)) {
    if (Array.isArray(value)) value = value[Number(segment)];
    else if (isPlainObject(value)) value = Object.hasOwn(value, segment) ? value[segment] : undefined;
    else return false;
  }
  if (value === undefined) return false;
  if (typeof value === 'string') return typeof field.defaultValue === 'string' && field.defaultValue.trim() === '' ? value.trim() !== '' : value !== field.defaultValue;
  return !jsonEqual(value, field.defaultValue);
}

/** Each field's path split once: a save counts every field of its day (server/answers/validators.ts). */
const fieldSegments = new WeakMap<AnswerField, readonly string[]>();

function segmentsOf(field: AnswerField): readonly string[] {
  let segments = fieldSegments.get(field);
  if (segments === undefined) {
    segments = field.path.split('.');
    fieldSegments.set(field, segments);
  }
  return segments;
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
