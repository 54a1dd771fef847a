import { describe, expect, it } from 'vitest';
import type { AnswersSchema } from '../../engine/schema/index.ts';
import { schemaLine, unboundFields, whyNotAField } from './schema-fields.ts';

const text: AnswersSchema = { type: 'string', default: '', description: 'Text.' };
const schema: AnswersSchema = {
  type: 'object',
  default: {},
  description: 'Answers.',
  properties: {
    blanks: { type: 'array', minItems: 3, maxItems: 3, default: ['', '', ''], description: 'Blanks.', items: text },
    notes: { type: 'array', minItems: 0, default: [], description: 'Any number of notes.', items: text },
    plan: {
      type: 'object',
      default: {},
      description: 'A plan.',
      properties: { first: text, second: text },
    },
    legacy: { type: 'object', default: {}, description: 'Old.', 'x-no-input': true, properties: { old: text } },
  },
};

describe('fields bound by no widget', () => {
  it('are reported at the topmost unbound field, so a list nobody binds is one line', () => {
    expect(unboundFields(schema, [])).toEqual(['blanks', 'notes', 'plan']);
  });

  it('are reported item by item in a fixed-length list that is partly bound', () => {
    expect(unboundFields(schema, ['blanks.1', 'notes.0', 'plan.first'])).toEqual(['blanks.0', 'blanks.2', 'plan.second']);
  });

  it('include nothing under a widget that binds a whole object or list', () => {
    expect(unboundFields(schema, ['blanks', 'notes', 'plan'])).toEqual([]);
  });

  it('never include fields marked "x-no-input": true, nor anything under them', () => {
    expect(unboundFields(schema, ['blanks', 'notes', 'plan'])).not.toContain('legacy.old');
  });
});

describe('why a name is not a field', () => {
  it('lists the fields that are there instead', () => {
    expect(whyNotAField(schema, 'plan.third')).toBe('no field "plan.third" ("plan" has first, second)');
    expect(whyNotAField(schema, 'blank.0')).toBe('no field "blank.0" (the schema has blanks, notes, plan, legacy)');
  });

  it('gives the numbers a list item may have', () => {
    expect(whyNotAField(schema, 'blanks.3')).toBe('no field "blanks.3" ("blanks" holds 3 items, numbered 0 to 2)');
    expect(whyNotAField(schema, 'blanks.first')).toBe('no field "blanks.first" ("blanks" is a list: use an index such as blanks.0)');
  });
});

describe('the line of a field in the schema file', () => {
  it('is the line of its property, or of the list items for an item', () => {
    const json = JSON.stringify(schema, null, 2);
    const lines = json.split('\n');
    expect(lines[schemaLine(json, 'plan.second') - 1]).toContain('"second": {');
    expect(lines[schemaLine(json, 'blanks.2') - 1]).toContain('"items": {');
    expect(schemaLine(json, 'nowhere')).toBe(1);
  });
});
