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
  /** By day, the language the student was reading at the day's last save (`es`); absent or null when not said. */
  languages?: ReadonlyMap<number, string | null>;
}

/** One piece of feedback on an answer (docs/facilitators.md#feedback), for its column beside the answer's. */
export interface ExportFeedback {
  /** The student's username, as in {@link ExportStudent}. */
  username: string;
  day: number;
  /** The answers path it is about. */
  field: string;
  /** Who wrote it, "Maria Rivera". */
  author: string;
  body: string;
  /** When the student read it; null while unread. */
  readAt: Date | null;
}

/** `2026-11-23 10:02 UTC`. */
function utcMinute(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The feedback on one answer as one cell: each `Maria Rivera (read 2026-11-23 10:02 UTC): text`, a blank line between. */
function feedbackCell(feedback: readonly ExportFeedback[]): string {
  return feedback.map(({ author, body, readAt }) => `${author} (${readAt ? `read ${utcMinute(readAt)}` : 'not read yet'}): ${body}`).join('\n\n');
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
 * Each day's columns open with one holding the language the student was reading at the day's last save,
 * headed `Day 1 · Language` and `day1.language` (`es`; empty when never saved or not said).
 *
 * A field that any student has feedback on gets a second column right after its own, headed
 * `Feedback · <its heading>` and `day1.worksheet.2.feedback`, holding each student's feedback on it
 * ({@link feedbackCell}); a field without feedback has no such column.
 *
 * @param feedback - the feedback on these students' answers, oldest first
 * @returns a readable stream of UTF-8 text, to send as the response body
 */
export function answersCsv(columns: readonly ExportColumn[], students: Iterable<ExportStudent>, feedback: readonly ExportFeedback[] = []): Readable {
  const byAnswer = new Map<string, ExportFeedback[]>();
  for (const each of feedback) {
    const key = `${each.username}\u0000${each.day}.${each.field}`;
    byAnswer.set(key, [...(byAnswer.get(key) ?? []), each]);
  }
  const withFeedback = new Set(feedback.map(({ day, field }) => `${day}.${field}`));
  const hasFeedback = ({ day, field }: ExportColumn) => withFeedback.has(`${day}.${field.path}`);
  /** Whether a column is its day's first, which the day's language column comes before. */
  const opensDay = (column: ExportColumn, index: number) => index === 0 || columns[index - 1]!.day !== column.day;
  const header = [
    'Username',
    'First name',
    'Last name',
    ...columns.flatMap((column, index) => [
      ...(opensDay(column, index) ? [`Day ${column.day} · Language`] : []),
      heading(column),
      ...(hasFeedback(column) ? [`Feedback · ${heading(column)}`] : []),
    ]),
  ];
  const paths = [
    'username',
    'first_name',
    'last_name',
    ...columns.flatMap((column, index) => {
      const path = `day${column.day}.${column.field.path}`;
      return [...(opensDay(column, index) ? [`day${column.day}.language`] : []), path, ...(hasFeedback(column) ? [`${path}.feedback`] : [])];
    }),
  ];
  const csv = stringify({ bom: true, record_delimiter: 'windows', cast: { string: inertCell } });
  const rows = (function* () {
    yield header;
    yield paths;
    for (const student of students) {
      yield [
        student.username,
        student.firstName,
        student.lastName,
        ...columns.flatMap((column, index) => {
          const { day, field } = column;
          const answer = isAnswered(field, student.answers.get(day)) ? cellText(valueAt(student.answers.get(day), field.path)) : '';
          return [
            ...(opensDay(column, index) ? [student.languages?.get(day) ?? ''] : []),
            answer,
            ...(hasFeedback(column) ? [feedbackCell(byAnswer.get(`${student.username}\u0000${day}.${field.path}`) ?? [])] : []),
          ];
        }),
      ];
    }
  })();
  return Readable.from(rows).pipe(csv);
}
