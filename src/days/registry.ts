import type { MDXContent } from 'mdx/types';
import { DAY_TITLES } from 'virtual:day-titles';
import { lessons, schemas } from 'virtual:day-loaders';
import { PUBLISHED_DAYS } from 'virtual:published-days';
import { DEFAULT_LOCALE, LOCALES, type AnswersSchema, type PeekBlocks, type PeekLanguage } from '../../engine/index.ts';

/**
 * The published days' lessons and schemas: `content/days/day-N.mdx` with `schemas/day-N.schema.json`, one
 * `import()` each, made at build time from the days' files (scripts/published-days/vite-plugin.ts), so a
 * draft (`published: false`) is not built at all. Each lesson and schema is its own lazily loaded chunk,
 * so a student downloads only the day they open; this module itself loads with a day's page, not with
 * the app's entry, which knows only which days exist ({@link PUBLISHED_DAYS}). Adding a day is adding
 * those two files; no code changes.
 */
const lessonsByDay = new Map(Object.entries(lessons as Record<string, Record<string, () => Promise<MDXContent>>>).map(([day, byLocale]) => [Number(day), byLocale]));
const schemasByDay = new Map(Object.entries(schemas as Record<string, () => Promise<AnswersSchema>>).map(([day, load]) => [Number(day), load]));

/**
 * The days that have both a lesson and a schema, in order: the one list of days the app knows (menus,
 * routes, the profile page and the reading order all derive from it through `src/site/days.ts`).
 */
export { PUBLISHED_DAYS };

/** A day's lesson component in a language, and its answers schema. */
export interface DayContent {
  Lesson: MDXContent;
  /** The language `Lesson` is written in: the one asked for, or the original's when the day has no translation into it. */
  locale: string;
  schema: AnswersSchema;
}

/**
 * Loads a day's lesson in a language: its translation (`content/days/day-N.es.mdx`), else the original.
 *
 * @returns the lesson and its language, or null when the day has no lesson
 * @throws when the chunk fails to download
 */
export async function loadDayLesson(day: number, locale: string): Promise<{ Lesson: MDXContent; locale: string } | null> {
  const byLocale = lessonsByDay.get(day);
  if (!byLocale) return null;
  const shown = byLocale[locale] ? locale : DEFAULT_LOCALE;
  const load = byLocale[shown];
  return load ? { Lesson: await load(), locale: shown } : null;
}

/**
 * A day's lesson's other language, for a reader of `locale` to peek at its blocks (engine/lesson/Peek.tsx):
 * the original's language beside a translation, the first translation beside the original (the same rule
 * as the build's, scripts/translations/peek.ts). Its blocks are a small file of their own, HTML by the
 * original block's number, downloaded at the first peek with the list of those files (`virtual:day-peeks`).
 *
 * @param locale - the language the lesson is shown in
 * @returns the other language and its loader, or undefined when there is none
 */
export function dayPeekLanguage(day: number, locale: string): PeekLanguage | undefined {
  const languages = Object.keys(DAY_TITLES[day] ?? {});
  const language = locale === DEFAULT_LOCALE ? LOCALES.find((each) => each !== DEFAULT_LOCALE && languages.includes(each)) : DEFAULT_LOCALE;
  if (language === undefined) return undefined;
  return {
    language,
    blocks: async () => {
      const { peeks } = await import('virtual:day-peeks');
      const load = peeks[day]?.[language] as (() => Promise<PeekBlocks>) | undefined;
      return load ? load() : {};
    },
  };
}

/**
 * Loads a day's answers schema alone (a small chunk, shared with {@link loadDayContent}).
 *
 * @returns the schema, or null when the day has no lesson or no schema yet
 * @throws when the chunk fails to download
 */
export async function loadDaySchema(day: number): Promise<AnswersSchema | null> {
  const loadSchema = schemasByDay.get(day);
  return loadSchema && lessonsByDay.has(day) ? loadSchema() : null;
}

/**
 * Loads a day's lesson, in a language as {@link loadDayLesson} does, and its schema.
 *
 * @param locale - the language to read the lesson in
 * @returns the content, or null when the day has no lesson or no schema yet
 * @throws when a chunk fails to download (the caller shows an error and lets the student retry)
 */
export async function loadDayContent(day: number, locale: string): Promise<DayContent | null> {
  const loadSchema = schemasByDay.get(day);
  if (!loadSchema) return null;
  const [lesson, schema] = await Promise.all([loadDayLesson(day, locale), loadSchema()]);
  return lesson ? { ...lesson, schema } : null;
}
