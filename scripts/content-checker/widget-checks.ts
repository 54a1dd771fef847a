import { schemaAt, type AnswersSchema } from '../../engine/schema/index.ts';
import type { FieldShape, PropKind, WidgetManifestEntry } from '../widget-manifest/manifest.ts';
import { attributeOf, describeElement, NOT_LITERAL, type ElementUse, type Lesson } from './parse-lesson.ts';
import { shown, type ContentProblem } from './problem.ts';
import { describeNode, isUnder, NO_INPUT_KEYWORD, whyNotAField } from './schema-fields.ts';

/** Options a `two-options` prop must have: each of Day 1's blanks is a choice of two (docs/requirements.md#day-1). */
export const BLANK_CHOICE_OPTION_COUNT = 2;

/** `AnswersTable` column inputs (engine/widgets/answers-table/AnswersTable.tsx). */
const TABLE_INPUTS: readonly unknown[] = ['none', 'text', 'select'];

/** The widget manifest by tag (scripts/widget-manifest/manifest.ts). */
export type WidgetsByTag = ReadonlyMap<string, WidgetManifestEntry>;

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
 * Checks every widget of one page against the widget manifest: a tag the manifest does not declare is
 * refused with the list of known tags; binding widgets name a field of the day's schema that has the
 * shape their manifest says; no field is bound twice; each prop the manifest requires is there and
 * readable as its kind says, and each optional prop it declares is, when given (rules 1, 3 and 4 of
 * `checkContent`). A page without a schema (a section
 * page) may hold no binding widget. Lowercase tags are HTML and are not checked.
 *
 * @param lesson - the parsed page
 * @param lessonSchema - the day's schema, or `undefined` for a section page
 * @param widgets - the widget manifest by tag
 * @returns the problems, and the fields bound (for the unbound-field and count checks)
 */
export function checkWidgets(lesson: Lesson, lessonSchema: LessonSchema | undefined, widgets: WidgetsByTag): { problems: ContentProblem[]; bindings: Binding[] } {
  const problems: ContentProblem[] = [];
  const bindings: Binding[] = [];
  const report = (use: ElementUse, expected: string, found: string) =>
    problems.push({ file: lesson.file, line: use.line, where: describeElement(use), expected, found });

  for (const use of lesson.elements) {
    if (!/^[A-Z]/.test(use.tag)) continue;
    const widget = widgets.get(use.tag);
    if (!widget) {
      report(use, `a widget tag (known: ${[...widgets.keys()].join(', ')})`, `<${use.tag}>, which no *.widget.json declares`);
      continue;
    }
    const needsSchema = widget.binds !== null || Object.values(widget.props).includes('fields');
    if (needsSchema && !lessonSchema) {
      report(use, 'no answer widgets on a page without an answers schema (only content/days/day-N.mdx have one)', `<${use.tag}>`);
      continue;
    }
    const binding = widget.binds !== null && lessonSchema ? checkBinding(use, widget.binds, lessonSchema, report) : undefined;
    if (binding) bindings.push(binding.binding);
    const context = { field: binding?.node, fieldName: binding?.binding.path, lessonSchema };
    for (const [prop, kind] of Object.entries(widget.props)) checkProp(use, widget, prop, kind, context, report);
    for (const [prop, kind] of Object.entries(widget.optionalProps)) if (attributeOf(use, prop) !== undefined) checkProp(use, widget, prop, kind, context, report);
  }

  bindings.forEach((binding, index) => {
    const earlier = bindings.slice(0, index).find((other) => isUnder(binding.path, other.path) || isUnder(other.path, binding.path));
    if (!earlier) return;
    const how = earlier.path === binding.path ? 'already bound' : isUnder(binding.path, earlier.path) ? `inside "${earlier.path}", bound` : `which holds "${earlier.path}", bound`;
    report(binding.use, 'a field no other widget binds', `"${binding.path}" ${how} by ${describeElement(earlier.use)} at line ${earlier.use.line}`);
  });
  return { problems, bindings };
}

/** What a prop's check may need besides the prop: the bound field's schema and dotted path, and the day's schema. */
interface PropContext {
  field: AnswersSchema | undefined;
  fieldName: string | undefined;
  lessonSchema: LessonSchema | undefined;
}

