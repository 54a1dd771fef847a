/**
 * The one-walk checks of a save against the walks they replace: `prepare` and `repair` must refuse,
 * store and answer exactly what the separate walks did (server/answers/validators.ts), and the body
 * guard's one walk must refuse exactly what `findUnstorableValue` refuses (server/body-guard.ts).
 * Property-based (fast-check): random answers shaped like each fixture day (test/fixture-days/, which
 * hold every kind of field the engine's schemas support), with wrong types, numbers as text, undeclared
 * and reserved keys, deep nesting, long strings and unstorable characters.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countAnswered, isNormalized, migrateAnswers, normalize, type Answers, type AnswersSchema } from '../../engine/schema/index.ts';
import { findUnstorableValue, isStorableValue, MAX_BODY_DEPTH } from '../body-guard.ts';
import { nastyString, nastyValue } from '../test/fuzz-arbitraries.ts';
import {
  findReservedKey,
  findTooDeep,
  findUnknownKeys,
  loadAnswersValidator,
  MAX_ANSWERS_DEPTH,
  MAX_DAY_ANSWERS_BYTES,
  MAX_UNKNOWN_BYTES,
  MAX_UNKNOWN_KEYS,
  RESERVED_KEYS,
  scanAnswers,
  type AnswersValidator,
  type PreparedAnswers,
} from './validators.ts';
import { FIXTURE_DAYS_DIR, fixtureSchema } from '../../test/fixture-days.ts';

const validator = loadAnswersValidator(FIXTURE_DAYS_DIR);
const schemaOf = fixtureSchema;
const days = validator.daysWithSchema;

/** `prepare` as it was before the one-walk scan: each check its own walk, in this order. */
function preparedBySeparateWalks(checker: AnswersValidator, day: number, answers: Answers): PreparedAnswers {
  const reserved = findReservedKey(answers);
  if (reserved !== null) return { answers: null, answered: null, problem: `${reserved}: the property names ${RESERVED_KEYS.join(', ')} are refused` };
  const tooDeep = findTooDeep(answers);
  if (tooDeep !== null) return { answers: null, answered: null, problem: tooDeep };
  const schema = checker.schema(day);
  let stored = answers;
  if (schema !== undefined) {
    const migrated = migrateAnswers(schema, answers) as Answers;
    const unknown = findUnknownKeys(schema, migrated);
    const problem =
      checker.check(day, migrated) ??
      (unknown.paths.length > MAX_UNKNOWN_KEYS
        ? `answers hold ${unknown.paths.length} properties the day's schema does not declare (at most ${MAX_UNKNOWN_KEYS} are kept for older lesson shapes), e.g. ${unknown.paths[0]}`
        : unknown.bytes > MAX_UNKNOWN_BYTES
          ? `the properties the day's schema does not declare (${unknown.paths[0]}…) hold ${unknown.bytes} bytes (at most ${MAX_UNKNOWN_BYTES} are kept for older lesson shapes)`
          : null);
    if (problem !== null) return { answers: null, answered: null, problem };
    stored = normalize<Answers>(schema, migrated);
  }
  const bytes = Buffer.byteLength(JSON.stringify(stored), 'utf8');
  if (bytes > MAX_DAY_ANSWERS_BYTES) return { answers: null, answered: null, problem: `the answers are ${bytes} bytes as JSON; at most ${MAX_DAY_ANSWERS_BYTES} are stored per day` };
  return { answers: stored, answered: schema === undefined ? null : countAnswered(checker.fields(day), stored), problem: null };
}

/** Nested `levels` deep inside objects or arrays. */
const nested = (levels: number, inArray: boolean, leaf: unknown): unknown => {
  let value = leaf;
  for (let level = 0; level < levels; level += 1) value = inArray ? [value] : { old: value };
  return value;
};

