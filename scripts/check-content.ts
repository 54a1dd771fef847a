/**
 * The content checker: checks every lesson in content/days and content/sections against its answers
 * schema, the counts of docs/requirements.md#constants (content/checks.json), its links and its images,
 * and every translation against its original's answers (the same fields, widgets and choices).
 *
 * Usage: `npm run check:content` (part of `npm test`).
 * Prints one line per problem, `file:line <Widget name="…">: expected …, found …`, and exits 1; prints
 * a one-line summary and exits 0 when the content is sound. The checks: scripts/content-checker/.
 */
import { join, resolve } from 'node:path';
import { checkContent } from './content-checker/check-content.ts';
import { formatProblem } from './content-checker/problem.ts';
import { contentLocales, translationLocales } from './translations/locales.ts';

const root = resolve(import.meta.dirname, '..');
const problems = checkContent({
  root,
  days: join(root, 'content/days'),
  schemas: join(root, 'schemas'),
  sections: join(root, 'content/sections'),
  images: join(root, 'content/images'),
  checks: join(root, 'content/checks.json'),
  translations: translationLocales(contentLocales(root)),
});

if (problems.length > 0) {
  for (const problem of problems) console.error(formatProblem(problem));
  console.error(`\ncheck:content: ${problems.length} problem${problems.length === 1 ? '' : 's'} in the lesson content.`);
  process.exit(1);
}
console.log('check:content: every day and section page matches its schema, counts, links and images, and every translation binds what its original binds.');
