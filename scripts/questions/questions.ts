/**
 * Every question of a day as its students see it: for each answer field, the prompt the lesson shows
 * beside its input, read from the lesson's MDX through the widget manifest (each binding widget says
 * where its prompt is: engine/widgets/widget.schema.json, `question`). The console shows these
 * instead of the schema's descriptions, which are written for developers
 * (docs/facilitators.md, "Every question as the student saw it").
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Heading, Parent, PhrasingContent, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { visitParents } from 'unist-util-visit-parents';
import { answerFields, type AnswersSchema } from '../../engine/schema/index.ts';
import { attributeOf, parseLesson, type ElementUse, type Lesson } from '../content-checker/parse-lesson.ts';
import { readWidgetManifest, type QuestionSource, type WidgetManifestEntry } from '../widget-manifest/manifest.ts';

/** One input of a day, as `GET /api/facilitator/days/{day}/questions/` lists it. */
export interface Question {
  /** The answers path of its field, e.g. `worksheet.2`, `compare.table.3.notes`. */
  path: string;
  /** What the lesson asks beside the input; a blank's sentence has the blank as `____`. */
  prompt: string;
  /** The heading of the part of the lesson it sits in, e.g. `Worksheet: check your reading`; empty before any heading. */
  part: string;
  /** The kind of input. */
  kind: QuestionSource['kind'];
  /** The choices offered, as the student reads them (a blank's two words, a table column's options). */
  options?: string[];
}

/** Marks a blank's place in its sentence. */
export const BLANK = '____';

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** A table column as `<AnswersTable columns={…}>` declares it (engine/widgets/answers-table). */
interface TableColumn {
  field: string;
  header: string;
  input: 'none' | 'text' | 'select';
  options?: { value: string; label: string }[];
}

const isJsx = (node: { type: string }): node is JsxElement => node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';

/** Text a student reads, on one line with single spaces. */
const tidy = (text: string) => text.replace(/\s+/g, ' ').replace(/ ([.,;:!?])/g, '$1').trim();

