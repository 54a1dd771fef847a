import { describe, expect, it } from 'vitest';
import { findSchemaProblems } from './check-schema.ts';
import { findMigrationProblems, migrateAnswers } from './migrate.ts';
import { normalize } from './normalize.ts';
import type { AnswersSchema } from './types.ts';

const text = (description = 'a text') => ({ type: 'string', description, default: '' }) as const;

/** Today's shape, after four content edits that renamed or moved fields. */
const schema: AnswersSchema = {
  type: 'object',
  description: 'A small day.',
  default: {},
  'x-migrations': [
    { id: 1, description: 'geneQuestion was renamed geneQ1', move: { from: 'geneQuestion', to: 'geneQ1' } },
    { id: 2, description: 'the reflection moved into wrap', move: { from: 'reflection', to: 'wrap.reflection' } },
    { id: 3, description: 'analogies lost "reason" for "why"', move: { from: 'analogies.0.reason', to: 'analogies.0.why' } },
    { id: 4, description: 'inquiry became an object holding think', move: { from: 'inquiry', to: 'inquiry.think' } },
  ],
  properties: {
    geneQ1: text(),
    wrap: { type: 'object', description: 'Wrap-up.', default: {}, properties: { reflection: text() } },
    analogies: {
      type: 'array',
      description: 'Two analogies.',
      minItems: 2,
      maxItems: 2,
      default: [
        { analogy: '', why: '' },
        { analogy: '', why: '' },
      ],
      items: { type: 'object', description: 'One analogy.', default: { analogy: '', why: '' }, properties: { analogy: text(), why: text() } },
    },
    inquiry: { type: 'object', description: 'Inquiry.', default: {}, properties: { think: text() } },
  },
};

describe('migrateAnswers', () => {
  describe('renaming a field', () => {
    it('moves the value to the new name and deletes the old one', () => {
      expect(migrateAnswers(schema, { geneQuestion: 'my words' })).toEqual({ geneQ1: 'my words' });
    });

    it('replaces a new field that still holds its default', () => {
      expect(migrateAnswers(schema, { geneQuestion: 'my words', geneQ1: '' })).toEqual({ geneQ1: 'my words' });
    });

    it("keeps both when the new field already holds the student's text: nothing is overwritten", () => {
      expect(migrateAnswers(schema, { geneQuestion: 'old words', geneQ1: 'new words' })).toEqual({ geneQuestion: 'old words', geneQ1: 'new words' });
    });
  });

  describe('moving a field into a nested object', () => {
    it('creates the intermediate object', () => {
      expect(migrateAnswers(schema, { reflection: 'it clicked' })).toEqual({ wrap: { reflection: 'it clicked' } });
    });

    it('keeps the siblings already in the object', () => {
      expect(migrateAnswers(schema, { reflection: 'it clicked', wrap: { extra: 1 } })).toEqual({ wrap: { extra: 1, reflection: 'it clicked' } });
    });

    it('nests a field under its own name (inquiry → inquiry.think)', () => {
      expect(migrateAnswers(schema, { inquiry: 'why?' })).toEqual({ inquiry: { think: 'why?' } });
    });
  });

  describe('moving a field of an array item', () => {
    it('moves it within the indexed item', () => {
      const saved = { analogies: [{ analogy: 'a thermostat', reason: 'it switches on and off' }, { analogy: 'a dimmer' }] };
      expect(migrateAnswers(schema, saved)).toEqual({ analogies: [{ analogy: 'a thermostat', why: 'it switches on and off' }, { analogy: 'a dimmer' }] });
    });
  });

  it('does nothing when from is absent, returning the saved answers themselves', () => {
    const saved = { geneQ1: 'x', somethingElse: [1] };
    expect(migrateAnswers(schema, saved)).toBe(saved);
  });

  it('is idempotent: applying the migrations twice gives what applying them once gave', () => {
    const saved = {
      geneQuestion: 'g',
      reflection: 'r',
      analogies: [{ analogy: 'a', reason: 'b' }],
      inquiry: '',
      geneQ1: '',
    };
    const once = migrateAnswers(schema, saved);
    expect(once).toEqual({ geneQ1: 'g', wrap: { reflection: 'r' }, analogies: [{ analogy: 'a', why: 'b' }], inquiry: { think: '' } });
    expect(migrateAnswers(schema, once)).toEqual(once);
    expect(migrateAnswers(schema, normalize(schema, once))).toEqual(normalize(schema, once));
  });

  it('never changes its input, and does not freeze it', () => {
    const saved = { geneQuestion: 'g', wrap: { other: 'kept' }, reflection: 'r' };
    const copy = structuredClone(saved);
    migrateAnswers(schema, saved);
    expect(saved).toEqual(copy);
    expect(Object.isFrozen(saved.wrap)).toBe(false);
  });

  it('applies the migrations in id order whatever their order in the file', () => {
    const chained: AnswersSchema = {
      ...schema,
      'x-migrations': [
        { id: 2, description: 'then b became geneQ1', move: { from: 'b', to: 'geneQ1' } },
        { id: 1, description: 'first a became b', move: { from: 'a', to: 'b' } },
      ],
    };
    expect(migrateAnswers(chained, { a: 'text' })).toEqual({ geneQ1: 'text' });
  });

  it.each([[null], ['answers'], [[1, 2]], [42], [undefined]])('returns %j, which is not an object, as is', (saved) => {
    expect(migrateAnswers(schema, saved)).toBe(saved);
  });

  it('pads an array with its item defaults when moving into an index past its end', () => {
    const padded: AnswersSchema = {
      ...schema,
      'x-migrations': [{ id: 1, description: 'the second analogy had its own field', move: { from: 'secondWhy', to: 'analogies.1.why' } }],
    };
    expect(migrateAnswers(padded, { secondWhy: 'because', analogies: [] })).toEqual({
      analogies: [{ analogy: '', why: '' }, { why: 'because' }],
    });
  });

  it('keeps from when the path to to runs through a value that is not an object', () => {
    expect(migrateAnswers(schema, { reflection: 'kept', wrap: 'a string where an object goes' })).toEqual({
      reflection: 'kept',
      wrap: 'a string where an object goes',
    });
  });
});

