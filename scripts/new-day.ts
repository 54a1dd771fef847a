/**
 * Writes a new day's two files, a lesson and its answers schema, that pass `npm run check:content`
 * (docs/authoring.md, "Adding a day").
 *
 * Usage: `npm run new:day -- 6 "Cells and Signals"` writes `content/days/day-6.mdx` and
 * `schemas/day-6.schema.json`, then prints what to do next. Exits 1, writing nothing, when the day number is
 * not a positive whole number, the title is missing, or either file exists.
 */
import { resolve } from 'node:path';
import { newDayFiles, writeNewDay } from './new-day/new-day.ts';

const root = resolve(import.meta.dirname, '..');
const [dayText, ...titleWords] = process.argv.slice(2);
const day = Number(dayText);
const title = titleWords.join(' ').trim();

try {
  const files = newDayFiles(day, title);
  writeNewDay(root, files);
  console.log(`Wrote ${files.lesson.path} and ${files.schema.path}.`);
  console.log(`Next: \`npm run dev\`, open http://localhost:5173${`/sections/day-${day}`}, and edit the lesson (docs/authoring.md).`);
} catch (error) {
  console.error(`new:day: ${error instanceof Error ? error.message : String(error)}`);
  console.error('Usage: npm run new:day -- <day number> "<title>"   e.g. npm run new:day -- 6 "Cells and Signals"');
  process.exit(1);
}