/** Something that is not what the schema node asks for, or is, in an unusual spelling. */
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyValue },
  { weight: 2, arbitrary: fc.constantFrom('3', ' 2.5 ', '', null, 3, 2.5, true, 'x'.repeat(4001), '語'.repeat(3000), '🧬'.repeat(2500), '🧬'.repeat(4001), '\u0000', '\ud800') },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: MAX_ANSWERS_DEPTH - 2, max: MAX_ANSWERS_DEPTH + 2 }), fc.boolean()).map(([levels, inArray]) => nested(levels, inArray, 'x')) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...RESERVED_KEYS, 'ok'), fc.constant('x'), { maxKeys: 1 }) },
);

/** Undeclared properties: older fields, reserved names, sometimes many or large. */
const extraKeys: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  { weight: 12, arbitrary: fc.constant({}) },
  { weight: 2, arbitrary: fc.dictionary(nastyString, nastyValue, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...RESERVED_KEYS, 'old'), nastyValue, { maxKeys: 2 }) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: MAX_UNKNOWN_KEYS - 2, max: MAX_UNKNOWN_KEYS + 2 }).map((count) => Object.fromEntries(Array.from({ length: count }, (_, index) => [`old${index}`, 'kept']))),
  },
  { weight: 1, arbitrary: fc.integer({ min: MAX_UNKNOWN_BYTES - 40, max: MAX_UNKNOWN_BYTES + 40 }).map((length) => ({ oldNotes: 'n'.repeat(length) })) },
);

/**
 * Answers for a schema node: mostly what the schema asks for (each property present or not, each
 * list of any length), and, `odd` times in a hundred per node, something else in its place, with
 * undeclared keys beside (none when `odd` is 0).
 */
function answersFor(node: AnswersSchema, odd: number, depth = 0): fc.Arbitrary<unknown> {
  const fitting = ((): fc.Arbitrary<unknown> => {
    if (node.type === 'object' || node.properties !== undefined) {
      const properties = Object.entries(node.properties ?? {});
      const record = fc.record(Object.fromEntries(properties.map(([key, child]) => [key, answersFor(child, odd, depth + 1)])), { requiredKeys: [] });
      return fc.tuple(record, depth < 3 && odd > 0 ? extraKeys : fc.constant({}), fc.boolean()).map(([declared, extra, extraFirst]) => (extraFirst ? { ...extra, ...declared } : { ...declared, ...extra }));
    }
    if (node.type === 'array') {
      const length = Math.max(node.maxItems ?? 0, node.minItems ?? 0, 3);
      return fc.array(node.items === undefined ? nastyValue : answersFor(node.items, odd, depth + 1), { maxLength: length + 1 });
    }
    if (Array.isArray(node.enum)) return fc.constantFrom(...node.enum);
    if (node.type === 'string') return fc.oneof(fc.string({ maxLength: 30 }), fc.constant(typeof node.default === 'string' ? node.default : ''));
    if (node.type === 'integer') return fc.integer({ min: -5, max: 50 });
    if (node.type === 'number') return fc.double({ noNaN: true, noDefaultInfinity: true });
    if (node.type === 'boolean') return fc.boolean();
    return nastyValue;
  })();
  return odd === 0 ? fitting : fc.oneof({ weight: 100 - odd, arbitrary: fitting }, { weight: odd, arbitrary: oddValue });
}

/** Answers in today's shape, as the app sends them: what `normalize` makes of random answers that pass. */
function shapedAnswers(day: number): fc.Arbitrary<Answers> {
  const schema = schemaOf(day);
  return answersFor(schema, 0).map((answers) => normalize<Answers>(schema, answers));
}

const dayAnswers: fc.Arbitrary<[number, Answers]> = fc.constantFrom(...days).chain((day) =>
  fc.tuple(
    fc.constant(day),
    fc.oneof(answersFor(schemaOf(day), 1), answersFor(schemaOf(day), 4), answersFor(schemaOf(day), 0), shapedAnswers(day)).map((answers) => (typeof answers === 'object' && answers !== null && !Array.isArray(answers) ? (answers as Answers) : { value: answers })),
  ),
);

