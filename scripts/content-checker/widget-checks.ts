import { schemaAt, type AnswersSchema } from '../../engine/schema/index.ts';
import { attributeOf, describeElement, NOT_LITERAL, type ElementUse, type Lesson } from './parse-lesson.ts';
import { shown, type ContentProblem } from './problem.ts';
import { describeNode, isUnder, NO_INPUT_KEYWORD, whyNotAField } from './schema-fields.ts';

/** What a binding widget needs its field to be. */
type FieldKind = 'text' | 'rows' | 'order';

/**
 * The widgets that bind a field of the answers by `name` (`useAnswerField` in engine/answers/AnswersForm.tsx), and the
 * kind of field each binds: `ThinkRespond` binds one text field through its own `FreeText`, an
 * `AnswersTable` a whole list of rows, an `OrderSteps` a whole `{ available, ordered, orderSize }` object.
 */
export const BINDING_WIDGETS: Readonly<Record<string, FieldKind>> = {
  BlankChoice: 'text',
  FreeText: 'text',
  ThinkRespond: 'text',
  AnswersTable: 'rows',
  OrderSteps: 'order',
};

/** Options a `BlankChoice` must have: each of Day 1's blanks is a choice of two (docs/requirements.md#day-1). */
export const BLANK_CHOICE_OPTION_COUNT = 2;

/** Widgets that show another page or an embed and need a `title` (it names the frame or dialog for screen readers). */
export const TITLED_WIDGETS: readonly string[] = ['EmbedPanel', 'InteractiveOverlay', 'AtlasViewer'];

/** `AnswersTable` column inputs (engine/widgets/answers-table/AnswersTable.tsx). */
const TABLE_INPUTS: readonly unknown[] = ['none', 'text', 'select'];

/** One field bound by one widget. */
export interface Binding {
  /** The dotted path, e.g. `sim.gene1.0`. */
  path: string;
  /** The widget that binds it. */
  use: ElementUse;
}

/** The answers schema a lesson's widgets are checked against. */
export interface LessonSchema {
  /** The parsed schema. */
  schema: AnswersSchema;
  /** Its file, as messages name it, e.g. `schemas/day-3.schema.json`. */
  file: string;
}

/**
 * Checks every widget of one page: binding widgets name a field of the day's schema that has the
 * right shape, no field is bound twice, `ResetButton` fields exist, and the props the engine would
 * refuse at run time are right (rules 1, 3 and 4 of `checkContent`). A page without a schema
 * (a section page) may hold no binding widget.
 *
 * @param lesson - the parsed page
 * @param lessonSchema - the day's schema, or `undefined` for a section page
 * @returns the problems, and the fields bound (for the unbound-field and count checks)
 */
export function checkWidgets(lesson: Lesson, lessonSchema: LessonSchema | undefined): { problems: ContentProblem[]; bindings: Binding[] } {
  const problems: ContentProblem[] = [];
  const bindings: Binding[] = [];
  const report = (use: ElementUse, expected: string, found: string) =>
    problems.push({ file: lesson.file, line: use.line, where: describeElement(use), expected, found });

  for (const use of lesson.elements) {
    const kind = BINDING_WIDGETS[use.tag];
    if (kind !== undefined || use.tag === 'ResetButton') {
      if (!lessonSchema) {
        report(use, 'no answer widgets on a page without an answers schema (only content/days/day-N.mdx have one)', `<${use.tag}>`);
        continue;
      }
    }
    if (kind !== undefined && lessonSchema) {
      const binding = checkBinding(use, kind, lessonSchema, report);
      if (binding) bindings.push(binding);
    }
    if (use.tag === 'ResetButton' && lessonSchema) checkResetButton(use, lessonSchema, report);
    if (TITLED_WIDGETS.includes(use.tag)) checkTitle(use, report);
    if (use.tag === 'ImageGallery') checkGallery(use, report);
    if (use.tag === 'ImageOverlay') {
      const alt = attributeOf(use, 'alt');
      if (!isText(alt)) report(use, 'alt text saying what the image shows (alt="…")', alt === undefined ? 'no alt' : shown(alt));
    }
  }

  bindings.forEach((binding, index) => {
    const earlier = bindings.slice(0, index).find((other) => isUnder(binding.path, other.path) || isUnder(other.path, binding.path));
    if (!earlier) return;
    const how = earlier.path === binding.path ? 'already bound' : isUnder(binding.path, earlier.path) ? `inside "${earlier.path}", bound` : `which holds "${earlier.path}", bound`;
    report(binding.use, 'a field no other widget binds', `"${binding.path}" ${how} by ${describeElement(earlier.use)} at line ${earlier.use.line}`);
  });
  return { problems, bindings };
}

