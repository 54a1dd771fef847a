/**
 * The two files of a new day (docs/authoring.md, "Adding a day"): a lesson whose front matter names the
 * day, with one question, and the answers schema of that question. Used by `npm run new:day`.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A file to write: its path relative to the repository, and its text. */
interface NewFile {
  path: string;
  text: string;
}

/** The lesson and the schema of a new day. */
export interface NewDayFiles {
  lesson: NewFile;
  schema: NewFile;
}

/**
 * The files of Day `day` titled `title`: a lesson with an objective and one free-text question bound to
 * `notes`, and a schema declaring `notes` with its `default` and `description`.
 *
 * @param day - a positive whole number, e.g. 6
 * @param title - the day's name as menus and the console show it, e.g. "Cells and Signals"
 * @throws Error when `day` is not a positive whole number or `title` is empty
 */
export function newDayFiles(day: number, title: string): NewDayFiles {
  if (!Number.isInteger(day) || day < 1) throw new Error(`the day number must be a positive whole number, not ${JSON.stringify(day)}`);
  if (title.trim() === '') throw new Error('the day needs a title');
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `https://helix.example/schemas/day-${day}.schema.json`,
    title: `Day ${day} answers: ${title.trim()}`,
    description: `A student's answers for Day ${day}. Sent and stored whole.`,
    type: 'object',
    default: {},
    properties: {
      notes: { type: 'string', maxLength: 4000, description: "The student's first thoughts on today's question, in their own words.", default: '' },
    },
  };
  const lesson = [
    '---',
    `title: ${JSON.stringify(title.trim())}`,
    '---',
    '',
    "Write today's opening here: what students will find out, in a sentence or two.",
    '',
    '<Card title="Today\'s objective" tone="tip">',
    '',
    'By the end of today you will be able to explain …',
    '',
    '</Card>',
    '',
    '## First question',
    '',
    '<FreeText name="notes" label="What do you already know about today\'s topic?" rows={4} />',
    '',
  ].join('\n');
  return {
    lesson: { path: join('content', 'days', `day-${day}.mdx`), text: lesson },
    schema: { path: join('schemas', `day-${day}.schema.json`), text: `${JSON.stringify(schema, null, 2)}\n` },
  };
}

/**
 * Writes the files under `root`.
 *
 * @throws Error naming the file when either exists already; nothing is written then
 */
export function writeNewDay(root: string, files: NewDayFiles): void {
  for (const { path } of [files.lesson, files.schema]) if (existsSync(join(root, path))) throw new Error(`${path} exists already; choose another day number`);
  for (const { path, text } of [files.lesson, files.schema]) writeFileSync(join(root, path), text);
}