describe('prepare in one walk', () => {
  it('refuses, stores and counts exactly what the separate walks did, for every fixture day', () => {
    fc.assert(
      fc.property(dayAnswers, ([day, answers]) => {
        const before = structuredClone(answers);
        const expected = preparedBySeparateWalks(validator, day, structuredClone(answers));
        const prepared = validator.prepare(day, answers);
        // Key order included: the stored JSON is what the database receives.
        expect(JSON.stringify(prepared)).toBe(JSON.stringify(expected));
        expect(prepared).toEqual(expected);
        // The answers given are not changed.
        expect(answers).toEqual(before);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses and stores exactly what the separate walks did for a day whose schema moves fields (x-migrations)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'helix-schemas-'));
    const text: AnswersSchema = { type: 'string', description: 'A text.', default: '', maxLength: 40 };
    const schema: AnswersSchema = {
      type: 'object',
      description: 'Day 2.',
      default: {},
      'x-migrations': [
        { id: 1, description: 'q1 moved into basics', move: { from: 'q1', to: 'basics.q1' } },
        { id: 2, description: 'notes moved into basics', move: { from: 'notes', to: 'basics.notes' } },
      ],
      properties: {
        basics: { type: 'object', description: 'Basics.', default: {}, properties: { q1: text, notes: { type: 'array', description: 'Notes.', default: [], maxItems: 3, items: text } } },
        count: { type: 'integer', description: 'A count.', default: 0 },
      },
    };
    writeFileSync(join(dir, 'day-2.schema.json'), JSON.stringify(schema));
    try {
      const migrating = loadAnswersValidator(dir);
      const oldShape = fc.record(
        { q1: oddValue, notes: fc.oneof(fc.array(fc.string({ maxLength: 5 }), { maxLength: 4 }), oddValue), basics: answersFor(schema.properties!.basics!, 4), count: answersFor(schema.properties!.count!, 4) },
        { requiredKeys: [] },
      );
      fc.assert(
        fc.property(fc.tuple(oldShape, extraKeys), ([answers, extra]) => {
          const sent = { ...extra, ...answers } as Answers;
          expect(JSON.stringify(migrating.prepare(2, structuredClone(sent)))).toBe(JSON.stringify(preparedBySeparateWalks(migrating, 2, structuredClone(sent))));
          expect(JSON.stringify(migrating.repair(2, structuredClone(sent)))).toBe(JSON.stringify(normalize(schema, migrateAnswers(schema, sent))));
        }),
        { numRuns: 1000 },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives the same answers for a day without a schema', () => {
    const none = loadAnswersValidator(resolve(process.cwd(), 'no-such-schemas-dir'));
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue({ maxDepth: 12 }), oddValue, extraKeys), (value) => {
        const answers = (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : { value }) as Answers;
        expect(JSON.stringify(none.prepare(1, answers))).toBe(JSON.stringify(preparedBySeparateWalks(none, 1, answers)));
      }),
      { numRuns: 500 },
    );
  });

  it('still names the first reserved key before a too-deep place, and the too-deep place before a type', () => {
    const deep = nested(MAX_ANSWERS_DEPTH + 1, false, 'x');
    expect(validator.prepare(1, { old: deep, z: { prototype: 1 } }).problem).toBe('answers/z/prototype: the property names __proto__, constructor, prototype are refused');
    expect(validator.prepare(1, { old: deep, opening: 3 }).problem).toMatch(/^answers\/old(\/old)+ is nested more than 8 levels deep$/);
    // A reserved key below the depth limit is still the one reported.
    expect(validator.prepare(1, { old: nested(MAX_ANSWERS_DEPTH + 3, false, { constructor: 1 }) }).problem).toMatch(/\/constructor: the property names/);
  });
});

