import { PUBLISHED_DAYS } from '../days/registry.ts';

/** One day of the week's workbook, as linked from the home page and the navigation. */
export interface DayLink {
  day: number;
  /** The day's title in the week at a glance, e.g. "Gene Regulation". */
  title: string;
  /** How menus and page links name the day, e.g. "Day 1: Gene Regulation". */
  label: string;
  path: string;
}

/**
 * The titles of the week at a glance (spec section 1), by day number. Which days exist is not written
 * here: a day is its two files, `content/days/day-N.mdx` and `schemas/day-N.schema.json`
 * (`PUBLISHED_DAYS` in src/days/registry.ts); `days.test.ts` checks that each of them has a title.
 */
export const DAY_TITLES: Readonly<Record<number, string>> = {
  1: 'Gene Regulation',
  2: 'Understanding Cancer',
  3: 'How Do We Detect Cancer?',
  4: 'Expression Differences',
  5: 'Poster Symposium',
};

/** The address of a day's page, e.g. `/sections/day-2` (spec section 2). */
export function dayPath(day: number): string {
  return `/sections/day-${day}`;
}

/** The week at a glance (spec section 1): every published day, in order. */
export const DAYS: readonly DayLink[] = PUBLISHED_DAYS.map((day) => {
  const title = DAY_TITLES[day] ?? `Day ${day}`;
  return { day, title, label: `Day ${day}: ${title}`, path: dayPath(day) };
});