function checkProp(use: ElementUse, widget: WidgetManifestEntry, prop: string, kind: PropKind, { field, fieldName, lessonSchema }: PropContext, report: Report) {
  const value = attributeOf(use, prop);
  const missing = value === undefined ? `no ${prop}` : foundValue(value);
  switch (kind) {
    case 'text':
      if (!isText(value)) report(use, `a ${prop} (${prop}="…"), which ${widget.file} requires`, missing);
      return;
    case 'list':
      if (!Array.isArray(value) || value.length === 0) report(use, `${prop} as a non-empty list, which ${widget.file} requires`, missing);
      return;
    case 'options':
    case 'two-options':
      checkChoiceOptions(use, prop, kind === 'two-options' ? BLANK_CHOICE_OPTION_COUNT : null, field, report);
      return;
    case 'columns':
      if (field?.type === 'array' && field.items?.properties) checkColumns(use, field.items.properties, report);
      return;
    case 'fields':
      if (lessonSchema) checkFieldNames(use, prop, lessonSchema, report);
      return;
    case 'images':
      checkImages(use, prop, report);
      return;
    case 'language':
      if (!isLanguageTag(value)) report(use, `${prop} as a language tag such as "en" or "es-MX"`, missing);
      return;
    case 'step-labels':
      // A field without `available` is reported by the binding's check already.
      if (field?.properties?.available && fieldName !== undefined && lessonSchema) checkStepLabels(use, prop, { field, fieldName, file: lessonSchema.file }, report);
      return;
  }
}

type Report = (use: ElementUse, expected: string, found: string) => void;

/** Whether `value` is a BCP 47 language tag (RFC 5646) with a language subtag, e.g. `en` or `es-MX`. */
function isLanguageTag(value: unknown): boolean {
  if (typeof value !== 'string' || !/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(value)) return false;
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function foundValue(value: unknown): string {
  return value === NOT_LITERAL ? 'code the checker cannot read (write the value out: a string, a number, or a list/object of them)' : shown(value);
}

function checkBinding(use: ElementUse, kind: FieldShape, { schema, file }: LessonSchema, report: Report): { binding: Binding; node: AnswersSchema } | undefined {
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
  return { binding: { path: name, use }, node };
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

function checkChoiceOptions(use: ElementUse, prop: string, count: number | null, node: AnswersSchema | undefined, report: Report) {
  const options = attributeOf(use, prop);
  if (!Array.isArray(options)) {
    report(use, `${prop} as a list, e.g. ${prop}={["DNA", "protein"]}`, options === undefined ? `no ${prop}` : foundValue(options));
    return;
  }
  if (count !== null && options.length !== count) {
    report(use, `${count} options (spec section 2: each blank is a choice of two)`, `${options.length}: ${shown(options)}`);
  }
  checkOptions(use, options, node ?? {}, '', report);
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

function checkFieldNames(use: ElementUse, prop: string, { schema, file }: LessonSchema, report: Report) {
  const fields = attributeOf(use, prop);
  if (!Array.isArray(fields) || fields.length === 0) {
    report(use, `${prop} as a non-empty list of field names, e.g. ${prop}={["fillBlanks"]}`, fields === undefined ? `no ${prop}` : foundValue(fields));
    return;
  }
  for (const field of fields) {
    if (typeof field !== 'string') report(use, `each field a name of ${file}`, shown(field));
    else if (!schemaAt(schema, field)) report(use, `each field a field of ${file}`, whyNotAField(schema, field));
  }
}

function checkImages(use: ElementUse, prop: string, report: Report) {
  const images = attributeOf(use, prop);
  if (!Array.isArray(images) || images.length === 0) {
    report(use, `${prop} as a non-empty list of { src, alt, caption }`, images === undefined ? `no ${prop}` : foundValue(images));
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

/**
 * Checks an ordering exercise's labels (`stepLabels={{ "Translation": "Traducción" }}`): an object whose
 * keys are the steps of the bound field (its `available` default, the steps as the answers store them),
 * each step with a non-empty label (docs/authoring.md, "Translating a day").
 */
function checkStepLabels(use: ElementUse, prop: string, { field, fieldName, file }: { field: AnswersSchema; fieldName: string; file: string }, report: Report) {
  const labels = attributeOf(use, prop);
  const defaults = field.properties?.available?.default;
  const steps = Array.isArray(defaults) ? defaults.filter((step): step is string => typeof step === 'string') : [];
  const listed = steps.map((step) => shown(step)).join(', ');
  if (typeof labels !== 'object' || labels === null || Array.isArray(labels)) {
    report(use, `${prop} as an object giving each step of "${fieldName}" its label, e.g. ${prop}={{ ${shown(steps[0] ?? 'Step')}: "…" }}`, foundValue(labels));
    return;
  }
  for (const [step, label] of Object.entries(labels)) {
    if (!steps.includes(step)) report(use, `${prop} keyed by the steps of "${fieldName}" in ${file} (${listed})`, `${shown(step)}, which is not one of them`);
    else if (!isText(label)) report(use, `a non-empty label for ${shown(step)} in ${prop}`, shown(label));
  }
  const unlabelled = steps.filter((step) => !Object.hasOwn(labels, step));
  if (unlabelled.length > 0) report(use, `${prop} to give every step of "${fieldName}" in ${file} a label`, `none for ${unlabelled.map((step) => shown(step)).join(', ')}`);
}
