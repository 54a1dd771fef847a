import type { MDXContent } from 'mdx/types';
import { lessons, schemas } from 'virtual:day-loaders';
import { PUBLISHED_DAYS } from 'virtual:published-days';
import type { AnswersSchema } from '../../engine/index.ts';

/**
 * The published days' lessons and schemas: `content/days/day-N.mdx` with `schemas/day-N.schema.json`, one
 * `import()` each, made at build time from the days' files (scripts/published-days/vite-plugin.ts), so a
 * draft (`published: false`) is not built at all. Each lesson and schema is its own lazily loaded chunk,
 * so a student downloads only the day they open; this module itself loads with a day's page, not with
 * the app's entry, which knows only which days exist ({@link PUBLISHED_DAYS}). Adding a day is adding
 * those two files; no code changes.
 */
const lessonsByDay = new Map(Object.entries(lessons as Record<string, () => Promise<MDXContent>>).map(([day, load]) => [Number(day), load]));
const schemasByDay = new Map(Object.entries(schemas as Record<string, () => Promise<AnswersSchema>>).map(([day, load]) => [Number(day), load]));

/**
 * The days that have both a lesson and a schema, in order: the one list of days the app knows (menus,
 * routes, the profile page and the reading order all derive from it through `src/site/days.ts`).
 */
export { PUBLISHED_DAYS };

/** A day's lesson component and its answers schema. */
export interface DayContent {
  Lesson: MDXContent;
  schema: AnswersSchema;
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
 * Loads a day's lesson and schema.
 *
 * @returns the content, or null when the day has no lesson or no schema yet
 * @throws when a chunk fails to download (the caller shows an error and lets the student retry)
 */
export async function loadDayContent(day: number): Promise<DayContent | null> {
  const loadLesson = lessonsByDay.get(day);
  const loadSchema = schemasByDay.get(day);
  if (!loadLesson || !loadSchema) return null;
  const [Lesson, schema] = await Promise.all([loadLesson(), loadSchema()]);
  return { Lesson, schema };
}
