import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { publishedDaysIn } from './vite-plugin.ts';

const roots: string[] = [];

function repository(lessons: string[], schemas: string[]): string {
  const root = mkdtempSync(join(tmpdir(), 'helix-published-days-'));
  roots.push(root);
  mkdirSync(join(root, 'content', 'days'), { recursive: true });
  mkdirSync(join(root, 'schemas'));
  for (const name of lessons) writeFileSync(join(root, 'content', 'days', name), '# A day\n');
  for (const name of schemas) writeFileSync(join(root, 'schemas', name), '{}');
  return root;
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('the published days', () => {
  it('are the days with both a lesson and a schema, in the order of the week', () => {
    const root = repository(
      ['day-10.mdx', 'day-2.mdx', 'day-1.mdx', 'day-3.mdx', 'notes.md'],
      ['day-1.schema.json', 'day-2.schema.json', 'day-10.schema.json', 'day-4.schema.json', 'site.schema.json'],
    );

    expect(publishedDaysIn(root)).toEqual([1, 2, 10]);
  });

  it('are the five days of this repository', () => {
    expect(publishedDaysIn(join(import.meta.dirname, '..', '..'))).toEqual([1, 2, 3, 4, 5]);
  });

  it('are none in a folder without lessons', () => {
    const root = mkdtempSync(join(tmpdir(), 'helix-no-days-'));
    roots.push(root);

    expect(publishedDaysIn(root)).toEqual([]);
  });
});
