/**
 * A realistic Day 1 answers object for the benchmarks: every field of `schemas/day-1.schema.json`,
 * filled the way a student who worked through the whole day fills it (blanks chosen, steps ordered,
 * a few sentences per question), so a save body weighs what a real one does (about 3 KB).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { answerFields } from '../../engine/schema/fields.ts';
import { defaultsOf } from '../../engine/schema/normalize.ts';
import type { AnswersSchema } from '../../engine/schema/types.ts';

const SENTENCES = [
  'The lac operon is only read when lactose is present and glucose is scarce.',
  'A repressor protein sits on the operator and blocks RNA polymerase.',
  'When lactose binds the repressor it changes shape and lets go of the DNA.',
  'Gene expression is the whole process of making a protein from a gene.',
  'Regulation decides when and how much of that protein the cell makes.',
  'Every cell holds the same DNA but only some genes are switched on.',
];

function sentences(count: number, offset: number): string {
  return Array.from({ length: count }, (_, index) => SENTENCES[(index + offset) % SENTENCES.length]).join(' ');
}

/**
 * Day 1's answers as a student would send them after a full lesson.
 *
 * @param schemaPath - Day 1's schema, default `schemas/day-1.schema.json` from the working directory
 * @param variant - changes one free-text answer, so successive saves differ (any integer)
 * @returns a whole answers object of today's shape; `JSON.stringify({ answers })` is about 3 KB, a Day 1 with every field filled (bench/README.md)
 */
export function dayOneAnswers(variant = 0, schemaPath = resolve('schemas/day-1.schema.json')): Record<string, unknown> {
  const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as AnswersSchema;
  const answers = defaultsOf(schema) as Record<string, unknown>;
  const fill = (list: unknown, length: number, offset: number) =>
    Array.isArray(list) ? list.map((_, index) => sentences(length, index + offset)) : list;
  answers.worksheet = fill(answers.worksheet, 1, 0);
  answers.analogies = Array.isArray(answers.analogies)
    ? answers.analogies.map((_, index) => ({ analogy: sentences(1, index), why: sentences(1, index + 2) }))
    : answers.analogies;
  answers.fillBlanks = Array.isArray(answers.fillBlanks) ? answers.fillBlanks.map((_, index) => (index % 2 === 0 ? 'RNA polymerase' : 'operator')) : [];
  const dnd = answers.dnd as { available: string[]; ordered: string[]; orderSize: number };
  answers.dnd = { available: [], ordered: [...dnd.available], orderSize: dnd.orderSize };
  answers.geneQ1 = `${sentences(3, variant)} (draft ${variant})`;
  answers.inquiry = { think: sentences(2, 1) };
  const sim = answers.sim as Record<string, unknown>;
  answers.sim = {
    gene1: (sim.gene1 as string[]).map((_, index) => (index % 2 === 0 ? 'high' : 'low')),
    gene2: (sim.gene2 as string[]).map((_, index) => (index % 2 === 0 ? 'low' : 'high')),
    gene3: (sim.gene3 as string[]).map((_, index) => (index < 3 ? 'on' : 'off')),
    reflections: fill(sim.reflections, 1, 2),
  };
  answers.wrap = { reflection: sentences(2, 3) };
  answers.simOn = sentences(1, 0);
  answers.simOff = sentences(1, 1);
  answers.simObservations = sentences(1, 2);
  answers.simSteps = fill(answers.simSteps, 1, 3);
  answers.discussion = fill(answers.discussion, 1, 4);
  answers.exitTicket = fill(answers.exitTicket, 1, 5);
  return answers;
}

/**
 * Any day's answers with every answer field filled (`answerFields`): a sentence in each text, the
 * second option of each choice, a placed first step in an ordering exercise. For the class progress
 * and export benchmarks, which need five full days per student.
 *
 * @param day - 1 to 5; its schema is read from `schemas/day-N.schema.json`
 */
export function fullDayAnswers(day: number, variant = 0): Record<string, unknown> {
  const schema = JSON.parse(readFileSync(resolve(`schemas/day-${day}.schema.json`), 'utf8')) as AnswersSchema;
  const answers = defaultsOf(schema) as Record<string, unknown>;
  answerFields(schema).forEach((field, index) => {
    const segments = field.path.split('.');
    const last = segments.pop()!;
    const parent = segments.reduce<unknown>((node, segment) => (node as Record<string, unknown>)[segment], answers) as Record<string, unknown>;
    const options = field.schema.enum?.filter((option) => option !== '');
    if (options && options.length > 0) parent[last] = options[(index + variant) % options.length];
    else if (field.schema.type === 'string') parent[last] = sentences(2, index + variant);
    else if (field.schema.type === 'integer' || field.schema.type === 'number') parent[last] = 1;
    else if (field.schema.type === 'boolean') parent[last] = true;
    else if (Array.isArray(field.defaultValue)) parent[last] = field.defaultValue.length > 0 ? field.defaultValue.map((_, item) => sentences(1, item)) : [sentences(1, index)];
    else if (typeof field.defaultValue === 'object' && field.defaultValue !== null) {
      // An atomic exercise (an ordering): place its first available step.
      const value = structuredClone(field.defaultValue) as Record<string, unknown>;
      const [available, ordered] = Object.values(value).filter(Array.isArray) as string[][];
      if (available && ordered && available.length > 0) ordered[0] = available.shift()!;
      parent[last] = value;
    }
  });
  return answers;
}
