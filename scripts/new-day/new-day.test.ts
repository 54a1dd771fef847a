import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkContent } from '../content-checker/check-content.ts';
import { formatProblem } from '../content-checker/problem.ts';
import { daysOf } from '../published-days/days.ts';
import { newDayFiles, writeNewDay } from './new-day.ts';

const roots: string[] = [];

function emptyRepository(): string {
  const root = mkdtempSync(join(tmpdir(), 'helix-new-day-'));
  roots.push(root);
  mkdirSync(join(root, 'content', 'days'), { recursive: true });
  mkdirSync(join(root, 'content', 'images'));
  mkdirSync(join(root, 'schemas'));
  return root;
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('npm run new:day', () => {
  it('writes a lesson and a schema that the content checker accepts, and the day is published by its title', () => {
    const root = emptyRepository();
    writeNewDay(root, newDayFiles(6, 'Cells and Signals'));

    const problems = checkContent({ root, days: join(root, 'content', 'days'), schemas: join(root, 'schemas'), images: join(root, 'content', 'images') });
    expect(problems.map(formatProblem)).toEqual([]);
    expect(daysOf(root).map(({ day, title }) => ({ day, title }))).toEqual([{ day: 6, title: 'Cells and Signals' }]);
    expect(JSON.parse(readFileSync(join(root, 'schemas', 'day-6.schema.json'), 'utf8'))).toMatchObject({ $id: 'https://helix.example/schemas/day-6.schema.json', title: 'Day 6 answers: Cells and Signals' });
  });

  it('never overwrites a day that exists', () => {
    const root = emptyRepository();
    writeNewDay(root, newDayFiles(6, 'Cells and Signals'));

    expect(() => writeNewDay(root, newDayFiles(6, 'Another'))).toThrow('content/days/day-6.mdx exists already; choose another day number');
    expect(readFileSync(join(root, 'content', 'days', 'day-6.mdx'), 'utf8')).toContain('title: "Cells and Signals"');
  });

  it('refuses a day number that is not a positive whole number, or no title', () => {
    expect(() => newDayFiles(0, 'Zero')).toThrow('the day number must be a positive whole number, not 0');
    expect(() => newDayFiles(Number('six'), 'Six')).toThrow('positive whole number');
    expect(() => newDayFiles(6, '  ')).toThrow('the day needs a title');
  });
});
