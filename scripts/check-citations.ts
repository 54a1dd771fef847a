/**
 * The citation check: every comment that gives the source of a rule names a place a reader of the
 * repository can open, and every `docs/….md#anchor` link names a heading that exists
 * (scripts/citations/citations.ts).
 *
 * Usage: `npm run check:citations`. Prints one line per problem, `file:line: what`, and exits 1;
 * prints a one-line summary and exits 0 when every citation can be opened.
 */
import { resolve } from 'node:path';
import { checkCitations } from './citations/citations.ts';

const root = resolve(import.meta.dirname, '..');
const { problems, codeFiles } = checkCitations(root);

if (problems.length > 0) {
  for (const { file, line, message } of problems) console.error(`${file}:${line}: ${message}`);
  const files = new Set(problems.map((problem) => problem.file)).size;
  console.error(`\ncheck:citations: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}.`);
  process.exit(1);
}
console.log(`check:citations: the comments of ${codeFiles} files cite only what the repository holds, and every docs/ link opens.`);
