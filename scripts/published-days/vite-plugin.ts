/**
 * A Vite plugin giving the app the list of its days as a constant, without the code that loads them
 * (docs/decisions/011-first-visit-javascript.md, "Days listed, not loaded").
 */
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { reloadWhenChanged } from '../virtual-modules/reload.ts';
import { contentLocales } from '../translations/locales.ts';
import { PEEK_QUERY } from '../translations/peek.ts';
import { daysOf, type DayEntry } from './days.ts';

/** The module the app imports the list from: `import { PUBLISHED_DAYS } from 'virtual:published-days'`. */
export const PUBLISHED_DAYS_MODULE = 'virtual:published-days';
/**
 * The module of the days' titles: `import { DAY_TITLES } from 'virtual:day-titles'`. A module of its own,
 * so that the start-up file, which needs only the day numbers for its routes, does not carry the titles
 * that the menus (in the signed-in frame) show.
 */
export const DAY_TITLES_MODULE = 'virtual:day-titles';
/**
 * The module of the days' loaders, `import { lessons, schemas } from 'virtual:day-loaders'`: per
 * published day, the `import()` of its lesson in each language it has (`{ en, es }`) and of its schema
 * (src/days/registry.ts): each its own chunk, so a student downloads the lesson only in the languages
 * they read. Only published
 * days are built, so a draft's lesson is neither downloaded nor kept offline.
 */
export const DAY_LOADERS_MODULE = 'virtual:day-loaders';

/**
 * The module of the days' peeks, `import { peeks } from 'virtual:day-peeks'`: per published day and
 * language, the `import()` of the lesson's blocks as a reader of another language peeks at them
 * (`day-1.es.mdx?peek`, scripts/translations/peek.ts). Imported with `import()` itself at the first peek:
 * its ten addresses are not worth every day's first visit.
 */
export const DAY_PEEKS_MODULE = 'virtual:day-peeks';

/** An `import()` of a file's default export, by absolute path. */
const loader = (path: string) => `() => import(${JSON.stringify(path)}).then((module) => module.default)`;

/** A day's lessons by language, the original's first: `[['en', {lesson, title}], ['es', {…}]]`. */
function lessonsByLocale({ lesson, title, translations }: DayEntry, root: string): [string, { lesson: string; title: string }][] {
  return [[contentLocales(root).defaultLocale, { lesson, title }], ...Object.entries(translations)];
}

const MODULES = new Map<string, (days: DayEntry[], root: string) => string>([
  [`\0${PUBLISHED_DAYS_MODULE}`, (days) => `export const PUBLISHED_DAYS = ${JSON.stringify(days.map(({ day }) => day))};\n`],
  [
    `\0${DAY_TITLES_MODULE}`,
    (days, root) => {
      const titles = days.map((entry) => [entry.day, Object.fromEntries(lessonsByLocale(entry, root).map(([locale, { title }]) => [locale, title]))]);
      return `export const DAY_TITLES = ${JSON.stringify(Object.fromEntries(titles))};\n`;
    },
  ],
  [
    `\0${DAY_LOADERS_MODULE}`,
    (days, root) => {
      const lessons = days.map((entry) => {
        const loaders = lessonsByLocale(entry, root).map(([locale, { lesson }]) => `    ${JSON.stringify(locale)}: ${loader(join(root, lesson))},`);
        return `  ${entry.day}: {\n${loaders.join('\n')}\n  },`;
      });
      const schemas = days.map(({ day, schema }) => `  ${day}: ${loader(join(root, schema))},`);
      return `export const lessons = {\n${lessons.join('\n')}\n};\nexport const schemas = {\n${schemas.join('\n')}\n};\n`;
    },
  ],
  [
    `\0${DAY_PEEKS_MODULE}`,
    (days, root) => {
      const peeks = days.map((entry) => {
        const loaders = lessonsByLocale(entry, root).map(([locale, { lesson }]) => `    ${JSON.stringify(locale)}: ${loader(`${join(root, lesson)}${PEEK_QUERY}`)},`);
        return `  ${entry.day}: {\n${loaders.join('\n')}\n  },`;
      });
      return `export const peeks = {\n${peeks.join('\n')}\n};\n`;
    },
  ],
]);

/**
 * The published days of a repository, in order: each `N` with both a lesson `content/days/day-N.mdx` and
 * an answers schema `schemas/day-N.schema.json` whose front matter does not say `published: false`
 * (./days.ts). `npm run check:content` fails a build where either file lacks the other.
 *
 * @param root - the repository's folder
 * @returns day numbers, ascending; empty when neither folder exists
 * @throws FrontMatterError (./days.ts) when a lesson's front matter has no title
 */
export function publishedDaysIn(root: string): number[] {
  return daysOf(root).map(({ day }) => day);
}


/**
 * Serves {@link PUBLISHED_DAYS_MODULE}, `export const PUBLISHED_DAYS = [1, 2, …]`,
 * {@link DAY_TITLES_MODULE}, `export const DAY_TITLES = { 1: { en: "Gene Regulation", es: "Regulación génica" }, … }`, and
 * {@link DAY_LOADERS_MODULE} and {@link DAY_PEEKS_MODULE}, read from the files when a module is loaded;
 * under `vite dev` the drafts (`published: false`) too, so an author previews a day before publishing it.
 * The entry chunk, which every page downloads, needs only which days exist and their names (for its
 * routes and menus), not the lazy imports of the lessons and schemas that an `import.meta.glob` would
 * put into it. Under `vite dev`, adding or removing a day's file, or changing a title or `published`,
 * reloads the page with the new list; any other edit of a lesson is left to MDX's hot reload.
 *
 * @param root - the repository's folder
 * @param options.drafts - whether the drafts are served whatever the command (scripts/route-preloads runs
 *   the route table in Node as a build would: `false`); by default only under `vite dev`
 */
export function publishedDays(root: string, options: { drafts?: boolean } = {}): Plugin {
  const watched = [join(root, 'content', 'days'), join(root, 'schemas')];
  let drafts = options.drafts ?? false;
  let served = '';
  /** What the modules depend on, to tell whether a changed file changes them. */
  const summary = (days: DayEntry[]) => JSON.stringify(days.map(({ day, title, translations }) => [day, title, translations]));
  return {
    name: 'helix:published-days',
    configResolved(config) {
      drafts = options.drafts ?? (config.command === 'serve' && config.mode !== 'test');
    },
    resolveId(id) {
      return MODULES.has(`\0${id}`) ? `\0${id}` : null;
    },
    load(id) {
      const source = MODULES.get(id);
      if (!source) return null;
      const days = daysOf(root, { drafts });
      served = summary(days);
      return source(days, root);
    },
    configureServer(server) {
      reloadWhenChanged(server, [...MODULES.keys()], (file) => {
        if (!watched.some((directory) => file.startsWith(directory))) return false;
        try {
          return summary(daysOf(root, { drafts })) !== served;
        } catch {
          // A front matter an author is halfway through: the overlay says what is wrong once it loads.
          return true;
        }
      });
    },
  };
}
