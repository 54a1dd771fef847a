import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnswersSchema } from '../../engine/schema/index.ts';
import {
  findReservedKey,
  findTooDeep,
  findUnknownKeys,
  lenientSchema,
  loadAnswersValidator,
  MAX_ANSWERS_DEPTH,
  MAX_DAY_ANSWERS_BYTES,
  MAX_UNKNOWN_BYTES,
  MAX_UNKNOWN_KEYS,
} from './validators.ts';
import { FIXTURE_DAYS_DIR, fixtureDays } from '../../test/fixture-days.ts';

describe('lenientSchema', () => {
  it('drops every rule on values, at every level, keeping types, string lengths, defaults and descriptions', () => {
    const schema = {
      type: 'object',
      description: 'root',
      default: {},
      required: ['blanks'],
      additionalProperties: false,
      'x-migrations': [],
      properties: {
        blanks: { type: 'array', minItems: 13, maxItems: 13, default: [], items: { type: 'string', enum: ['DNA', 'protein'], default: '' } },
        size: { type: 'integer', const: 5, minimum: 1, default: 5 },
        name: { type: 'string', minLength: 1, maxLength: 9, pattern: '\\S', format: 'email', default: '' },
        row: { type: 'object', additionalProperties: false, required: ['gene'], properties: { gene: { type: 'string' } } },
      },
    };
    expect(lenientSchema(schema)).toEqual({
      type: 'object',
      description: 'root',
      default: {},
      'x-migrations': [],
      properties: {
        blanks: { type: 'array', default: [], items: { type: 'string', default: '' } },
        size: { type: 'integer', default: 5 },
        name: { type: 'string', maxLength: 9, default: '' },
        row: { type: 'object', properties: { gene: { type: 'string' } } },
      },
    });
  });

  it('keeps properties named like keywords, and does not change its argument', () => {
    const schema = { type: 'object', properties: { required: { type: 'string' }, enum: { type: 'array', maxItems: 1 } } };
    const copy = structuredClone(schema);
    expect(lenientSchema(schema)).toEqual({ type: 'object', properties: { required: { type: 'string' }, enum: { type: 'array' } } });
    expect(schema).toEqual(copy);
  });
});

describe('findReservedKey', () => {
  it.each([
    [{ a: { b: [{ constructor: 1 }] } }, 'answers/a/b/0/constructor'],
    [{ prototype: 'x' }, 'answers/prototype'],
    [JSON.parse('{"x": {"__proto__": 1}}'), 'answers/x/__proto__'],
    [{ a: ['constructor', { prototypes: 1 }] }, null],
  ])('finds the reserved key in %j at %s', (value, path) => {
    expect(findReservedKey(value)).toBe(path);
  });
});

