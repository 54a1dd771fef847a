import { describe, expect, it } from 'vitest';
import { changedFields, mergeAnswers } from './merge.ts';
import type { AnswersSchema } from './types.ts';

const text = { type: 'string', description: 'a text', default: '' } as const;

const schema: AnswersSchema = {
  type: 'object',
  default: {},
  properties: {
    question: text,
    blanks: { type: 'array', minItems: 3, maxItems: 3, default: ['', '', ''], items: text },
    plan: { type: 'object', default: {}, properties: { first: text, second: text } },
    order: {
      type: 'object',
      'x-merge': 'atomic',
      default: {},
      properties: {
        available: { type: 'array', default: ['a', 'b'], items: text },
        ordered: { type: 'array', minItems: 2, maxItems: 2, default: ['', ''], items: text },
      },
    },
  },
};

const base = { question: '', blanks: ['', '', ''], plan: { first: '', second: '' }, order: { available: ['a', 'b'], ordered: ['', ''] } };

describe('mergeAnswers', () => {
  describe('two tabs that edited different fields', () => {
    it('keeps the field changed here and takes every other field from the server', () => {
      const local = { ...base, question: 'typed in tab 1' };
      const server = { ...base, plan: { first: 'typed in tab 2', second: '' } };
      expect(mergeAnswers(schema, base, local, server)).toEqual({ ...base, question: 'typed in tab 1', plan: { first: 'typed in tab 2', second: '' } });
    });

    it('merges the items of a fixed-length list one by one', () => {
      const local = { ...base, blanks: ['DNA', '', ''] };
      const server = { ...base, blanks: ['', '', 'protein'] };
      expect(mergeAnswers(schema, base, local, server).blanks).toEqual(['DNA', '', 'protein']);
    });

    it('merges the fields of a nested object one by one', () => {
      const local = { ...base, plan: { first: 'mine', second: '' } };
      const server = { ...base, plan: { first: '', second: 'theirs' } };
      expect(mergeAnswers(schema, base, local, server).plan).toEqual({ first: 'mine', second: 'theirs' });
    });
  });

  describe('a field both sides changed', () => {
    it('goes to the local side by default, since the student is typing here', () => {
      expect(mergeAnswers(schema, base, { ...base, question: 'here' }, { ...base, question: 'there' }).question).toBe('here');
    });

    it('goes to the server when asked (a draft older than the server copy)', () => {
      expect(mergeAnswers(schema, base, { ...base, question: 'here' }, { ...base, question: 'there' }, 'server').question).toBe('there');
    });

    it('is never split inside a node marked "x-merge": "atomic", so a step cannot end up in both lists', () => {
      const local = { ...base, order: { available: ['b'], ordered: ['a', ''] } };
      const server = { ...base, order: { available: ['a'], ordered: ['', 'b'] } };
      expect(mergeAnswers(schema, base, local, server).order).toEqual(local.order);
      expect(mergeAnswers(schema, base, local, server, 'server').order).toEqual(server.order);
    });
  });

  describe('a page whose load failed (the base is the defaults)', () => {
    it('keeps only what the student typed and takes every earlier answer from the server', () => {
      const local = { ...base, question: 'the one answer typed after the failed load' };
      const server = { ...base, blanks: ['DNA', 'transcription', 'translation'], plan: { first: 'earlier', second: 'work' } };
      expect(mergeAnswers(schema, base, local, server)).toEqual({ ...server, question: 'the one answer typed after the failed load' });
    });
  });

  it('keeps keys the schema does not declare from both sides (older shapes)', () => {
    const merged = mergeAnswers(schema, base, { ...base, oldLocal: 'a' }, { ...base, oldServer: 'b' });
    expect(merged).toMatchObject({ oldLocal: 'a', oldServer: 'b' });
  });

  it('changes none of its arguments', () => {
    const local = { ...base, question: 'x', blanks: ['1', '', ''] };
    const server = { ...base, plan: { first: 'y', second: '' } };
    const before = structuredClone({ base, local, server });
    mergeAnswers(schema, base, local, server);
    expect({ base, local, server }).toEqual(before);
  });
});

describe('changedFields', () => {
  it('lists the dotted paths whose values differ, as widgets name their fields', () => {
    expect(changedFields(base, { ...base, blanks: ['', 'x', ''], plan: { first: '', second: 'y' } })).toEqual([
      ['blanks.1', 'x'],
      ['plan.second', 'y'],
    ]);
  });

  it('lists a list whose length changed as one field', () => {
    expect(changedFields(base, { ...base, order: { available: ['a'], ordered: ['b', ''] } })).toEqual([
      ['order.available', ['a']],
      ['order.ordered.0', 'b'],
    ]);
  });

  it('lists nothing for equal answers', () => {
    expect(changedFields(base, structuredClone(base))).toEqual([]);
  });
});
