import { DAY_TITLES } from 'virtual:day-titles';
import { PUBLISHED_DAYS } from 'virtual:published-days';
import messages from '../../content/locales/en/bar.json';
import { currentLocale, DEFAULT_LOCALE, translator } from '../../engine/index.ts';
import { dayPath } from '../routes.ts';
import { STATIC_SECTIONS, type ModulePage } from './sections.ts';

/** One day of the week's workbook, as linked from the home page and the navigation. */
export interface DayLink {
  day: number;
  /** The day's title in the week at a glance, in the reader's language, e.g. "Gene Regulation". */
  readonly title: string;
  /** How menus and page links name the day, in the reader's language, e.g. "Day 1: Gene Regulation". */
  readonly label: string;
  path: string;
}

const t = translator(messages);

/**
 * A day's title (docs/requirements.md#the-week) in a language: the `title:` of its lesson's front matter
 * in that language (`content/days/day-N.es.mdx`), else the original's (`content/days/day-N.mdx`), else
 * "Day N". Which days exist is not written here either: a day is its two files,
 * `content/days/day-N.mdx` and `schemas/day-N.schema.json` (`PUBLISHED_DAYS`, listed at build time by
 * scripts/published-days/vite-plugin.ts). Adding a day touches only `content/` and `schemas/`.
 *
 * @param locale - the language; the reader's unless given
 */
export function dayTitle(day: number, locale: string = currentLocale()): string {
  const titles = DAY_TITLES[day];
  return titles?.[locale] ?? titles?.[DEFAULT_LOCALE] ?? t('day.number', { day });
}

/**
 * The week (docs/requirements.md#the-week): every published day, in order. `title` and `label` are read
 * in the reader's language each time: a component that shows them renders again on a language switch
 * when it uses `useLocale` or `useMessages`.
 */
export const DAYS: readonly DayLink[] = PUBLISHED_DAYS.map((day) => ({
  day,
  get title() {
    return dayTitle(day);
  },
  get label() {
    return t('day.label', { day, title: dayTitle(day) });
  },
  path: dayPath(day),
}));

/** The Modules menu (docs/requirements.md#navigation): the static pages, then every published day; titles read as {@link DAYS}'. */
export const MODULE_PAGES: readonly ModulePage[] = [
  ...STATIC_SECTIONS.map(({ title, path }) => ({ title, path })),
  ...DAYS.map((each) => ({
    get title() {
      return each.label;
    },
    path: each.path,
  })),
];
