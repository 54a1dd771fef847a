import { findNodeAtLocation, parseTree, type JSONPath } from 'jsonc-parser';
import { isPlainObject, type AnswersSchema } from '../../engine/schema/index.ts';

/**
 * Schema keyword marking a field (and everything under it) that has no input on the page: it stays
 * in the answers, and the content checker does not ask for a widget bound to it.
 *
 * @example "participation": { "type": "object", "x-no-input": true, "description": "…", "default": {}, … }
 */
export const NO_INPUT_KEYWORD = 'x-no-input';

/** True when `path` is `ancestor` or lies under it (`sim.gene1.0` is under `sim` and `sim.gene1`). */
export function isUnder(path: string, ancestor: string): boolean {
  return path === ancestor || path.startsWith(`${ancestor}.`);
}

/** A schema node in an author's words: "a text field", "a list of 13 text fields", "an object with fields a, b". */
export function describeNode(node: AnswersSchema): string {
  if (node.type === 'array') {
    const size = node.minItems !== undefined && node.minItems === node.maxItems ? `${node.minItems} ` : '';
    return `a list of ${size}${node.items ? plural(describeNode(node.items)) : 'items'}`;
  }
  if (node.type === 'object' || node.properties) {
    const keys = Object.keys(node.properties ?? {});
    return keys.length ? `an object with fields ${keys.join(', ')}` : 'an object with no fields';
  }
  if (node.type === 'string') return 'a text field';
  return node.type ? `a field of type ${node.type}` : 'a field of no type';
}

function plural(description: string): string {
  if (description === 'a text field') return 'text fields';
  if (description.startsWith('an object')) return `objects${description.slice('an object'.length)}`;
  if (description.startsWith('a list')) return `lists${description.slice('a list'.length)}`;
  return description.replace(/^an? /, '');
}

/**
 * Why `path` is not a field of `schema`, naming what is there instead, e.g.
 * `no field "compare.tabel" ("compare" has healthyDesc, cancerDesc, patterns, table)`.
 */
export function whyNotAField(schema: AnswersSchema, path: string): string {
  let node: AnswersSchema = schema;
  const walked: string[] = [];
  for (const segment of path.split('.')) {
    const parent = walked.length ? `"${walked.join('.')}"` : 'the schema';
    if (node.type === 'array') {
      const index = Number(segment);
      const length = node.maxItems;
      if (!Number.isInteger(index) || index < 0) return `no field "${path}" (${parent} is a list: use an index such as ${walked.join('.')}.0)`;
      if (length !== undefined && index >= length) return `no field "${path}" (${parent} holds ${length} items, numbered 0 to ${length - 1})`;
      if (!node.items) return `no field "${path}" (${parent} declares no items)`;
      node = node.items;
    } else {
      const next = node.properties?.[segment];
      if (!next) {
        const keys = Object.keys(node.properties ?? {});
        return `no field "${path}" (${parent} has ${keys.length ? keys.join(', ') : 'no fields'})`;
      }
      node = next;
    }
    walked.push(segment);
  }
  return `no field "${path}"`;
}

/**
 * The fields of `schema` that should have an input but are bound by no widget: the topmost field of
 * each unbound part (so a list nobody binds is reported once, not item by item).
 *
 * A path in `boundPaths` binds that field and everything under it (an `AnswersTable` binds its whole
 * list of rows, an `OrderSteps` its whole object). Fields marked {@link NO_INPUT_KEYWORD} are exempt
 * with everything under them. Fixed-length lists (`minItems` = `maxItems`) need each item bound; any
 * other list counts as bound when anything in it is.
 *
 * @param schema - the day's answers schema
 * @param boundPaths - the dotted paths widgets bind, e.g. `["fillBlanks.0", "dnd"]`
 * @returns dotted paths, in schema order
 */
export function unboundFields(schema: AnswersSchema, boundPaths: readonly string[]): string[] {
  const unbound: string[] = [];
  const visit = (node: AnswersSchema, path: string) => {
    if (node[NO_INPUT_KEYWORD] === true) return;
    if (path !== '' && boundPaths.some((bound) => isUnder(path, bound))) return;
    if (path !== '' && !boundPaths.some((bound) => isUnder(bound, path))) {
      unbound.push(path);
      return;
    }
    // Something under this field is bound: look field by field (a list of any length has no fixed fields, so it is bound).
    for (const [childPath, child] of childrenOf(node, path)) visit(child, childPath);
  };
  visit(schema, '');
  return unbound;
}

function childrenOf(node: AnswersSchema, path: string): [string, AnswersSchema][] {
  const join = (key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
  if (node.type === 'array') {
    const fixed = node.items && node.minItems !== undefined && node.minItems === node.maxItems;
    return fixed ? Array.from({ length: node.minItems ?? 0 }, (_, index) => [join(index), node.items as AnswersSchema]) : [];
  }
  return Object.entries(node.properties ?? {}).map(([key, child]) => [join(key), child]);
}

/**
 * The 1-based line where the field at dotted `path` is declared in the schema file's text (its
 * property key, or for a list item the list's `items`), or 1 when it cannot be found.
 */
export function schemaLine(schemaText: string, path: string): number {
  const location: JSONPath = [];
  let node: unknown = safeParse(schemaText);
  for (const segment of path.split('.')) {
    if (!isPlainObject(node)) break;
    if (node.type === 'array') {
      location.push('items');
      node = node.items;
    } else {
      location.push('properties', segment);
      node = isPlainObject(node.properties) ? node.properties[segment] : undefined;
    }
  }
  const tree = parseTree(schemaText);
  const found = tree ? findNodeAtLocation(tree, location) : undefined;
  const offset = found?.parent?.type === 'property' ? found.parent.offset : found?.offset;
  return offset === undefined ? 1 : schemaText.slice(0, offset).split('\n').length;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