describe('scanAnswers', () => {
  it('finds what findReservedKey and findTooDeep find, and counts what findUnknownKeys lists', () => {
    fc.assert(
      fc.property(dayAnswers, ([day, answers]) => {
        const schema = schemaOf(day);
        const scan = scanAnswers(schema, answers);
        expect(scan.clean).toBe(findReservedKey(answers) === null && findTooDeep(answers) === null);
        if (scan.clean) expect(scan.unknownKeys).toBe(findUnknownKeys(schema, answers).paths.length);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('repair without a copy', () => {
  it('answers exactly what migrating and normalising did, key order included', () => {
    fc.assert(
      fc.property(dayAnswers, ([day, answers]) => {
        const schema = schemaOf(day);
        const expected = JSON.stringify(normalize(schema, migrateAnswers(schema, answers)));
        expect(JSON.stringify(validator.repair(day, structuredClone(answers)))).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });

  it("answers stored answers in today's shape as they are, without copying them", () => {
    fc.assert(
      fc.property(fc.constantFrom(...days).chain((day) => fc.tuple(fc.constant(day), shapedAnswers(day))), ([day, answers]) => {
        expect(isNormalized(schemaOf(day), answers)).toBe(true);
        expect(validator.repair(day, answers)).toBe(answers);
      }),
      { numRuns: 300 },
    );
  });
});

describe('repairJson, the stored text in and out', () => {
  it('answers the JSON text of what repair answers for the parsed text', () => {
    fc.assert(
      fc.property(dayAnswers, ([day, answers]) => {
        const storedJson = JSON.stringify(answers);
        expect(JSON.parse(validator.repairJson(day, storedJson))).toEqual(JSON.parse(JSON.stringify(validator.repair(day, JSON.parse(storedJson) as Answers))));
      }),
      { numRuns: 1000 },
    );
  });

  it("answers the stored text itself, spacing and key order included, for answers in today's shape", () => {
    fc.assert(
      fc.property(fc.constantFrom(...days).chain((day) => fc.tuple(fc.constant(day), shapedAnswers(day))), ([day, answers]) => {
        // Spaced as PostgreSQL writes jsonb, and the keys reversed, as jsonb may order them.
        const storedJson = JSON.stringify(Object.fromEntries(Object.entries(answers).reverse()), null, 1);
        expect(validator.repairJson(day, storedJson)).toBe(storedJson);
      }),
      { numRuns: 300 },
    );
  });

  it('answers a row in an older shape or with wrong types repaired', () => {
    const repaired = JSON.parse(validator.repairJson(1, '{"blanks": "not a list", "opening": 5, "oldField": "kept"}')) as Answers;
    expect(repaired).toMatchObject({ opening: '5', oldField: 'kept' });
    expect(repaired.blanks).toEqual(['', '', '', '']);
    expect(isNormalized(schemaOf(1), repaired)).toBe(true);
  });

  it('answers the text as stored for a day without a schema', () => {
    const none = loadAnswersValidator(resolve(process.cwd(), 'no-such-schemas-dir'));
    expect(none.repairJson(3, '{"b": 1, "a": [1, "two"]}')).toBe('{"b": 1, "a": [1, "two"]}');
  });
});

describe('isStorableValue', () => {
  const bodies: fc.Arbitrary<unknown> = fc.oneof(
    fc.jsonValue({ maxDepth: 6 }),
    nastyValue,
    fc.record({ answers: fc.oneof(nastyValue, fc.dictionary(nastyString, nastyValue, { maxKeys: 4 })) }),
    fc.tuple(fc.integer({ min: MAX_BODY_DEPTH - 3, max: MAX_BODY_DEPTH + 3 }), fc.boolean(), fc.constantFrom('x', '\u0000', '\udc00', 1, {}, [])).map(([levels, inArray, leaf]) => nested(levels, inArray, leaf)),
    fc.dictionary(fc.constantFrom('ok', 'a\u0000', '\ud83e', '🧬'), fc.constantFrom('x', '\ud83e\udde0', '\ud83e x'), { maxKeys: 3 }),
  );

  it('accepts exactly the bodies findUnstorableValue accepts', () => {
    fc.assert(
      fc.property(bodies, (body) => {
        expect(isStorableValue(body)).toBe(findUnstorableValue(body) === null);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses nesting past the limit at any depth without overflowing the stack', () => {
    const deep = JSON.parse(`{"answers":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    expect(isStorableValue(deep)).toBe(false);
    expect(isStorableValue(nested(MAX_BODY_DEPTH, true, 'x'))).toBe(true);
    expect(isStorableValue(nested(MAX_BODY_DEPTH + 1, true, 'x'))).toBe(false);
  });
});
