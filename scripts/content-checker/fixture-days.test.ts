import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnswersSchema } from '../../engine/schema/index.ts';
import { FIXTURE_DAYS_DIR, fixtureDays, fixtureLesson, fixtureSchema } from '../../test/fixture-days.ts';
import { readWidgetManifest } from '../widget-manifest/manifest.ts';
import { checkContent } from './check-content.ts';
import { parseLesson } from './parse-lesson.ts';
import { formatProblem } from './problem.ts';

const REPOSITORY = join(import.meta.dirname, '..', '..');

/** Every schema node of a day, with its dotted path (`[]` for a list's items). */
function schemaNodes(node: AnswersSchema, path = 'answers'): { path: string; node: AnswersSchema }[] {
  const children = Object.entries(node.properties ?? {}).flatMap(([key, child]) => schemaNodes(child, `${path}.${key}`));
  const items = node.items ? schemaNodes(node.items, `${path}[]`) : [];
  return [{ path, node }, ...children, ...items];
}

describe('the fixture days (test/fixture-days/)', () => {
  it('are two published days and a draft, each with its lesson and its schema', () => {
    expect(fixtureDays.map(({ day, title, published, lesson, schema }) => ({ day, title, published, lesson, schema }))).toEqual([
      { day: 1, title: 'Fixture topic', published: true, lesson: 'test/fixture-days/day-1.mdx', schema: 'test/fixture-days/day-1.schema.json' },
      { day: 2, title: 'Fixture tables', published: true, lesson: 'test/fixture-days/day-2.mdx', schema: 'test/fixture-days/day-2.schema.json' },
      { day: 3, title: 'Fixture draft', published: false, lesson: 'test/fixture-days/day-3.mdx', schema: 'test/fixture-days/day-3.schema.json' },
    ]);
  });

  it('pass the content checker, as a day an author writes must', () => {
    const problems = checkContent({ root: REPOSITORY, days: FIXTURE_DAYS_DIR, schemas: FIXTURE_DAYS_DIR, images: join(FIXTURE_DAYS_DIR, 'no-images') });
    expect(problems.map(formatProblem)).toEqual([]);
  });

  it('use every widget tag the manifests declare, and so bind every shape of field a widget binds: a new widget comes with a fixture that uses it', () => {
    const used = new Set(fixtureDays.flatMap(({ day, lesson }) => parseLesson(lesson, fixtureLesson(day)).elements.map(({ tag }) => tag)));
    const manifest = readWidgetManifest(REPOSITORY);
    expect(manifest.length).toBeGreaterThan(0);
    expect(manifest.filter(({ tag }) => !used.has(tag)).map(({ file }) => file)).toEqual([]);
  });

  it('hold every kind of field the engine reads from a schema (engine/schema/types.ts)', () => {
    const nodes = fixtureDays.flatMap(({ day }) => schemaNodes(fixtureSchema(day)));
    const roots = fixtureDays.map(({ day }) => fixtureSchema(day));
    const kinds: Record<string, (node: AnswersSchema) => boolean> = {
      'a text': (node) => node.type === 'string' && node.enum === undefined,
      'a text limited by maxLength': (node) => node.type === 'string' && typeof node.maxLength === 'number',
      'a choice from an enum': (node) => node.type === 'string' && Array.isArray(node.enum),
      'a whole number with a minimum': (node) => node.type === 'integer' && typeof node.minimum === 'number',
      'a whole number fixed by const': (node) => node.type === 'integer' && node.const !== undefined,
      'a number': (node) => node.type === 'number',
      'a yes or no': (node) => node.type === 'boolean',
      'a fixed-length list of texts': (node) => node.type === 'array' && node.items?.type === 'string' && node.minItems !== undefined && node.minItems === node.maxItems,
      'a list of varying length': (node) => node.type === 'array' && node.minItems !== node.maxItems,
      'a list of rows (objects)': (node) => node.type === 'array' && node.items?.type === 'object',
      'an object of fields': (node) => node.type === 'object' && node.properties !== undefined && node['x-merge'] === undefined,
      'an ordering merged as one value (x-merge)': (node) => node['x-merge'] === 'atomic' && node.properties?.available !== undefined,
      'saved values renamed (x-value-aliases)': (node) => node['x-value-aliases'] !== undefined,
      'a field with no input on the page (x-no-input)': (node) => node['x-no-input'] === true,
    };
    const missing = Object.entries(kinds).filter(([, matches]) => !nodes.some(({ node }) => matches(node))).map(([kind]) => kind);
    expect(missing).toEqual([]);
    expect(roots.some((root) => (root['x-migrations'] ?? []).length > 0), 'a day whose saved answers move (x-migrations)').toBe(true);
  });
});