/** The text of the sentence `blank` sits in (its paragraph), with `blank` as {@link BLANK} and other widgets as their label. */
function sentenceAround(blank: JsxElement, ancestors: readonly Parent[]): string {
  const paragraph = [...ancestors].reverse().find((node) => node.type === 'paragraph');
  if (!paragraph) return BLANK;
  const text = (nodes: readonly (RootContent | PhrasingContent)[]): string =>
    nodes
      .map((node) => {
        if (node === blank) return ` ${BLANK} `;
        if (isJsx(node)) {
          const label = node.attributes.find((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === 'label')?.value;
          return typeof label === 'string' ? ` [${label}] ` : text(node.children);
        }
        if ('children' in node) return text(node.children as PhrasingContent[]);
        return 'value' in node && typeof node.value === 'string' ? node.value : '';
      })
      .join('');
  return tidy(text(paragraph.children as PhrasingContent[]));
}

/** What an element asks, from where its manifest says the prompt is (a prop, else its own text). */
function propPrompt(use: ElementUse, prop: string): string {
  const value = attributeOf(use, prop);
  return tidy(typeof value === 'string' ? value : toString(use.node));
}

/** The choices of an element's `options` prop: strings, or `{ label }` objects. */
function optionsOf(use: ElementUse, prop: string | undefined): string[] | undefined {
  if (prop === undefined) return undefined;
  const value = attributeOf(use, prop);
  if (!Array.isArray(value)) return undefined;
  return value.map((option) => (typeof option === 'string' ? option : String((option as { label?: unknown }).label ?? '')));
}

/**
 * The questions of one lesson, in the order the lesson shows them: one per input, so a worksheet of four
 * questions is four, and a table one per cell a student fills in (a cell the lesson fills in as a worked
 * example is no question, as it is no answer field: engine/schema/fields.ts).
 *
 * @param lesson - the day's lesson, parsed (scripts/content-checker/parse-lesson.ts)
 * @param manifest - the widget manifest (scripts/widget-manifest/manifest.ts)
 * @param schema - the day's answers schema
 * @returns the questions; an element naming no answer field of the schema gives none (`check:content` reports it)
 */
export function lessonQuestions(lesson: Lesson, manifest: readonly WidgetManifestEntry[], schema: AnswersSchema): Question[] {
  const sources = new Map(manifest.flatMap((entry) => (entry.question ? [[entry.tag, entry.question] as const] : [])));
  const fields = new Map(answerFields(schema).map((field) => [field.path, field]));
  const uses = new Map(lesson.elements.map((use) => [use.node, use]));
  const questions: Question[] = [];
  let part = '';

  visitParents(lesson.tree as Root, (node, ancestors) => {
    if (node.type === 'heading' && (node as Heading).depth > 1) part = tidy(toString(node));
    if (!isJsx(node) || !node.name) return;
    const source = sources.get(node.name);
    const use = uses.get(node);
    const name = use && attributeOf(use, 'name');
    if (!source || !use || typeof name !== 'string') return;
    const { prompt, kind } = source;

    if ('table' in prompt) {
      const columns = attributeOf(use, 'columns') as TableColumn[];
      const caption = propPrompt(use, 'caption');
      const rowHeading = columns.find((column) => column.input === 'none');
      const rows = [...fields.values()].filter((field) => field.path.startsWith(`${name}.`));
      for (const field of rows) {
        const [index, key] = field.path.slice(name.length + 1).split('.');
        const column = columns.find((each) => each.field === key);
        if (!column || column.input === 'none') continue;
        const heading = rowHeading ? String((defaultRow(schema, name, Number(index)) ?? {})[rowHeading.field] ?? '') : '';
        const row = heading !== '' ? heading : `Row ${Number(index) + 1}`;
        const options = column.input === 'select' ? (column.options ?? []).filter((option) => option.value !== '').map((option) => option.label) : undefined;
        questions.push({ path: field.path, prompt: `${caption} (${row}: ${column.header})`, part, kind, ...(options ? { options } : {}) });
      }
      return;
    }
    if (!fields.has(name)) return;
    const text = 'sentence' in prompt ? sentenceAround(node, ancestors as Parent[]) : propPrompt(use, prompt.prop);
    const options = optionsOf(use, source.options);
    questions.push({ path: name, prompt: text, part, kind, ...(options ? { options } : {}) });
  });
  return questions;
}

/** Row `index` of the list the schema gives as the default at `path` (a table's rows), or undefined. */
function defaultRow(schema: AnswersSchema, path: string, index: number): Record<string, unknown> | undefined {
  let node: AnswersSchema | undefined = schema;
  for (const key of path.split('.')) node = node?.properties?.[key];
  const rows = node?.default;
  return Array.isArray(rows) ? (rows[index] as Record<string, unknown> | undefined) : undefined;
}

/** Where a deployment keeps the week: the lessons, the schemas, and the repository whose widget manifests say where prompts are. */
export interface QuestionFolders {
  lessonsDir: string;
  schemasDir: string;
  /** The folder holding `engine/widgets` (scripts/widget-manifest/manifest.ts). */
  root: string;
}

/**
 * A day's questions from its two files, read and parsed the first time a day is asked for and kept
 * (lessons change only with a deployment, which restarts the server).
 *
 * @returns `questionsOf(day)`: the day's questions, or null when it has no lesson or no schema
 * @throws LessonSyntaxError or WidgetManifestError from `questionsOf` when the content is broken
 *   (`check:content` refuses such content before it is deployed)
 */
export function questionsLoader({ lessonsDir, schemasDir, root }: QuestionFolders): (day: number) => Question[] | null {
  const days = new Map<number, Question[] | null>();
  let manifest: WidgetManifestEntry[] | undefined;
  return (day) => {
    if (!days.has(day)) {
      const lessonFile = join(lessonsDir, `day-${day}.mdx`);
      const schemaFile = join(schemasDir, `day-${day}.schema.json`);
      if (!existsSync(lessonFile) || !existsSync(schemaFile)) days.set(day, null);
      else {
        manifest ??= readWidgetManifest(root);
        const lesson = parseLesson(`day-${day}.mdx`, readFileSync(lessonFile, 'utf8'));
        days.set(day, lessonQuestions(lesson, manifest, JSON.parse(readFileSync(schemaFile, 'utf8')) as AnswersSchema));
      }
    }
    return days.get(day)!;
  };
}