type Report = (use: ElementUse, expected: string, found: string) => void;

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function foundValue(value: unknown): string {
  return value === NOT_LITERAL ? 'code the checker cannot read (write the value out: a string, a number, or a list/object of them)' : shown(value);
}

function checkBinding(use: ElementUse, kind: FieldKind, { schema, file }: LessonSchema, report: Report): Binding | undefined {
  const name = attributeOf(use, 'name');
  if (typeof name !== 'string' || name === '') {
    report(use, `a name naming a field of ${file} (name="…")`, name === undefined ? 'no name' : foundValue(name));
    return undefined;
  }
  const node = schemaAt(schema, name);
  if (!node) {
    report(use, `a field of ${file}`, whyNotAField(schema, name));
    return undefined;
  }
  const marked = markedNoInput(schema, name);
  if (marked !== undefined) {
    report(use, `a field with an input on the page`, `"${marked}" marked "${NO_INPUT_KEYWORD}": true in ${file} (remove the mark if the page now asks for it)`);
  }
  if (kind === 'text' && node.type !== 'string') report(use, `a text field (type "string") at "${name}"`, describeNode(node));
  if (kind === 'rows' && (node.type !== 'array' || !node.items?.properties)) report(use, `a list of rows (an array whose items are objects) at "${name}"`, describeNode(node));
  if (kind === 'order' && !(node.properties?.available && node.properties.ordered)) {
    report(use, `an object with fields available, ordered and orderSize at "${name}"`, describeNode(node));
  }
  if (use.tag === 'BlankChoice') checkBlankOptions(use, node, report);
  if (use.tag === 'AnswersTable' && node.type === 'array' && node.items?.properties) checkColumns(use, node.items.properties, report);
  return { path: name, use };
}

/** The topmost field at or above `path` marked {@link NO_INPUT_KEYWORD}, if any. */
function markedNoInput(schema: AnswersSchema, path: string): string | undefined {
  const segments = path.split('.');
  for (let length = 1; length <= segments.length; length++) {
    const prefix = segments.slice(0, length).join('.');
    if (schemaAt(schema, prefix)?.[NO_INPUT_KEYWORD] === true) return prefix;
  }
  return undefined;
}

/** The stored value of a select option: a string, or `{ value, label }`'s value; `undefined` for anything else. */
function optionValue(option: unknown): string | undefined {
  if (typeof option === 'string') return option;
  if (typeof option === 'object' && option !== null) {
    const { value, label } = option as Record<string, unknown>;
    if (typeof value === 'string' && typeof label === 'string') return value;
  }
  return undefined;
}

/** Checks select options: each a string or `{ value, label }`, each value in `enum` when the field has one. */
function checkOptions(use: ElementUse, options: readonly unknown[], field: AnswersSchema, where: string, report: Report) {
  const allowed = field.enum;
  for (const option of options) {
    const value = optionValue(option);
    if (value === undefined) report(use, `${where}each option a string or { value: "…", label: "…" }`, shown(option));
    else if (allowed && !allowed.includes(value)) report(use, `${where}option values from the schema's enum (${allowed.map((item) => shown(item)).join(', ')})`, shown(value));
  }
}