describe('findMigrationProblems', () => {
  it('finds nothing in a sound list, or without a list', () => {
    expect(findMigrationProblems(schema)).toEqual([]);
    expect(findMigrationProblems({ ...schema, 'x-migrations': undefined })).toEqual([]);
  });

  it('names ids that do not increase, a missing description and a to the schema lacks', () => {
    const broken = {
      ...schema,
      'x-migrations': [
        { id: 2, description: 'fine', move: { from: 'a', to: 'geneQ1' } },
        { id: 2, description: ' ', move: { from: 'b', to: 'wrap.reflecton' } },
        { id: 1.5, description: 'x', move: { from: 'c' } },
      ],
    } as unknown as AnswersSchema;
    expect(findMigrationProblems(broken)).toEqual([
      'answers.x-migrations[1]: id 2 must be greater than the previous id 2',
      'answers.x-migrations[1]: has no "description"',
      'answers.x-migrations[1]: "move.to" is "wrap.reflecton", which is not a field of the schema',
      'answers.x-migrations[2]: "id" must be a positive integer, found 1.5',
      'answers.x-migrations[2]: "move" must be { "from": "old.dotted.path", "to": "new.dotted.path" }',
    ]);
  });

  it('refuses x-migrations that is not a list', () => {
    expect(findMigrationProblems({ ...schema, 'x-migrations': {} } as unknown as AnswersSchema)).toEqual(['answers.x-migrations: must be a list of migrations']);
  });

  it('is part of findSchemaProblems, at the root', () => {
    const broken = { ...schema, 'x-migrations': [{ id: 1, description: 'x', move: { from: 'a', to: 'nowhere' } }] };
    expect(findSchemaProblems(broken)).toEqual(['answers.x-migrations[0]: "move.to" is "nowhere", which is not a field of the schema']);
  });
});
