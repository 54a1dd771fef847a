import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { findSchemaProblems } from '../engine/schema/check-schema.ts';
import { defaultsOf, normalize } from '../engine/schema/normalize.ts';
import type { AnswersSchema } from '../engine/schema/types.ts';

const daySchemas = import.meta.glob<AnswersSchema>('./day-*.schema.json', { eager: true, import: 'default' });

describe('every day schema', () => {
  it('exists for Day 1 at least', () => {
    expect(Object.keys(daySchemas)).toContain('./day-1.schema.json');
  });

  for (const [file, schema] of Object.entries(daySchemas)) {
    describe(file, () => {
      it('gives every field a default and a description', () => {
        expect(findSchemaProblems(schema)).toEqual([]);
      });

      it('is valid JSON Schema 2020-12, and its complete default answers validate against it', () => {
        const ajv = new Ajv2020({ allErrors: true, strict: false });
        const validate = ajv.compile(schema);
        expect(validate(defaultsOf(schema)), JSON.stringify(validate.errors)).toBe(true);
      });
    });
  }
});

describe('Day 1 normalisation (spec section 4, "Day page")', () => {
  const schema = daySchemas['./day-1.schema.json']!;
  type Day1 = {
    fillBlanks: string[];
    sim: { gene1: string[]; gene2: string[]; gene3: string[]; reflections: string[] };
    dnd: { available: string[]; ordered: string[]; orderSize: number };
    geneQ1: string;
    inquiry: { think: string };
    wrap: { reflection: string };
    analogies: { analogy: string; why: string }[];
  };

  it('trims or pads the sim arrays to 5, 4, 6 and 4', () => {
    const saved = { sim: { gene1: ['a'], gene2: ['1', '2', '3', '4', '5', '6'], gene3: [], reflections: ['r1', 'r2', 'r3', 'r4', 'r5'] } };
    const { sim } = normalize<Day1>(schema, saved);
    expect(sim.gene1).toEqual(['a', '', '', '', '']);
    expect(sim.gene2).toEqual(['1', '2', '3', '4']);
    expect(sim.gene3).toHaveLength(6);
    expect(sim.reflections).toEqual(['r1', 'r2', 'r3', 'r4']);
  });

  it('pads fillBlanks to 13', () => {
    const { fillBlanks } = normalize<Day1>(schema, { fillBlanks: ['protein', 'transcription'] });
    expect(fillBlanks).toHaveLength(13);
    expect(fillBlanks.slice(0, 3)).toEqual(['protein', 'transcription', '']);
  });

  it('restores the ordering exercise defaults when dnd is missing', () => {
    expect(normalize<Day1>(schema, { geneQ1: 'kept' }).dnd).toEqual({
      // Not the answer's order (docs/requirements.md#answer-fields): the exercise must not start solved.
      available: [
        'Translation',
        'A transcription factor binds the DNA, then RNA polymerase attaches at the promoter',
        'Protein is created',
        'mRNA is created',
        'Transcription',
      ],
      ordered: ['', '', '', '', ''],
      orderSize: 5,
    });
  });

  it('keeps a half-done ordering and pads its ordered slots to 5', () => {
    const { dnd } = normalize<Day1>(schema, { dnd: { available: ['Translation'], ordered: ['Transcription'] } });
    expect(dnd).toEqual({ available: ['Translation'], ordered: ['Transcription', '', '', '', ''], orderSize: 5 });
  });

  it('holds every field of spec section 3, including those with no input on the page', () => {
    expect(Object.keys(defaultsOf(schema) as object).sort()).toEqual(
      [
        'analogies', 'discussion', 'dnd', 'exitTicket', 'fillBlanks', 'geneQ1', 'inquiry', 'sim', 'simObservations',
        'simOff', 'simOn', 'simSteps', 'worksheet', 'wrap',
      ].sort(),
    );
    const answers = normalize<Day1 & Record<string, unknown>>(schema, undefined);
    expect(answers.worksheet).toHaveLength(4);
    expect(answers.analogies).toEqual(Array(4).fill({ analogy: '', why: '' }));
    expect([answers.simSteps, answers.discussion, answers.exitTicket].map((list) => (list as string[]).length)).toEqual([3, 3, 3]);
    expect(answers.inquiry).toEqual({ think: '' });
    expect(answers.wrap).toEqual({ reflection: '' });
  });
});
