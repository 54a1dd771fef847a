import { text } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { answerFields } from '../../engine/schema/index.ts';
import { FIXTURE_DAYS_DIR, fixtureSchema, publishedFixtureDays } from '../../test/fixture-days.ts';
import { questionsLoader } from '../../scripts/questions/questions.ts';
import { answersCsv, inertCell, MAX_HEADING_LENGTH, type ExportColumn } from './export.ts';

const questions = questionsLoader({ lessonsDir: FIXTURE_DAYS_DIR, schemasDir: FIXTURE_DAYS_DIR, root: process.cwd() });

/** Every published fixture day's fields, each headed by its question, as the export route makes them. */
function columnsOfTheWeek(): ExportColumn[] {
  return publishedFixtureDays.flatMap(({ day }) => {
    const fields = new Map(answerFields(fixtureSchema(day)).map((field) => [field.path, field]));
    return questions(day)!.map((question) => ({ day, field: fields.get(question.path)!, question }));
  });
}

describe('the answers CSV', () => {
  it('parses, for a class of 30, into one column per field headed by its question, the row of paths intact', async () => {
    const columns = columnsOfTheWeek();
    const students = Array.from({ length: 30 }, (_, index) => ({
      username: `student${index + 1}`,
      firstName: `First${index + 1}`,
      lastName: `Last ${index + 1}`,
      // Every other student answered Day 1's opening question, reading in Spanish; the rest saved nothing.
      answers: new Map(index % 2 === 0 ? [[1, { opening: `Answer of ${index + 1}` }]] : []),
      languages: new Map(index % 2 === 0 ? [[1, 'es']] : []),
    }));
    const days = [...new Set(columns.map(({ day }) => day))];
    const [header, paths, ...rows] = parse(await text(answersCsv(columns, students)), { bom: true }) as string[][];
    // Each day's columns open with the language of its last save.
    expect(header).toHaveLength(3 + days.length + columns.length);
    expect(paths).toEqual([
      'username',
      'first_name',
      'last_name',
      ...days.flatMap((day) => [`day${day}.language`, ...columns.filter((column) => column.day === day).map(({ field }) => `day${day}.${field.path}`)]),
    ]);
    expect(header!.slice(3)).toEqual(days.flatMap((day) => [`Day ${day} · Language`, ...columns.filter((column) => column.day === day).map(({ question }) => `Day ${day} · ${question!.part}: ${question!.prompt}`)]));
    expect(rows).toHaveLength(30);
    expect(rows.map((row) => row[0])).toEqual(students.map(({ username }) => username));
    for (const row of rows) expect(row).toHaveLength(3 + days.length + columns.length);
    expect(rows[0]![paths!.indexOf('day1.opening')]).toBe('Answer of 1');
    expect(rows[0]![paths!.indexOf('day1.language')]).toBe('es');
    expect(rows[1]![paths!.indexOf('day1.opening')]).toBe('');
    expect(rows[1]![paths!.indexOf('day1.language')]).toBe('');
  });

  it('puts the feedback on a field in a column right after it, only for fields that have any, each note with its author and whether it was read', async () => {
    const columns = columnsOfTheWeek();
    const students = ['ana', 'ben', 'cy'].map((username) => ({ username, firstName: username, lastName: 'Student', answers: new Map([[1, { opening: `${username}'s answer` }]]) }));
    const feedback = [
      { username: 'ana', day: 1, field: 'opening', author: 'Maria Rivera', body: 'Good.\nNow an example?', readAt: new Date('2026-11-23T10:02:30Z') },
      { username: 'ana', day: 1, field: 'opening', author: 'Sam Okafor', body: '=1+1 is not an answer', readAt: null },
      { username: 'cy', day: 1, field: 'opening', author: 'Maria Rivera', body: 'See me.', readAt: null },
    ];
    const [header, paths, ...rows] = parse(await text(answersCsv(columns, students, feedback)), { bom: true }) as string[][];
    // One column more than the fields and the days' languages: only day1.opening has feedback.
    expect(paths).toHaveLength(3 + new Set(columns.map(({ day }) => day)).size + columns.length + 1);
    const at = paths!.indexOf('day1.opening.feedback');
    expect(at).toBe(paths!.indexOf('day1.opening') + 1);
    expect(header![at]).toBe(`Feedback · ${header![at - 1]}`);
    expect(rows.map((row) => row[at])).toEqual(['Maria Rivera (read 2026-11-23 10:02 UTC): Good.\nNow an example?\n\nSam Okafor (not read yet): =1+1 is not an answer', '', 'Maria Rivera (not read yet): See me.']);
    expect(rows[0]![at - 1]).toBe("ana's answer");
  });

  it(`cuts a heading only past ${MAX_HEADING_LENGTH} characters, ending it with "…"`, async () => {
    const [first] = columnsOfTheWeek();
    const long = { ...first!, question: { part: 'A part', prompt: 'Why? '.repeat(60).trim() } };
    const exact = { ...first!, question: { part: '', prompt: 'x'.repeat(MAX_HEADING_LENGTH - 'Day 1 · '.length) } };
    const [header] = parse(await text(answersCsv([long, exact], [])), { bom: true }) as string[][];
    // header[3] is Day 1's language column.
    expect(header![4]).toHaveLength(MAX_HEADING_LENGTH);
    expect(header![4]!.endsWith('…')).toBe(true);
    expect(header![4]!.startsWith('Day 1 · A part: Why? Why?')).toBe(true);
    expect(header![5]).toBe(`Day 1 · ${'x'.repeat(MAX_HEADING_LENGTH - 'Day 1 · '.length)}`);
  });

  it('makes a cell that a spreadsheet would run as a formula inert', () => {
    expect(['=1+1', '+A1', '-2', '@SUM(A1)', '\tx', 'plain'].map(inertCell)).toEqual(["'=1+1", "'+A1", "'-2", "'@SUM(A1)", "'\tx", 'plain']);
  });
});
