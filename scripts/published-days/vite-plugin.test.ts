import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dayHeading, daysOf, FrontMatterError } from './days.ts';
import { publishedDays, publishedDaysIn } from './vite-plugin.ts';

const roots: string[] = [];

/** A repository holding the given lessons (name to MDX) and schemas (names). */
function repository(lessons: Record<string, string>, schemas: string[]): string {
  const root = mkdtempSync(join(tmpdir(), 'helix-published-days-'));
  roots.push(root);
  mkdirSync(join(root, 'content', 'days'), { recursive: true });
  mkdirSync(join(root, 'schemas'));
  for (const [name, mdx] of Object.entries(lessons)) writeFileSync(join(root, 'content', 'days', name), mdx);
  for (const name of schemas) writeFileSync(join(root, 'schemas', name), '{}');
  return root;
}

const titled = (title: string, more = '') => `---\ntitle: ${title}\n${more}---\n\nText.\n`;

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('the published days', () => {
  it('are the days with both a lesson and a schema, in the order of the week', () => {
    const root = repository(
      { 'day-10.mdx': titled('Ten'), 'day-2.mdx': titled('Two'), 'day-1.mdx': titled('One'), 'day-3.mdx': titled('Three'), 'notes.md': '# Notes\n' },
      ['day-1.schema.json', 'day-2.schema.json', 'day-10.schema.json', 'day-4.schema.json', 'site.schema.json'],
    );

    expect(publishedDaysIn(root)).toEqual([1, 2, 10]);
    expect(daysOf(root).map(({ day, title, lesson, schema }) => ({ day, title, lesson, schema }))[2]).toEqual({
      day: 10,
      title: 'Ten',
      lesson: join('content', 'days', 'day-10.mdx'),
      schema: join('schemas', 'day-10.schema.json'),
    });
  });

  it('leave out a day whose front matter says published: false, which npm run dev still shows', () => {
    const root = repository({ 'day-1.mdx': titled('One'), 'day-2.mdx': titled('Two', 'published: false\n') }, ['day-1.schema.json', 'day-2.schema.json']);

    expect(publishedDaysIn(root)).toEqual([1]);
    expect(daysOf(root, { drafts: true }).map(({ day, published }) => ({ day, published }))).toEqual([
      { day: 1, published: true },
      { day: 2, published: false },
    ]);
  });

  it('refuse a lesson without a title, naming the file and the fix', () => {
    const root = repository({ 'day-1.mdx': '# Day 1\n\nNo front matter.\n' }, ['day-1.schema.json']);

    expect(() => publishedDaysIn(root)).toThrow(FrontMatterError);
    expect(() => publishedDaysIn(root)).toThrow(/content\/days\/day-1\.mdx: front matter needs a title, e.g. "title: Gene Regulation"/);
  });

  it('are none in a folder without lessons', () => {
    const root = mkdtempSync(join(tmpdir(), 'helix-no-days-'));
    roots.push(root);

    expect(publishedDaysIn(root)).toEqual([]);
  });
});

describe("the build's modules of the days", () => {
  it('load only the published days, so a draft is neither built nor downloaded, and name each by its title', () => {
    const root = repository(
      { 'day-1.mdx': titled('One'), 'day-1.es.mdx': titled('Uno'), 'day-2.mdx': titled('Two', 'published: false\n'), 'day-3.mdx': titled('Three') },
      ['day-1.schema.json', 'day-2.schema.json', 'day-3.schema.json'],
    );
    const plugin = publishedDays(root);
    const load = (id: string) => (plugin.load as (id: string) => string | null).call({}, (plugin.resolveId as (id: string) => string).call({}, id));

    expect(load('virtual:published-days')).toBe('export const PUBLISHED_DAYS = [1,3];\n');
    // Each day's title in each language it has; its lesson a file per language.
    expect(load('virtual:day-titles')).toBe('export const DAY_TITLES = {"1":{"en":"One","es":"Uno"},"3":{"en":"Three"}};\n');
    const loaders = load('virtual:day-loaders')!;
    expect(loaders).toContain(`"en": () => import(${JSON.stringify(join(root, 'content/days/day-1.mdx'))})`);
    expect(loaders).toContain(`"es": () => import(${JSON.stringify(join(root, 'content/days/day-1.es.mdx'))})`);
    expect(loaders).toContain(`3: () => import(${JSON.stringify(join(root, 'schemas/day-3.schema.json'))})`);
    expect(loaders).not.toContain('day-2');
  });
});

describe("a day's heading", () => {
  it('joins the number, the title and the subtitle', () => {
    expect(dayHeading(1, { title: 'Gene Regulation' })).toBe('Day 1 — Gene Regulation');
    expect(dayHeading(1, { title: 'Gene Regulation', subtitle: 'how cells decide' })).toBe('Day 1 — Gene Regulation: how cells decide');
    expect(dayHeading(3, { title: 'How Do We Detect Cancer?', subtitle: 'Seeing static' })).toBe('Day 3 — How Do We Detect Cancer? Seeing static');
  });

  it('starts a subtitle after a question with a capital, as a sentence of its own', () => {
    expect(dayHeading(3, { title: '¿Cómo detectamos el cáncer?', subtitle: 'cómo distinguir la estática' })).toBe('Day 3 — ¿Cómo detectamos el cáncer? Cómo distinguir la estática');
  });
});
