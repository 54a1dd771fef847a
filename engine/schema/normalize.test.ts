import { describe, expect, it } from 'vitest';
import { defaultsOf, normalize, schemaAt } from './normalize.ts';
import type { AnswersSchema } from './types.ts';

const text = (description = 'a text') => ({ type: 'string', description, default: '' }) as const;

const schema: AnswersSchema = {
  type: 'object',
  default: {},
  properties: {
    note: text(),
    blanks: { type: 'array', minItems: 3, maxItems: 3, default: ['', '', ''], items: text() },
    pool: { type: 'array', minItems: 0, maxItems: 4, default: ['a', 'b'], items: text() },
    slots: { type: 'array', minItems: 2, default: ['', ''], items: text() },
    nested: {
      type: 'object',
      default: {},
      properties: { deep: { type: 'object', default: {}, properties: { leaf: text() } }, count: { type: 'integer', default: 5 } },
    },
    rows: {
      type: 'array',
      default: [{ gene: 'HK1', category: 'typical' }],
      items: {
        type: 'object',
        default: { gene: '', category: '' },
        properties: { gene: text(), category: { type: 'string', enum: ['', 'typical', 'suspicious'], default: '' } },
      },
    },
  },
};

describe('normalize', () => {
  describe('with nothing saved', () => {
    it('returns every default, all the way down', () => {
      expect(normalize(schema, undefined)).toEqual({
        note: '',
        blanks: ['', '', ''],
        pool: ['a', 'b'],
        slots: ['', ''],
        nested: { deep: { leaf: '' }, count: 5 },
        rows: [{ gene: 'HK1', category: 'typical' }],
      });
    });

    it('treats a saved value that is not an object (null, a string, a list) as nothing saved', () => {
      for (const saved of [null, 'answers', [1, 2], 42]) expect(normalize(schema, saved)).toEqual(defaultsOf(schema));
    });
  });

  describe('with saved answers', () => {
    it('keeps what was saved over the defaults', () => {
      const result = normalize<Record<string, unknown>>(schema, { note: 'mine', nested: { deep: { leaf: 'kept' } } });
      expect(result.note).toBe('mine');
      expect(result.nested).toEqual({ deep: { leaf: 'kept' }, count: 5 });
    });

    it('pads a fixed-length array with its item default', () => {
      expect(normalize<Record<string, unknown>>(schema, { blanks: ['x'] }).blanks).toEqual(['x', '', '']);
    });

    it('trims a fixed-length array that is too long', () => {
      expect(normalize<Record<string, unknown>>(schema, { blanks: ['1', '2', '3', '4'] }).blanks).toEqual(['1', '2', '3']);
    });

    it('pads a variable array only up to minItems and trims it to maxItems', () => {
      const result = normalize<Record<string, unknown>>(schema, { pool: ['1', '2', '3', '4', '5'], slots: ['only'] });
      expect(result.pool).toEqual(['1', '2', '3', '4']);
      expect(result.slots).toEqual(['only', '']);
    });

    it('keeps an empty variable array instead of restoring its default', () => {
      expect(normalize<Record<string, unknown>>(schema, { pool: [] }).pool).toEqual([]);
    });

    it('restores the default where a saved value has the wrong type', () => {
      const result = normalize<Record<string, unknown>>(schema, { note: 7, blanks: 'x', nested: { count: 'five' }, rows: 'table' });
      expect(result.note).toBe('');
      expect(result.blanks).toEqual(['', '', '']);
      expect(result.nested).toEqual({ deep: { leaf: '' }, count: 5 });
      expect(result.rows).toEqual([{ gene: 'HK1', category: 'typical' }]);
    });

    it('repairs array items one by one: a wrong item becomes the item default, the others stay', () => {
      expect(normalize<Record<string, unknown>>(schema, { blanks: ['a', 5, null] }).blanks).toEqual(['a', '', '']);
    });

    it('replaces a value outside enum with the default and fills missing item fields', () => {
      const result = normalize<Record<string, unknown>>(schema, { rows: [{ gene: 'MYC', category: 'loud' }, { gene: 'TP53' }] });
      expect(result.rows).toEqual([
        { gene: 'MYC', category: '' },
        { gene: 'TP53', category: '' },
      ]);
    });

    it('keeps saved fields the schema no longer declares, so a renamed field never erases work', () => {
      expect(normalize<Record<string, unknown>>(schema, { oldField: 'student text' }).oldField).toBe('student text');
    });

    it('changes neither its input nor the schema defaults', () => {
      const saved = { blanks: ['x'], nested: { deep: { leaf: 'a' } } };
      const before = structuredClone(saved);
      const result = normalize<Record<string, unknown>>(schema, saved);
      (result.blanks as string[])[0] = 'changed';
      (result.pool as string[]).push('z');
      expect(saved).toEqual(before);
      expect(normalize<Record<string, unknown>>(schema, undefined).pool).toEqual(['a', 'b']);
    });
  });
});

describe('schemaAt', () => {
  it('walks properties and array items by a dotted path', () => {
    expect(schemaAt(schema, 'nested.deep.leaf')?.type).toBe('string');
    expect(schemaAt(schema, 'blanks.2')?.type).toBe('string');
    expect(schemaAt(schema, 'rows.0.category')?.enum).toEqual(['', 'typical', 'suspicious']);
  });

  it('finds nothing for a missing property or an index past a fixed length', () => {
    expect(schemaAt(schema, 'nested.missing')).toBeUndefined();
    expect(schemaAt(schema, 'blanks.3')).toBeUndefined();
    expect(schemaAt(schema, 'blanks.first')).toBeUndefined();
  });
});
