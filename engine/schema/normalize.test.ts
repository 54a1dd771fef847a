import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coerceAnswers, coerceScalar, defaultsOf, isNormalized, isPlainObject, normalize, schemaAt } from './normalize.ts';
import type { AnswersSchema } from './types.ts';
import { fixtureSchema } from '../../test/fixture-days.ts';

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
      const result = normalize<Record<string, unknown>>(schema, { note: ['7'], blanks: 'x', nested: { count: 'five' }, rows: 'table' });
      expect(result.note).toBe('');
      expect(result.blanks).toEqual(['', '', '']);
      expect(result.nested).toEqual({ deep: { leaf: '' }, count: 5 });
      expect(result.rows).toEqual([{ gene: 'HK1', category: 'typical' }]);
    });

    it('repairs array items one by one: a wrong item becomes the item default, the others stay', () => {
      expect(normalize<Record<string, unknown>>(schema, { blanks: ['a', {}, null] }).blanks).toEqual(['a', '', '']);
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

describe('harmless other types (what a client that sends every answer as text stores)', () => {
  it('reads a number written as text as the number, and "" or null as unanswered', () => {
    const count = (saved: unknown) => normalize<{ nested: { count: unknown } }>(schema, { nested: { count: saved } }).nested.count;
    expect(count('3')).toBe(3);
    expect(count(' 12 ')).toBe(12);
    expect(count('')).toBe(5);
    expect(count(null)).toBe(5);
  });

  it('replaces text that is no whole number with the default of an integer field', () => {
    const count = (saved: unknown) => normalize<{ nested: { count: unknown } }>(schema, { nested: { count: saved } }).nested.count;
    expect(count('2.5')).toBe(5);
    expect(count('three')).toBe(5);
    expect(count('0x10')).toBe(5);
  });

  it('keeps a number or a boolean sent for a text field as its text', () => {
    expect(normalize<Record<string, unknown>>(schema, { note: 7, blanks: [true, 0.5, null] })).toMatchObject({ note: '7', blanks: ['true', '0.5', ''] });
  });
});

describe('coerceAnswers', () => {
  it('converts declared scalars only, leaving undeclared keys and mismatched containers for the type check', () => {
    const received = { note: 7, nested: { count: '4' }, blanks: 'x', old: 1 };
    expect(coerceAnswers(schema, received)).toEqual({ note: '7', nested: { count: 4 }, blanks: 'x', old: 1 });
    expect(received.note).toBe(7);
  });

  it('leaves out an unanswered number, and gives an unanswered list item its default in place', () => {
    expect(coerceAnswers(schema, { nested: { count: '' }, blanks: ['a', null, 'c'] })).toEqual({ nested: {}, blanks: ['a', '', 'c'] });
  });
});

describe('undeclared keys', () => {
  const schema: AnswersSchema = { type: 'object', properties: { note: { type: 'string', default: '' } } };

  it('keeps them, in the saved order, as copies the caller may change', () => {
    const saved = { old: { deep: ['kept'] }, note: 'hi' };
    const result = normalize<{ old: { deep: string[] }; note: string }>(schema, saved);
    expect(Object.keys(result)).toEqual(['old', 'note']);
    result.old.deep.push('changed');
    expect(saved.old.deep).toEqual(['kept']);
  });

  it('keeps a saved "__proto__" key as a plain key, never as the answers\' prototype', () => {
    const result = normalize<Record<string, unknown>>(schema, JSON.parse('{"__proto__": {"polluted": true}, "note": "hi"}'));
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.hasOwn(result, '__proto__')).toBe(true);
    expect(result.polluted).toBeUndefined();
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

/** Day 4's gene row: saved rows for TP53 show as EGFR, MYC as RAS (docs/requirements.md#answer-fields). */
const DAY_4_ROW: AnswersSchema = {
  type: 'object',
  description: 'One gene row.',
  default: { gene: '', normalFunction: '', whyMatters: '' },
  properties: {
    gene: { type: 'string', description: 'The gene.', default: '', 'x-value-aliases': { TP53: 'EGFR', MYC: 'RAS' } },
    normalFunction: text(),
    whyMatters: text(),
  },
};

describe('x-value-aliases', () => {
  // Mirrors Day 4's rule: saved rows for TP53 show as EGFR, MYC as RAS
  // (docs/requirements.md#answer-fields).
  const geneRows: AnswersSchema = {
    type: 'array',
    description: 'Gene function table.',
    minItems: 3,
    maxItems: 3,
    default: [
      { gene: 'EGFR', normalFunction: '', whyMatters: '' },
      { gene: 'RAS', normalFunction: '', whyMatters: '' },
      { gene: 'TDG', normalFunction: '', whyMatters: '' },
    ],
    items: DAY_4_ROW,
  };

  describe('with saved rows that name the genes of an older page', () => {
    it('shows a saved TP53 row as EGFR and a MYC row as RAS, keeping what the student wrote', () => {
      const saved = [
        { gene: 'TP53', normalFunction: 'guards the genome', whyMatters: 'lost in many cancers' },
        { gene: 'MYC', normalFunction: 'drives growth', whyMatters: '' },
        { gene: 'TDG', normalFunction: 'repairs DNA', whyMatters: 'fewer mistakes' },
      ];
      expect(normalize(geneRows, saved)).toEqual([
        { gene: 'EGFR', normalFunction: 'guards the genome', whyMatters: 'lost in many cancers' },
        { gene: 'RAS', normalFunction: 'drives growth', whyMatters: '' },
        { gene: 'TDG', normalFunction: 'repairs DNA', whyMatters: 'fewer mistakes' },
      ]);
    });

    it('compares exactly: other case or spaces are not aliases', () => {
      const saved = [{ gene: 'tp53' }, { gene: ' MYC' }, { gene: 'TP53 ' }];
      expect(normalize<{ gene: string }[]>(geneRows, saved).map((row) => row.gene)).toEqual(['tp53', ' MYC', 'TP53 ']);
    });

    it('leaves values that are no key alone, including keys inherited by every object', () => {
      const saved = [{ gene: 'EGFR' }, { gene: 'constructor' }, { gene: 'toString' }];
      expect(normalize<{ gene: string }[]>(geneRows, saved).map((row) => row.gene)).toEqual(['EGFR', 'constructor', 'toString']);
    });
  });

  it('maps before enum is checked, so a renamed choice is kept under its new value', () => {
    const choice: AnswersSchema = { type: 'string', default: '', enum: ['', 'typical', 'suspicious'], 'x-value-aliases': { normal: 'typical', loud: 'nope' } };
    expect(normalize(choice, 'normal')).toBe('typical');
    // An alias to a value the enum does not allow is still repaired to the default.
    expect(normalize(choice, 'loud')).toBe('');
  });

  it('ignores aliases for values that are not strings', () => {
    const count: AnswersSchema = { type: 'integer', default: 0, 'x-value-aliases': { '1': '2' } };
    expect(normalize(count, 1)).toBe(1);
  });
});

describe('whole days: the fixture days (test/fixture-days/)', () => {
  // On load, a day's answers are repaired as a whole (docs/requirements.md#loading-a-day): a missing or
  // broken table gets its default rows, a missing inquiry an empty think, a fixed-length list its length.
  // The week's own schemas are tested in schemas/.
  const day1 = fixtureSchema(1);
  const day2 = fixtureSchema(2);
  type Row = { item: string; group: string; notes: string };
  type Day1 = { blanks: string[]; steps: { available: string[]; ordered: string[]; orderSize: number }; inquiry: { think: string } };
  type Day2 = { table: Row[]; cards: { claim: string; reason: string }[]; tally: unknown };
  const defaultRows: Row[] = [
    { item: 'Alpha', group: '', notes: '' },
    { item: 'Beta', group: '', notes: '' },
    { item: 'Gamma', group: '', notes: '' },
  ];

  describe('a table of rows (Day 2)', () => {
    it('restores a missing table, or one that is not a list (null, text, an object, a number), to its default rows', () => {
      expect(normalize<Day2>(day2, {}).table).toEqual(defaultRows);
      for (const table of [null, 'rows', { 0: { item: 'Alpha' } }, 3]) {
        expect(normalize<Day2>(day2, { table }).table).toEqual(defaultRows);
      }
    });

    it("keeps saved rows, and gives an older save with fewer rows today's missing default rows", () => {
      const saved = [
        { item: 'Alpha', group: 'a', notes: 'first' },
        { item: 'Beta', group: 'b' },
      ];
      expect(normalize<Day2>(day2, { table: saved }).table).toEqual([
        { item: 'Alpha', group: 'a', notes: 'first' },
        { item: 'Beta', group: 'b', notes: '' },
        { item: 'Gamma', group: '', notes: '' },
      ]);
    });

    it('turns a group outside its enum into the default, keeping the notes', () => {
      const saved = defaultRows.map((row) => ({ ...row }));
      saved[0] = { item: 'Alpha', group: 'c', notes: 'kept' };
      saved[1] = { item: 'Beta', group: 'A', notes: '' };
      const table = normalize<Day2>(day2, { table: saved }).table;
      expect(table[0]).toEqual({ item: 'Alpha', group: '', notes: 'kept' });
      expect(table[1]).toEqual({ item: 'Beta', group: '', notes: '' });
    });

    it("shows a row saved under an older page's name by today's name, keeping what the student wrote", () => {
      const saved = [{ item: 'Old alpha', group: 'b', notes: 'written last week' }];
      expect(normalize<Day2>(day2, { table: saved }).table[0]).toEqual({ item: 'Alpha', group: 'b', notes: 'written last week' });
    });
  });

  describe('cards of two fields (Day 2)', () => {
    it('gives a card its missing field, and an older save its missing cards', () => {
      expect(normalize<Day2>(day2, { cards: [{ claim: 'mine' }] }).cards).toEqual([
        { claim: 'mine', reason: '' },
        { claim: '', reason: '' },
      ]);
    });
  });

  describe('a field the page has no input for (Day 2)', () => {
    it('stays in the answers with its defaults, and keeps the whole number, number and yes or no saved in it', () => {
      expect(normalize<Day2>(day2, {}).tally).toEqual({ points: 0, score: 0, checked: false });
      expect(normalize<Day2>(day2, { tally: { points: 2, score: 1.5, checked: true } }).tally).toEqual({ points: 2, score: 1.5, checked: true });
    });
  });

  describe('blanks, an ordering and an inquiry (Day 1)', () => {
    it('restores missing blanks to four empty ones, and pads or trims saved ones to four', () => {
      expect(normalize<Day1>(day1, {}).blanks).toEqual(['', '', '', '']);
      expect(normalize<Day1>(day1, { blanks: ['one', 'three'] }).blanks).toEqual(['one', 'three', '', '']);
      expect(normalize<Day1>(day1, { blanks: ['1', '2', '3', '4', '5', '6'] }).blanks).toEqual(['1', '2', '3', '4']);
    });

    it('restores a missing ordering to its starting order, and pads the slots of a half-done one', () => {
      expect(normalize<Day1>(day1, {}).steps).toEqual({ available: ['Third step', 'First step', 'Second step'], ordered: ['', '', ''], orderSize: 3 });
      expect(normalize<Day1>(day1, { steps: { available: ['First step'], ordered: ['Third step', 'Second step'] } }).steps).toEqual({
        available: ['First step'],
        ordered: ['Third step', 'Second step', ''],
        orderSize: 3,
      });
    });

    it('gives a missing or broken inquiry an empty think', () => {
      for (const inquirySaved of [undefined, null, 'x', {}]) {
        expect(normalize<Day1>(day1, { inquiry: inquirySaved }).inquiry).toEqual({ think: '' });
      }
      expect(normalize<Day1>(day1, { inquiry: { think: 'mine' } }).inquiry).toEqual({ think: 'mine' });
    });
  });
});

describe('isNormalized', () => {
  const aliased: AnswersSchema = {
    type: 'object',
    default: {},
    properties: {
      rows: { type: 'array', minItems: 2, maxItems: 2, default: [], items: DAY_4_ROW },
      count: { type: 'integer', default: 0 },
      share: { type: 'number', default: 0 },
      done: { type: 'boolean', default: false },
      choice: { type: 'string', default: '', enum: ['', 'typical', 'suspicious'], 'x-value-aliases': { normal: 'typical' } },
      fixed: { type: 'string', const: 'x', default: 'x' },
      loose: { description: 'no type: any value fits' },
    },
  };
  const schemas = [schema, aliased];
  /** Anything, and values close to what the schemas ask for: numbers as text, aliases, rows, nulls. */
  const near: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constantFrom('', 'x', '3', ' 2.5 ', 'normal', 'typical', 'TP53', 'EGFR', null, 0, 3, 2.5, -0, true, false),
      fc.string({ maxLength: 4 }),
      fc.array(tie('value'), { maxLength: 5 }),
      fc.dictionary(fc.constantFrom('note', 'blanks', 'pool', 'slots', 'nested', 'deep', 'leaf', 'count', 'rows', 'gene', 'category', 'normalFunction', 'whyMatters', 'share', 'done', 'choice', 'fixed', 'loose', 'old'), tie('value'), { maxKeys: 6 }),
    ),
  })).value;
  const samples = fc.tuple(fc.constantFrom(...schemas), near);

  it('is true only when normalize changes nothing, key order included', () => {
    // Normalised answers with one property replaced (or added): mostly a step away from today's shape.
    const nearlyNormalised = fc.tuple(fc.constantFrom(...schemas), near, fc.nat(), near).map(([node, value, at, replacement]) => {
      const normalised = normalize<Record<string, unknown>>(node, value);
      const keys = [...Object.keys(normalised), 'old'];
      return [node, { ...normalised, [keys[at % keys.length]!]: replacement }] as const;
    });
    fc.assert(
      fc.property(fc.oneof(samples, nearlyNormalised), ([node, value]) => {
        if (isNormalized(node, value)) expect(JSON.stringify(normalize(node, value))).toBe(JSON.stringify(value));
      }),
      { numRuns: 3000 },
    );
  });

  it("is true for whatever normalize returns, for schemas whose defaults fit them", () => {
    fc.assert(
      fc.property(samples, ([node, value]) => {
        expect(isNormalized(node, normalize(node, value))).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  /** Keywords in unusual company: properties without a type, aliases without one or onto themselves, numbers in enum and const. */
  const unusual: AnswersSchema = {
    default: {},
    properties: {
      untyped: { default: null, 'x-value-aliases': { old: 'new', same: 'same' } },
      share: { type: 'number', const: 2.5, default: 2.5 },
      level: { type: 'integer', enum: [1, 2, 3], default: 1 },
      list: { type: 'array', default: [] },
      open: { type: 'object', default: {} },
      grid: { type: 'array', maxItems: 2, default: [[]], items: { type: 'array', items: { type: 'boolean', default: false } } },
    },
  };

  /** isNormalized as it was written first: every keyword read from the node on every call. */
  function isNormalizedByWalk(node: AnswersSchema, saved: unknown): boolean {
    if (saved === undefined) return false;
    const aliases = node['x-value-aliases'];
    const aliased = typeof saved === 'string' && isPlainObject(aliases) && Object.hasOwn(aliases, saved) && typeof aliases[saved] === 'string' ? aliases[saved] : saved;
    if (coerceScalar(node, aliased) !== saved) return false;
    const typeFits: Record<string, (value: unknown) => boolean> = {
      object: isPlainObject,
      array: Array.isArray,
      string: (value) => typeof value === 'string',
      number: (value) => typeof value === 'number' && Number.isFinite(value),
      integer: Number.isInteger,
      boolean: (value) => typeof value === 'boolean',
    };
    if (!(node.type === undefined ? true : typeFits[node.type]!(saved))) return false;
    if (node.enum !== undefined && !node.enum.includes(saved)) return false;
    if (node.const !== undefined && node.const !== saved) return false;
    if (node.type === 'object' || node.properties) {
      if (!isPlainObject(saved)) return false;
      for (const key of Object.keys(node.properties ?? {})) if (!Object.hasOwn(saved, key) || !isNormalizedByWalk(node.properties![key]!, saved[key])) return false;
      return true;
    }
    if (node.type === 'array') {
      const items = saved as unknown[];
      if ((node.maxItems !== undefined && items.length > node.maxItems) || items.length < (node.minItems ?? 0)) return false;
      return node.items === undefined || items.every((item) => isNormalizedByWalk(node.items!, item));
    }
    return true;
  }

  it('answers what the node-by-node walk answers, for every node of every schema', () => {
    const nodes = (node: AnswersSchema): AnswersSchema[] => [node, ...Object.values(node.properties ?? {}).flatMap(nodes), ...(node.items === undefined ? [] : nodes(node.items))];
    const everyNode = [schema, aliased, unusual].flatMap(nodes);
    const nearUnusual = fc.constantFrom(undefined, 'old', 'new', 'same', 2.5, 2, 1, 4, [[true, false]], [[], [], []], [['x']], {});
    const values = fc.oneof(near, nearUnusual, fc.tuple(fc.constantFrom(schema, aliased, unusual), near).map(([node, value]) => normalize(node, value)));
    fc.assert(
      fc.property(fc.constantFrom(...everyNode), values, fc.nat(), values, (node, value, at, replacement) => {
        expect(isNormalized(node, value)).toBe(isNormalizedByWalk(node, value));
        if (isPlainObject(value)) {
          // A step away from the value: one property replaced or added.
          const keys = [...Object.keys(value), 'old', 'untyped', 'grid'];
          const changed = { ...value, [keys[at % keys.length]!]: replacement };
          expect(isNormalized(node, changed)).toBe(isNormalizedByWalk(node, changed));
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('is false for a missing field, a number as text, an alias, a list of the wrong length and a value outside enum or const', () => {
    const full = normalize<Record<string, unknown>>(aliased, undefined);
    expect(isNormalized(aliased, full)).toBe(true);
    const { count: _count, ...missing } = full;
    expect(isNormalized(aliased, missing)).toBe(false);
    expect(isNormalized(aliased, { ...full, count: '3' })).toBe(false);
    expect(isNormalized(aliased, { ...full, choice: 'normal' })).toBe(false);
    expect(isNormalized(aliased, { ...full, choice: 'other' })).toBe(false);
    expect(isNormalized(aliased, { ...full, fixed: 'y' })).toBe(false);
    expect(isNormalized(aliased, { ...full, rows: (full.rows as unknown[]).slice(1) })).toBe(false);
    expect(isNormalized(aliased, { ...full, old: { kept: [1] } })).toBe(true);
    expect(isNormalized(aliased, undefined)).toBe(false);
  });
});
