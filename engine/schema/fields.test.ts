import { describe, expect, it } from 'vitest';
import { storySchema, storyText, storyTextList } from '../storybook/story-schema.ts';
import { answerFields, choiceBlanks, countAnswered, shortDescription, valueAt } from './fields.ts';
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
  items: { type: 'object', description: 'One row.', default: {}, properties: { subject: { ...storyText('The subject, fixed.'), readOnly: true }, pick: choice, notes: storyText('Notes.') } },
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

describe('answerFields', () => {
  it('lists one field per input: list items, table cells and an atomic exercise, without read-only or hidden nodes', () => {
    expect(answerFields(schema).map(({ path }) => path)).toEqual([
      'list.0',
      'list.1',
      'list.2',
      'order',
      'section.essay',
      'section.rows.0.pick',
      'section.rows.0.notes',
      'section.rows.1.pick',
      'section.rows.1.notes',
      'section.picks.0',
      'section.picks.1',
      'single',
    ]);
  });

  it('labels an item by its list and a cell by its column and row', () => {
    const labels = Object.fromEntries(answerFields(schema).map(({ path, label }) => [path, label]));
    expect(labels['list.1']).toBe('Three short answers. (2)');
    expect(labels['section.rows.1.notes']).toBe('Notes. (row 2)');
    expect(labels['section.essay']).toBe('An essay.');
  });

  it('numbers items and cells as it is told, for a reader of another language', () => {
    const fila = (label: string, { number, row }: { number: number; row: boolean }) => (row ? `${label} (fila ${number})` : `${label} (${number})`);
    const labels = Object.fromEntries(answerFields(schema, fila).map(({ path, label }) => [path, label]));
    expect(labels['list.1']).toBe('Three short answers. (2)');
    expect(labels['section.rows.1.notes']).toBe('Notes. (fila 2)');
  });
});

describe('countAnswered', () => {
  const fields = answerFields(schema);

  it('counts the fields that differ from their defaults, spaces-only text as unanswered', () => {
    expect(countAnswered(fields, {})).toBe(0);
    expect(countAnswered(fields, { list: ['one', '   ', ''], single: 'a' })).toBe(2);
  });

  it('counts an ordering exercise once, when a step was placed', () => {
    const placed = { order: { available: ['', 'b'], ordered: ['a', ''] } };
    expect(countAnswered(fields, placed)).toBe(1);
  });

  it('counts a table row by its cells, never by its fixed subject', () => {
    const rows = [
      { subject: 'Changed', pick: 'b', notes: '' },
      { subject: 'Second', pick: '', notes: 'why' },
    ];
    expect(countAnswered(fields, { section: { rows } })).toBe(2);
  });
});
