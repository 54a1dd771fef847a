import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answerFields, type AnswersSchema } from '../../engine/schema/index.ts';
import { FIXTURE_DAYS_DIR, fixtureDays } from '../../test/fixture-days.ts';
import { daysOf } from '../published-days/days.ts';
import { BLANK, questionsLoader } from './questions.ts';

const REPOSITORY = join(import.meta.dirname, '..', '..');
const weekQuestions = questionsLoader({ lessonsDir: join(REPOSITORY, 'content', 'days'), schemasDir: join(REPOSITORY, 'schemas'), root: REPOSITORY });
const fixtureQuestions = questionsLoader({ lessonsDir: FIXTURE_DAYS_DIR, schemasDir: FIXTURE_DAYS_DIR, root: REPOSITORY });
const schemaOf = (file: string) => JSON.parse(readFileSync(join(REPOSITORY, file), 'utf8')) as AnswersSchema;

describe('every question as the student saw it', () => {
  const days = [
    ...daysOf(REPOSITORY, { drafts: true }).map((entry) => ({ ...entry, questions: weekQuestions(entry.day) })),
    ...fixtureDays.map((entry) => ({ ...entry, questions: fixtureQuestions(entry.day) })),
  ];

  it.each(days.map((entry) => [entry.lesson, entry] as const))('%s asks one question for each answer field of its schema, each once', (_lesson, { schema, questions }) => {
    const paths = (questions ?? []).map(({ path }) => path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual(answerFields(schemaOf(schema)).map(({ path }) => path).sort());
    for (const question of questions ?? []) expect(question.prompt.trim(), question.path).not.toBe('');
  });

  it('gives a text input the label the student reads, under the heading of its part, in lesson order', () => {
    const questions = fixtureQuestions(1)!;
    expect(questions[0]).toEqual({ path: 'opening', prompt: 'Opening question', part: 'Opening', kind: 'free_text' });
    expect(questions.map(({ path }) => path)).toEqual(['opening', 'blanks.0', 'blanks.1', 'blanks.2', 'blanks.3', 'pace', 'steps', 'inquiry.think', 'wrap.reflection', 'wrap.nextStep']);
  });

  it('gives a blank its sentence with the blank marked and the other blanks named, and the two words offered', () => {
    const questions = fixtureQuestions(1)!;
    expect(questions.find(({ path }) => path === 'blanks.1')).toEqual({
      path: 'blanks.1',
      prompt: `A fixture sentence has [Blank 1], ${BLANK}, [Blank 3] and [Blank 4] in it.`,
      part: 'Blanks',
      kind: 'blank_choice',
      options: ['three', 'four'],
    });
    // Choices written as { value, label } read as the student reads them.
    expect(questions.find(({ path }) => path === 'pace')).toMatchObject({ prompt: `It moves ${BLANK}.`, options: ['slowly', 'quickly'] });
  });

  it("gives an ordering exercise its instruction", () => {
    expect(fixtureQuestions(1)!.find(({ path }) => path === 'steps')).toEqual({ path: 'steps', prompt: 'Put the fixture steps in order', part: 'Order the steps', kind: 'ordering' });
  });

  it("gives each cell of a table the table's caption, its row's heading and its column's header, and a select cell its options", () => {
    const cells = fixtureQuestions(2)!.filter(({ kind }) => kind === 'table_cell');
    expect(cells.map(({ path }) => path)).toEqual(['table.0.group', 'table.0.notes', 'table.1.group', 'table.1.notes', 'table.2.group', 'table.2.notes']);
    expect(cells[2]).toEqual({ path: 'table.1.group', prompt: 'Sort each fixture item. (Beta: Group)', part: 'Sort the table', kind: 'table_cell', options: ['Group A', 'Group B'] });
    expect(cells[3]).toEqual({ path: 'table.1.notes', prompt: 'Sort each fixture item. (Beta: Notes)', part: 'Sort the table', kind: 'table_cell' });
  });

  it('has nothing for a day without a lesson or a schema', () => {
    expect(fixtureQuestions(99)).toBeNull();
  });
});
