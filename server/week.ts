/**
 * The week a facilitator reads: the published days, each with the title its lesson's front matter gives
 * it (docs/authoring.md, "A day is two files"). Read once at start-up, like the answers schemas.
 */
import { existsSync } from 'node:fs';
import { readDays } from '../scripts/published-days/days.ts';
import type { AnswersValidator } from './answers/validators.ts';

/** The published days in order, e.g. `[{ day: 1, title: "Gene Regulation" }, …]`. */
export type Week = readonly { day: number; title: string }[];

/**
 * The published days with both files, `lessonsDir/day-N.mdx` and `schemasDir/day-N.schema.json`, and
 * their titles. A server given schemas but no lessons folder (a deployment that left `content/` out)
 * reads every day with a schema, titled "Day N".
 *
 * @param folders - `lessonsDir` and `schemasDir`, absolute
 * @param validator - the answers schemas already loaded from `schemasDir`
 * @returns the days in order
 * @throws FrontMatterError (scripts/published-days/days.ts) at start-up when a lesson's front matter has no title
 */
export function loadWeek({ lessonsDir, schemasDir }: { lessonsDir: string; schemasDir: string }, validator: AnswersValidator): Week {
  if (!existsSync(lessonsDir)) return validator.daysWithSchema.map((day) => ({ day, title: `Day ${day}` }));
  return readDays({ lessons: lessonsDir, schemas: schemasDir })
    .filter(({ published }) => published)
    .map(({ day, title }) => ({ day, title }));
}
