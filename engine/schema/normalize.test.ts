import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coerceAnswers, coerceScalar, defaultsOf, isNormalized, isPlainObject, normalize, schemaAt } from './normalize.ts';
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

describe('day-shaped schemas', () => {
  // Fixtures written here to mirror Days 3 to 5 (docs/requirements.md#answer-fields); the real schemas
  // are tested in schemas/. On load, a missing or non-list table gets its default rows, a missing inquiry
  // an empty think, and Day 5's missing topSources 5 empty strings (docs/requirements.md#loading-a-day).
  const object = (properties: Record<string, AnswersSchema>): AnswersSchema => ({ type: 'object', description: 'a group', default: {}, properties });
  const texts = (...keys: string[]) => object(Object.fromEntries(keys.map((key) => [key, text()])));
  const inquiry = texts('think');

  const day3Rows = [
    { gene: 'HK1', category: 'typical', notes: '' },
    { gene: 'GAPDH', category: 'typical', notes: '' },
    { gene: 'BRCA1', category: '', notes: '' },
    { gene: 'BRCA2', category: '', notes: '' },
    { gene: 'TP53', category: '', notes: '' },
    { gene: 'MYC', category: '', notes: '' },
  ];
  const day3: AnswersSchema = object({
    intro: texts('loudQuietMeaning'),
    compare: object({
      healthyDesc: text(),
      cancerDesc: text(),
      patterns: text(),
      table: {
        type: 'array',
        description: 'Gene categorisation table.',
        minItems: 6,
        maxItems: 6,
        default: day3Rows,
        items: {
          type: 'object',
          description: 'One gene row.',
          default: { gene: '', category: '', notes: '' },
          properties: {
            gene: text(),
            category: { type: 'string', description: 'typical, suspicious or empty', enum: ['', 'typical', 'suspicious'], default: '' },
            notes: text(),
          },
        },
      },
    }),
    detective: texts('suspiciousNotes', 'hypothesis', 'experimentPlan', 'experimentSketch'),
    inquiry,
    wrap: texts('idSignals', 'overUnderExamples', 'hkBaseline', 'preBiopsyMethods'),
  });

  const day4Rows = [
    { gene: 'EGFR', normalFunction: '', whyMatters: '' },
    { gene: 'RAS', normalFunction: '', whyMatters: '' },
    { gene: 'TDG', normalFunction: '', whyMatters: '' },
  ];
  const day4: AnswersSchema = object({
    recap: texts('regWrong', 'cancerVsTypical', 'detectHousekeeping'),
    viz: object({
      notes: text(),
      geneTable: {
        type: 'array',
        description: 'Gene function table.',
        minItems: 3,
        maxItems: 3,
        default: day4Rows,
        items: DAY_4_ROW,
      },
      q1FunctionToAggression: text(),
      q2AggressivenessByFunction: text(),
    }),
    methods: texts('qPCRuse', 'IHCuse', 'RNAseqUse'),
    inquiry,
    wrap: texts('patternsFromVisuals', 'functionAndAggression', 'newThingLearned'),
    participation: object({ trackerNotes: text(), points: { type: 'integer', description: 'points', default: 0 } }),
  });

  const day5: AnswersSchema = object({
    intro: texts('whyPoster'),
    step3: object({
      procedureSummary: text(),
      topSources: { type: 'array', description: 'Five source boxes.', minItems: 5, maxItems: 5, default: ['', '', '', '', ''], items: text() },
    }),
    inquiry,
    spotlight: texts('takeaways'),
    wrap: texts('whyCommMatters', 'lookingAhead', 'finalReflection'),
  });

  type Day3 = { compare: { table: { gene: string; category: string; notes: string }[] }; inquiry: { think: string } };
  type Day4 = { viz: { geneTable: { gene: string; normalFunction: string; whyMatters: string }[] }; inquiry: { think: string }; participation: unknown };
  type Day5 = { step3: { procedureSummary: string; topSources: string[] }; inquiry: { think: string } };

  describe('Day 3', () => {
    it('restores a missing table to its six default rows, HK1 and GAPDH preset to typical', () => {
      expect(normalize<Day3>(day3, {}).compare.table).toEqual(day3Rows);
      expect(normalize<Day3>(day3, { compare: { patterns: 'kept' } }).compare.table).toEqual(day3Rows);
    });

    it('restores a table that is not a list (null, text, an object) to its default rows', () => {
      for (const table of [null, 'rows', { 0: { gene: 'HK1' } }, 6]) {
        expect(normalize<Day3>(day3, { compare: { table } }).compare.table).toEqual(day3Rows);
      }
    });

    it('keeps saved rows, and gives an older save with fewer rows today\'s missing default rows', () => {
      const saved = [
        { gene: 'HK1', category: 'typical', notes: 'always on' },
        { gene: 'GAPDH', category: 'suspicious', notes: '' },
        { gene: 'BRCA1', category: 'suspicious' },
        { gene: 'BRCA2', category: '', notes: 'not sure' },
      ];
      expect(normalize<Day3>(day3, { compare: { table: saved } }).compare.table).toEqual([
        { gene: 'HK1', category: 'typical', notes: 'always on' },
        { gene: 'GAPDH', category: 'suspicious', notes: '' },
        { gene: 'BRCA1', category: 'suspicious', notes: '' },
        { gene: 'BRCA2', category: '', notes: 'not sure' },
        { gene: 'TP53', category: '', notes: '' },
        { gene: 'MYC', category: '', notes: '' },
      ]);
    });

    it('turns a category outside "", typical and suspicious into the default, keeping the notes', () => {
      const saved = day3Rows.map((row) => ({ ...row }));
      saved[2] = { gene: 'BRCA1', category: 'loud', notes: 'very loud' };
      saved[3] = { gene: 'BRCA2', category: 'Suspicious', notes: '' };
      const table = normalize<Day3>(day3, { compare: { table: saved } }).compare.table;
      expect(table[2]).toEqual({ gene: 'BRCA1', category: '', notes: 'very loud' });
      expect(table[3]).toEqual({ gene: 'BRCA2', category: '', notes: '' });
      expect(table[0]).toEqual({ gene: 'HK1', category: 'typical', notes: '' });
    });

    it('gives a missing or broken inquiry an empty think', () => {
      for (const inquirySaved of [undefined, null, 'x', {}]) {
        expect(normalize<Day3>(day3, { inquiry: inquirySaved }).inquiry).toEqual({ think: '' });
      }
      expect(normalize<Day3>(day3, { inquiry: { think: 'mine' } }).inquiry).toEqual({ think: 'mine' });
    });
  });

  describe('Day 4', () => {
    it('restores a missing or non-list gene table to EGFR, RAS and TDG with empty text', () => {
      for (const viz of [undefined, {}, { geneTable: null }, { geneTable: 'EGFR' }, { geneTable: { gene: 'EGFR' } }]) {
        expect(normalize<Day4>(day4, { viz }).viz.geneTable).toEqual(day4Rows);
      }
    });

    it('shows saved rows with gene TP53 as EGFR and MYC as RAS', () => {
      const saved = [
        { gene: 'TP53', normalFunction: 'stops the cycle', whyMatters: 'a brake' },
        { gene: 'MYC', normalFunction: 'turns on growth genes', whyMatters: 'an accelerator' },
        { gene: 'TDG', normalFunction: 'fixes mismatches', whyMatters: '' },
      ];
      expect(normalize<Day4>(day4, { viz: { geneTable: saved } }).viz.geneTable.map((row) => row.gene)).toEqual(['EGFR', 'RAS', 'TDG']);
      expect(normalize<Day4>(day4, { viz: { geneTable: saved } }).viz.geneTable[0]?.normalFunction).toBe('stops the cycle');
    });

    it('gives a missing inquiry an empty think and keeps participation in the answers', () => {
      const result = normalize<Day4>(day4, {});
      expect(result.inquiry).toEqual({ think: '' });
      expect(result.participation).toEqual({ trackerNotes: '', points: 0 });
    });
  });

  describe('Day 5', () => {
    it('restores missing topSources to five empty strings', () => {
      expect(normalize<Day5>(day5, {}).step3.topSources).toEqual(['', '', '', '', '']);
      expect(normalize<Day5>(day5, { step3: { procedureSummary: 'kept' } }).step3).toEqual({ procedureSummary: 'kept', topSources: ['', '', '', '', ''] });
      expect(normalize<Day5>(day5, { step3: { topSources: null } }).step3.topSources).toEqual(['', '', '', '', '']);
    });

    it('pads or trims saved sources to exactly five', () => {
      expect(normalize<Day5>(day5, { step3: { topSources: ['a', 'b'] } }).step3.topSources).toEqual(['a', 'b', '', '', '']);
      expect(normalize<Day5>(day5, { step3: { topSources: ['1', '2', '3', '4', '5', '6'] } }).step3.topSources).toEqual(['1', '2', '3', '4', '5']);
    });

    it('gives a missing inquiry an empty think', () => {
      expect(normalize<Day5>(day5, { inquiry: undefined }).inquiry).toEqual({ think: '' });
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
