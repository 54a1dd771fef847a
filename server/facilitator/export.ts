/**
 * A class's answers as CSV (docs/facilitators.md#export): one row a student, one column an answer
 * field in lesson order, headed by the question as the lesson asks it, with a second header row of the
 * fields' paths for scripts. UTF-8 with a byte-order mark, so that spreadsheet programs show accents;
 * written by `csv-stringify` as a stream, a student at a time.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { AnswerField, Answers } from '../../engine/schema/index.ts';
import { isAnswered, valueAt } from '../../engine/schema/index.ts';

/** One column of answers: a day's field, and what the lesson asks for it. */
export interface ExportColumn {
  day: number;
  field: AnswerField;
  /** The question as the lesson shows it (scripts/questions/questions.ts); null: the schema's description stands in. */
  question: { part: string; prompt: string } | null;
}

/** Longest column heading, characters: a longer one is cut, ending in "…". */
export const MAX_HEADING_LENGTH = 150;

/** A column's heading: `Day 1 · <part>: <prompt>`, cut past {@link MAX_HEADING_LENGTH} characters. */
function heading({ day, field, question }: ExportColumn): string {
  const text = question ? `Day ${day} · ${question.part === '' ? '' : `${question.part}: `}${question.prompt}` : `Day ${day} · ${field.label}`;
  return text.length > MAX_HEADING_LENGTH ? `${text.slice(0, MAX_HEADING_LENGTH - 1).trimEnd()}…` : text;
}

/** One student's row: who, and their repaired answers by day (a day never saved is absent). */
export interface ExportStudent {
  username: string;
  firstName: string;
  lastName: string;
  answers: ReadonlyMap<number, Answers>;
}

/** Characters that make a spreadsheet treat a cell as a formula (OWASP "CSV injection"), tab and carriage return included. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell's text, made inert: a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a
 * leading apostrophe, which spreadsheet programs show as text and never evaluate.
 */
export function inertCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * An answer as one cell: text as written; a list one item per line; an object (an ordering exercise)
 * one `key: value` line per property; empty when the field is unanswered.
 */
function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(cellText).filter((item) => item !== '').join('\n');
  if (typeof value === 'object') {
    return Object.entries(value)
      .map(([key, item]) => [key, cellText(item).replaceAll('\n', ' | ')] as const)
      .filter(([, text]) => text !== '')
      .map(([key, text]) => `${key}: ${text}`)
      .join('\n');
  }
  return JSON.stringify(value);
}

/**
 * Streams the CSV: the byte-order mark; a header row for people (`Username`, `First name`, `Last name`,
 * then per column `Day 1 · Worksheet: check your reading: Worksheet 3: what is an operon…`, see
 * {@link heading}); a header row for scripts (`username`, `first_name`, `last_name`, then per column the
 * day and the field's path, `day1.worksheet.2`); then one row per student.
 *
 * @returns a readable stream of UTF-8 text, to send as the response body
 */
export function answersCsv(columns: readonly ExportColumn[], students: Iterable<ExportStudent>): Readable {
  const header = ['Username', 'First name', 'Last name', ...columns.map(heading)];
  const paths = ['username', 'first_name', 'last_name', ...columns.map(({ day, field }) => `day${day}.${field.path}`)];
  const csv = stringify({ bom: true, record_delimiter: 'windows', cast: { string: inertCell } });
  const rows = (function* () {
    yield header;
    yield paths;
    for (const student of students) {
      yield [student.username, student.firstName, student.lastName, ...columns.map(({ day, field }) => (isAnswered(field, student.answers.get(day)) ? cellText(valueAt(student.answers.get(day), field.path)) : ''))];
    }
  })();
  return Readable.from(rows).pipe(csv);
}
