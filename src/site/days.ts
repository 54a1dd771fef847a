import { DAY_TITLES } from 'virtual:day-titles';
import { PUBLISHED_DAYS } from 'virtual:published-days';
import { dayPath } from '../routes.ts';
import { STATIC_SECTIONS, type ModulePage } from './sections.ts';

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
 * The days' titles (docs/requirements.md#the-week), by day number, from each lesson's front matter
 * (`title:` in `content/days/day-N.mdx`). Which days exist is not written here either: a day is its two
 * files, `content/days/day-N.mdx` and `schemas/day-N.schema.json` (`PUBLISHED_DAYS`, listed at build time
 * by scripts/published-days/vite-plugin.ts). Adding a day touches only `content/` and `schemas/`.
 */
export { DAY_TITLES };

/** The week (docs/requirements.md#the-week): every published day, in order. */
export const DAYS: readonly DayLink[] = PUBLISHED_DAYS.map((day) => {
  const title = DAY_TITLES[day] ?? `Day ${day}`;
  return { day, title, label: `Day ${day}: ${title}`, path: dayPath(day) };
});

/** The Modules menu (docs/requirements.md#navigation): the static pages, then every published day. */
export const MODULE_PAGES: readonly ModulePage[] = [
  ...STATIC_SECTIONS.map(({ title, path }) => ({ title, path })),
  ...DAYS.map(({ label, path }) => ({ title: label, path })),
];
