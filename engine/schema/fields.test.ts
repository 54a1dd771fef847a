import { describe, expect, it } from 'vitest';
import { storySchema, storyText, storyTextList } from '../storybook/story-schema.ts';
import { answerFields, choiceBlanks, shortDescription, valueAt } from './fields.ts';
import type { AnswersSchema } from './types.ts';

const choice: AnswersSchema = { type: 'string', description: 'The category: "a", "b" or "".', enum: ['', 'a', 'b'], default: '' };
const rows: AnswersSchema = {
  type: 'array',
  description: 'Rows to sort.',
  minItems: 2,
  maxItems: 2,
  default: [
    { subject: 'First', pick: '', notes: '' },
    { subject: 'Second', pick: '', notes: '' },
  ],
  items: { type: 'object', description: 'One row.', default: {}, properties: { subject: storyText('The subject, fixed.'), pick: choice, notes: storyText('Notes.') } },
};
const schema = storySchema({
  list: storyTextList(3, 'Three short answers.'),
  order: {
    type: 'object',
    description: 'An ordering exercise.',
    'x-merge': 'atomic',
    default: {},
    properties: { available: storyTextList(2, 'Not placed.'), ordered: storyTextList(2, 'Placed.') },
  },
  section: { type: 'object', description: 'A section.', default: {}, properties: { essay: storyText('An essay.'), rows, picks: { ...storyTextList(2, 'Two picks.'), items: choice } } },
  hidden: { type: 'object', description: 'Kept from older pages.', 'x-no-input': true, default: {}, properties: { points: { type: 'integer', description: 'Points.', default: 0 } } },
  single: choice,
});

describe('answerFields', () => {
  it('lists each answerable field once, in schema order, grouped by its top-level object, skipping fields with no input', () => {
    expect(answerFields(schema).map(({ path, description, group }) => [path, description, group?.path ?? null])).toEqual([
      ['list', 'Three short answers.', null],
      ['order', 'An ordering exercise.', null],
      ['section.essay', 'An essay.', 'section'],
      ['section.rows', 'Rows to sort.', 'section'],
      ['section.picks', 'Two picks.', 'section'],
      ['single', 'The category: "a", "b" or "".', null],
    ]);
    expect(answerFields(schema)[2]!.group).toEqual({ path: 'section', description: 'A section.' });
  });
});

describe('valueAt', () => {
  const answers = { section: { rows: [{ pick: 'a' }, { pick: 'b' }] }, list: ['x'] };
  it('reads through objects and lists', () => {
    expect(valueAt(answers, 'section.rows.1.pick')).toBe('b');
    expect(valueAt(answers, 'list.0')).toBe('x');
    expect(valueAt(answers, '')).toBe(answers);
  });
  it('is undefined where the path leaves the answers', () => {
    expect(valueAt(answers, 'section.rows.5.pick')).toBeUndefined();
    expect(valueAt(answers, 'list.0.deeper')).toBeUndefined();
    expect(valueAt(answers, 'toString')).toBeUndefined();
  });
});

describe('choiceBlanks', () => {
  it('finds the choice in each row, named by the row subject and the short description', () => {
    expect(choiceBlanks(rows)).toEqual([
      { path: '0.pick', label: 'First · The category', options: ['', 'a', 'b'] },
      { path: '1.pick', label: 'Second · The category', options: ['', 'a', 'b'] },
    ]);
  });
  it('numbers the items of a list of choices, and names a single choice ""', () => {
    expect(choiceBlanks({ ...storyTextList(2, 'Two picks.'), items: choice }).map((blank) => [blank.path, blank.label])).toEqual([
      ['0', '1'],
      ['1', '2'],
    ]);
    expect(choiceBlanks(choice)).toEqual([{ path: '', label: '', options: ['', 'a', 'b'] }]);
  });
  it('finds none in free text', () => {
    expect(choiceBlanks(storyText('An essay.'))).toEqual([]);
  });
});

describe('shortDescription', () => {
  it('keeps the words before the first full stop, colon, semicolon or comma', () => {
    expect(shortDescription("The gene's symbol, shown read-only.")).toBe("The gene's symbol");
    expect(shortDescription('Why it matters: what goes wrong.')).toBe('Why it matters');
    expect(shortDescription('Version 1.5 notes')).toBe('Version 1.5 notes');
  });
});
