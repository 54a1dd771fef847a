/**
 * A class's answers as CSV (docs/facilitators.md#export): one row a student, one column an answer
 * field, headed by the field's path and its schema description. UTF-8 with a byte-order mark, so that
 * spreadsheet programs show accents; written by `csv-stringify` as a stream, a student at a time.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { AnswerField, Answers } from '../../engine/schema/index.ts';
import { isAnswered, valueAt } from '../../engine/schema/index.ts';

/** One column of answers: a day's field. */
export interface ExportColumn {
  day: number;
  /** The day's title from its lesson's front matter, e.g. "Gene Regulation". */
  title: string;
  field: AnswerField;
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
 * Streams the CSV: the byte-order mark, a header row (`Username`, `First name`, `Last name`, then per
 * column `Day 1 · Gene Regulation · worksheet.0: <label>`: the day, its title and the field's path), then
 * one row per student.
 *
 * @returns a readable stream of UTF-8 text, to send as the response body
 */
export function answersCsv(columns: readonly ExportColumn[], students: Iterable<ExportStudent>): Readable {
  const header = ['Username', 'First name', 'Last name', ...columns.map(({ day, title, field }) => `Day ${day} · ${title} · ${field.path}: ${field.label}`)];
  const csv = stringify({ bom: true, record_delimiter: 'windows', cast: { string: inertCell } });
  const rows = (function* () {
    yield header;
    for (const student of students) {
      yield [student.username, student.firstName, student.lastName, ...columns.map(({ day, field }) => (isAnswered(field, student.answers.get(day)) ? cellText(valueAt(student.answers.get(day), field.path)) : ''))];
    }
  })();
  return Readable.from(rows).pipe(csv);
}