describe('loadAnswersValidator', () => {
  const dirs: string[] = [];
  const tempSchemasDir = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'helix-schemas-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return dir;
  };

  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  describe('the days it knows', () => {
    it('are the days that have a schema file, so adding a day needs no server change', () => {
      const schema = JSON.stringify({ type: 'object', default: {}, properties: { note: { type: 'string', default: '' } } });
      expect(loadAnswersValidator(tempSchemasDir({})).lastDay).toBe(0);
      const validator = loadAnswersValidator(tempSchemasDir({ 'day-2.schema.json': schema, 'day-7.schema.json': schema, 'notes.json': '{}' }));
      expect(validator.daysWithSchema).toEqual([2, 7]);
      expect(validator.lastDay).toBe(7);
      expect(validator.check(7, { note: { text: 5 } })).toMatch(/note must be string/);
    });
  });

  describe('with the fixture days (test/fixture-days/)', () => {
    const validator = loadAnswersValidator(FIXTURE_DAYS_DIR);

    it('has a schema for every day with a schema file, drafts included', () => {
      expect(validator.daysWithSchema).toEqual(fixtureDays.map(({ day }) => day));
    });

    it('accepts partial answers: no field is required (spec section 5)', () => {
      expect(validator.check(1, {})).toBeNull();
      expect(validator.check(1, { opening: 'only this' })).toBeNull();
    });

    it('names the first bad path', () => {
      expect(validator.check(2, { cards: [{ claim: 'fine', reason: ['3'] }] })).toBe('answers/cards/0/reason must be string');
    });

    it('accepts answers of an older shape: short or long lists, missing fields, values outside enum or const, unknown keys', () => {
      expect(validator.check(1, { blanks: ['one', 'three'], renamed: 'x' })).toBeNull();
      expect(validator.check(1, { blanks: ['1', '2', '3', '4', '5', '6', '7'], pace: 'medium', steps: { orderSize: 7 } })).toBeNull();
    });

    it('refuses wrong types', () => {
      expect(validator.check(1, { blanks: 'one' })).toBe('answers/blanks must be array');
      expect(validator.check(1, { steps: { orderSize: 'five' } })).toBe('answers/steps/orderSize must be integer');
      expect(validator.check(2, { tally: { points: '2.5' } })).toBe('answers/tally/points must be integer');
    });

    describe('answers a client built from the API contract sends (every answer as text)', () => {
      it('accepts a number as text, "" for an unanswered number, and a number where text is expected', () => {
        expect(validator.check(2, { tally: { points: '', score: '' } })).toBeNull();
        expect(validator.check(2, { tally: { points: ' 3 ', score: '2.5' } })).toBeNull();
        expect(validator.check(1, { steps: { orderSize: '3' }, opening: 42, blanks: [true, null] })).toBeNull();
      });

      it('stores them in the schema\'s types: the number, the default for "", the text of a number', () => {
        expect(validator.prepare(2, { tally: { points: '3', score: ' 2.5 ', checked: true } }).answers?.tally).toEqual({ points: 3, score: 2.5, checked: true });
        expect(validator.prepare(2, { tally: { points: '' } }).answers?.tally).toEqual({ points: 0, score: 0, checked: false });
        const day1 = validator.prepare(1, { opening: 42, blanks: [null, 'one'] }).answers;
        expect(day1?.opening).toBe('42');
        expect((day1?.blanks as string[]).slice(0, 2)).toEqual(['', 'one']);
      });
    });

    it('does not change the answers it checks', () => {
      const answers: Record<string, unknown> = { opening: 'x', extra: true };
      validator.check(1, answers);
      expect(answers).toEqual({ opening: 'x', extra: true });
    });

    describe('prepare', () => {
      it("normalises what it stores to today's shape, keeping what was sent and unknown keys", () => {
        const prepared = validator.prepare(1, { blanks: ['one'], extra: { kept: true } });
        expect(prepared.problem).toBeNull();
        expect(prepared.answers).toMatchObject({ extra: { kept: true }, opening: '', inquiry: { think: '' } });
        expect(prepared.answers?.blanks).toEqual(['one', '', '', '']);
      });

      describe('bounds what it stores (issue 11)', () => {
        it("refuses a string longer than its field's maxLength, naming the path", () => {
          expect(validator.prepare(1, { opening: 'x'.repeat(4000) }).problem).toBeNull();
          expect(validator.prepare(1, { opening: 'x'.repeat(4001) })).toEqual({ answers: null, answered: null, problem: 'answers/opening must NOT have more than 4000 characters' });
        });

        it('counts characters, not bytes or UTF-16 units: 4000 emoji fit', () => {
          expect(validator.prepare(1, { opening: '🧬'.repeat(4000) }).problem).toBeNull();
          expect(validator.check(1, { opening: 'x'.repeat(3999) + '🧬' })).toBeNull();
          expect(validator.prepare(1, { opening: '🧬'.repeat(4001) }).problem).toBe('answers/opening must NOT have more than 4000 characters');
        });

        it('names every problem beside a string that is long only in UTF-16 units, and only the real ones', () => {
          // wrap comes after blanks in the schema, so the type problem is named first.
          expect(validator.check(1, { wrap: { reflection: '🧬'.repeat(4000) }, blanks: 5 })).toBe('answers/blanks must be array');
          expect(validator.check(1, { wrap: { reflection: '🧬'.repeat(4001) }, blanks: 5 })).toBe('answers/blanks must be array (and 1 more problem)');
        });

        it(`refuses nesting deeper than ${MAX_ANSWERS_DEPTH} levels`, () => {
          const nest = (levels: number): unknown => (levels === 0 ? 'x' : { a: nest(levels - 1) });
          expect(validator.prepare(1, { old: nest(MAX_ANSWERS_DEPTH) }).problem).toBeNull();
          expect(validator.prepare(1, { old: nest(MAX_ANSWERS_DEPTH + 1) }).problem).toBe(
            `answers/old${'/a'.repeat(MAX_ANSWERS_DEPTH)} is nested more than ${MAX_ANSWERS_DEPTH} levels deep`,
          );
        });

        it(`keeps up to ${MAX_UNKNOWN_KEYS} undeclared keys for older shapes, at any level, and refuses more`, () => {
          const keys = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, index) => [`old${index}`, 'kept']));
          expect(validator.prepare(1, { ...keys(MAX_UNKNOWN_KEYS - 1), wrap: { oldWrap: 'kept' } }).problem).toBeNull();
          expect(validator.prepare(1, { ...keys(MAX_UNKNOWN_KEYS), wrap: { oldWrap: 'one too many' } }).problem).toBe(
            `answers hold ${MAX_UNKNOWN_KEYS + 1} properties the day's schema does not declare (at most ${MAX_UNKNOWN_KEYS} are kept for older lesson shapes), e.g. answers/old0`,
          );
        });

        it(`refuses undeclared keys holding more than ${MAX_UNKNOWN_BYTES} bytes together`, () => {
          const problem = validator.prepare(1, { oldNotes: 'n'.repeat(MAX_UNKNOWN_BYTES) }).problem;
          expect(problem).toMatch(new RegExp(`^the properties the day's schema does not declare \\(answers/oldNotes…\\) hold \\d+ bytes \\(at most ${MAX_UNKNOWN_BYTES}`));
        });

        it(`refuses a day's answers over ${MAX_DAY_ANSWERS_BYTES} bytes, even when every field is within its own limit`, () => {
          // 14 fields of 4000 three-byte characters: 168,000 bytes.
          const full = '語'.repeat(4000);
          const answers = {
            opening: full,
            blanks: [full, full, full, full],
            steps: { available: [full, full, full], ordered: [full, full, full] },
            inquiry: { think: full },
            wrap: { reflection: full, nextStep: full },
          };
          expect(validator.check(1, answers)).toBeNull();
          const prepared = validator.prepare(1, answers);
          expect(prepared.answers).toBeNull();
          expect(prepared.problem).toMatch(new RegExp(`^the answers are \\d+ bytes as JSON; at most ${MAX_DAY_ANSWERS_BYTES} are stored per day$`));
        });
      });

      it('refuses wrong types and reserved keys, naming the path', () => {
        expect(validator.prepare(1, { opening: ['not', 'a', 'string'] })).toEqual({ answers: null, answered: null, problem: 'answers/opening must be string' });
        expect(validator.prepare(1, { wrap: { constructor: 'x' } })).toEqual({
          answers: null,
          answered: null,
          problem: 'answers/wrap/constructor: the property names __proto__, constructor, prototype are refused',
        });
      });
    });
  });

  describe('with a schema declaring x-migrations', () => {
    const text = { type: 'string', description: 'A text.', default: '' };
    const schema = {
      type: 'object',
      description: 'Day 2.',
      default: {},
      'x-migrations': [{ id: 1, description: 'q1 moved into basics', move: { from: 'q1', to: 'basics.q1' } }],
      properties: { basics: { type: 'object', description: 'Basics.', default: {}, properties: { q1: text } } },
    };

    it('migrates before checking types and storing', () => {
      const validator = loadAnswersValidator(tempSchemasDir({ 'day-2.schema.json': JSON.stringify(schema) }));
      expect(validator.prepare(2, { q1: 'moved' })).toEqual({ answers: { basics: { q1: 'moved' } }, answered: 1, problem: null });
      // Once moved, the value is checked against its new field.
      expect(validator.prepare(2, { q1: [3] })).toEqual({ answers: null, answered: null, problem: 'answers/basics/q1 must be string' });
    });

    it('restores stored answers of the old shape', () => {
      const validator = loadAnswersValidator(tempSchemasDir({ 'day-2.schema.json': JSON.stringify(schema) }));
      expect(validator.repair(2, { q1: 'stored last week', other: 1 })).toEqual({ basics: { q1: 'stored last week' }, other: 1 });
    });

    it('fails at start-up naming the file and the problem when the migrations are unsound', () => {
      const broken = { ...schema, 'x-migrations': [{ id: 1, description: 'x', move: { from: 'q1', to: 'basics.q2' } }] };
      const dir = tempSchemasDir({ 'day-2.schema.json': JSON.stringify(broken) });
      expect(() => loadAnswersValidator(dir)).toThrow(
        `${join(dir, 'day-2.schema.json')} has unsound x-migrations:\nanswers.x-migrations[0]: "move.to" is "basics.q2", which is not a field of the schema`,
      );
    });
  });

  describe('the repository schemas bound every string (issue 11)', () => {
    const validator = loadAnswersValidator(resolve(process.cwd(), 'schemas'));
    const schemas = validator.daysWithSchema.map((day) => [day, JSON.parse(readFileSync(resolve(process.cwd(), 'schemas', `day-${day}.schema.json`), 'utf8')) as AnswersSchema] as const);
    const strings = (node: AnswersSchema, path: string, depth: number): { path: string; node: AnswersSchema; depth: number }[] => {
      if (node.type === 'string') return [{ path, node, depth }];
      if (node.type === 'object') return Object.entries(node.properties ?? {}).flatMap(([key, child]) => strings(child, `${path}.${key}`, depth + 1));
      if (node.type === 'array' && node.items) return strings(node.items, `${path}[]`, depth + 1);
      return [];
    };

    it.each(schemas)('Day %i gives every string field a maxLength of thousands of characters, so a text widget can honour it', (_day, schema) => {
      for (const field of strings(schema, 'answers', 0)) {
        expect(field.node.maxLength, field.path).toBeGreaterThanOrEqual(2000);
      }
    });

    it.each(schemas)(`Day %i nests its deepest field at least 2 levels within MAX_ANSWERS_DEPTH (${MAX_ANSWERS_DEPTH}), leaving room for older shapes`, (_day, schema) => {
      const deepest = Math.max(...strings(schema, 'answers', 0).map((field) => field.depth));
      expect(deepest).toBeLessThanOrEqual(MAX_ANSWERS_DEPTH - 2);
    });

    it.each(schemas)("Day %i's complete defaults are far below MAX_DAY_ANSWERS_BYTES", (day) => {
      const prepared = validator.prepare(day, {});
      expect(Buffer.byteLength(JSON.stringify(prepared.answers))).toBeLessThan(MAX_DAY_ANSWERS_BYTES / 10);
    });
  });

  describe('findTooDeep and findUnknownKeys', () => {
    it('walks any depth without overflowing the stack', () => {
      let deep: unknown = 'x';
      for (let level = 0; level < 100_000; level += 1) deep = [deep];
      expect(findTooDeep(deep, 8)).toMatch(/is nested more than 8 levels deep$/);
    });

    it('counts a whole undeclared object once, and walks declared lists and objects', () => {
      const schema: AnswersSchema = {
        type: 'object',
        properties: { rows: { type: 'array', items: { type: 'object', properties: { gene: { type: 'string' } } } } },
      };
      const found = findUnknownKeys(schema, { rows: [{ gene: 'TP53', old: 1 }], legacy: { a: 1, b: 2, c: 3 } });
      expect(found.paths).toEqual(['answers/rows/0/old', 'answers/legacy']);
      expect(found.bytes).toBe('"old"1"legacy"{"a":1,"b":2,"c":3}'.length);
    });
  });

  it('accepts any object for a day without a schema file, and stores and restores it as sent', () => {
    const validator = loadAnswersValidator(tempSchemasDir({}));
    expect(validator.daysWithSchema).toEqual([]);
    expect(validator.check(3, { anything: [1, { goes: null }] })).toBeNull();
    expect(validator.prepare(3, { anything: [1, { goes: null }] })).toEqual({ answers: { anything: [1, { goes: null }] }, answered: null, problem: null });
    expect(validator.repair(3, { anything: 1 })).toEqual({ anything: 1 });
  });

  it('fails at start-up naming a schema file that is not JSON', () => {
    const dir = tempSchemasDir({ 'day-2.schema.json': '{ "type": ' });
    expect(() => loadAnswersValidator(dir)).toThrow(`${join(dir, 'day-2.schema.json')} is not valid JSON`);
  });

  it('fails at start-up naming a schema file that is not a valid schema', () => {
    const dir = tempSchemasDir({ 'day-2.schema.json': '{ "type": "no-such-type" }' });
    expect(() => loadAnswersValidator(dir)).toThrow(`${join(dir, 'day-2.schema.json')} is not a valid JSON Schema`);
  });
});
