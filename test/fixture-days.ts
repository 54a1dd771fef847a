/**
 * The fixture days: a small week made for the engine's tests, never shown to students. Each day is the
 * two files an author writes (docs/authoring.md, "A day is two files"), side by side in
 * test/fixture-days/: `day-N.mdx` with its front matter and `day-N.schema.json`. Together they use every
 * widget tag the manifests declare and every kind of field the engine's schemas support
 * (scripts/content-checker/fixture-days.test.ts checks both), so a test of normalisation, validation,
 * saving or the console runs on content that does not change when authors change the week.
 * Tests of the week itself read `content/days` and `schemas` (scripts/published-days/days.ts).
 *
 * The folder sits at the repository's top, outside `engine/`, `server/` and `scripts/`, because the
 * tests of all three read it and eslint.config.js lets the server's code use no file of the engine
 * but its schema layer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnswersSchema } from '../engine/schema/index.ts';
import { readDays, type DayEntry } from '../scripts/published-days/days.ts';

/** The repository's folder: fixture entries name their files relative to it, e.g. `test/fixture-days/day-1.mdx`. */
const REPOSITORY = join(import.meta.dirname, '..');

/** The folder holding every fixture day's lesson and schema, absolute. */
export const FIXTURE_DAYS_DIR = join(import.meta.dirname, 'fixture-days');

/**
 * Every fixture day, drafts included, as `readDays` gives the week's: Day 1 and Day 2 published, Day 3 a
 * draft (`published: false`).
 */
export const fixtureDays: readonly DayEntry[] = readDays({ lessons: FIXTURE_DAYS_DIR, schemas: FIXTURE_DAYS_DIR, root: REPOSITORY });

/** The published fixture days, as `daysOf` gives the week's published days to the console and the build. */
export const publishedFixtureDays: readonly DayEntry[] = fixtureDays.filter(({ published }) => published);

/**
 * The server's content folders for the fixture days (server/config.ts, SCHEMAS_DIR and LESSONS_DIR), to
 * spread into a test's config so the app validates, stores and lists the fixture days instead of the week.
 *
 * @example useTestApp(kind, { config: () => FIXTURE_DAY_FOLDERS })
 */
export const FIXTURE_DAY_FOLDERS = { schemasDir: FIXTURE_DAYS_DIR, lessonsDir: FIXTURE_DAYS_DIR } as const;

/**
 * A fixture day's answers schema, parsed.
 *
 * @param day - a fixture day's number, e.g. 1
 * @returns the contents of `test/fixture-days/day-N.schema.json`
 * @throws Error naming the day when it is not a fixture day
 */
export function fixtureSchema(day: number): AnswersSchema {
  const entry = fixtureDays.find((fixture) => fixture.day === day);
  if (!entry) throw new Error(`Day ${day} is not a fixture day (there are ${fixtureDays.map((fixture) => fixture.day).join(', ')})`);
  return JSON.parse(readFileSync(join(REPOSITORY, entry.schema), 'utf8')) as AnswersSchema;
}

/**
 * A fixture day's lesson, as its author wrote it.
 *
 * @param day - a fixture day's number, e.g. 2
 * @returns the MDX text of `test/fixture-days/day-N.mdx`, front matter included
 * @throws Error naming the day when it is not a fixture day
 */
export function fixtureLesson(day: number): string {
  const entry = fixtureDays.find((fixture) => fixture.day === day);
  if (!entry) throw new Error(`Day ${day} is not a fixture day (there are ${fixtureDays.map((fixture) => fixture.day).join(', ')})`);
  return readFileSync(join(REPOSITORY, entry.lesson), 'utf8');
}