function checkBlankOptions(use: ElementUse, node: AnswersSchema, report: Report) {
  const options = attributeOf(use, 'options');
  if (!Array.isArray(options)) {
    report(use, `options as a list, e.g. options={["DNA", "protein"]}`, options === undefined ? 'no options' : foundValue(options));
    return;
  }
  if (options.length !== BLANK_CHOICE_OPTION_COUNT) {
    report(use, `${BLANK_CHOICE_OPTION_COUNT} options (spec section 2: each blank is a choice of two)`, `${options.length}: ${shown(options)}`);
  }
  checkOptions(use, options, node, '', report);
}

function checkColumns(use: ElementUse, rowFields: Record<string, AnswersSchema>, report: Report) {
  const columns = attributeOf(use, 'columns');
  if (!Array.isArray(columns) || columns.length === 0) {
    report(use, 'columns as a non-empty list, e.g. columns={[{ field: "…", header: "…", input: "text" }]}', columns === undefined ? 'no columns' : foundValue(columns));
    return;
  }
  columns.forEach((column: unknown, index) => {
    const { field, header, input, options } = (typeof column === 'object' && column !== null ? column : {}) as Record<string, unknown>;
    const where = `column ${index + 1}`;
    if (typeof field !== 'string' || !Object.hasOwn(rowFields, field)) {
      report(use, `${where}'s field to be a field of each row (${Object.keys(rowFields).join(', ')})`, shown(field));
      return;
    }
    if (!isText(header)) report(use, `${where} ("${field}") to have a header`, shown(header));
    if (!TABLE_INPUTS.includes(input)) report(use, `${where} ("${field}") to have input "none", "text" or "select"`, shown(input));
    if (input !== 'select') return;
    if (!Array.isArray(options) || options.length === 0) report(use, `${where} ("${field}"), a select, to have options`, shown(options));
    else checkOptions(use, options, rowFields[field] as AnswersSchema, `${where} ("${field}"): `, report);
  });
}

function checkResetButton(use: ElementUse, { schema, file }: LessonSchema, report: Report) {
  const fields = attributeOf(use, 'fields');
  if (!Array.isArray(fields) || fields.length === 0) {
    report(use, 'fields as a non-empty list of field names, e.g. fields={["fillBlanks"]}', fields === undefined ? 'no fields' : foundValue(fields));
    return;
  }
  for (const field of fields) {
    if (typeof field !== 'string') report(use, `each field a name of ${file}`, shown(field));
    else if (!schemaAt(schema, field)) report(use, `each field a field of ${file}`, whyNotAField(schema, field));
  }
}

function checkTitle(use: ElementUse, report: Report) {
  const title = attributeOf(use, 'title');
  if (!isText(title)) report(use, 'a title naming what it shows (title="…")', title === undefined ? 'no title' : foundValue(title));
}

function checkGallery(use: ElementUse, report: Report) {
  const label = attributeOf(use, 'label');
  if (!isText(label)) report(use, 'a label naming the gallery (label="…")', label === undefined ? 'no label' : foundValue(label));
  const images = attributeOf(use, 'images');
  if (!Array.isArray(images) || images.length === 0) {
    report(use, 'images as a non-empty list of { src, alt, caption }', images === undefined ? 'no images' : foundValue(images));
    return;
  }
  images.forEach((image: unknown, index) => {
    const { src, alt, caption } = (typeof image === 'object' && image !== null ? image : {}) as Record<string, unknown>;
    const where = `image ${index + 1}`;
    if (!isText(src)) report(use, `${where} to have a src`, shown(image));
    if (!isText(alt)) report(use, `${where} to have alt text saying what it shows`, alt === undefined ? 'no alt' : shown(alt));
    if (!isText(caption)) report(use, `${where} to have a caption`, caption === undefined ? 'no caption' : shown(caption));
  });
}
