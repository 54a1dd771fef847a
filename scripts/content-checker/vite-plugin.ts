/**
 * A Vite plugin (`vite dev` only) that runs the content checker whenever an author saves a lesson or an
 * answers schema, and shows what it finds in the browser's error overlay, one line per problem as
 * `npm run check:content` prints it (`content/days/day-3.mdx:22 <NoSuchWidget>: expected …, found …`).
 * The page comes back by itself once the file is fixed (docs/authoring.md, "Previewing").
 */
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';
import { contentLocales, translationLocales } from '../translations/locales.ts';
import { checkContent } from './check-content.ts';
import { formatProblem } from './problem.ts';

const CHECKED_FILE = /\/(?:content\/(?:days|sections)\/[^/]+\.mdx|schemas\/day-\d+\.schema\.json)$/;

/**
 * The problems that concern one file of the content: its own, and for a day's lesson or schema, those of
 * its other half too (a field the schema lost is reported in the lesson).
 *
 * @param root - the repository's folder
 * @param file - the file's path relative to `root`, e.g. `content/days/day-3.mdx`
 * @returns the problems' lines, as `npm run check:content` prints them
 */
export function contentProblemsOf(root: string, file: string): string[] {
  const day = /day-(\d+)\.(?:mdx|schema\.json)$/.exec(file)?.[1];
  const related = new Set(day ? [join('content', 'days', `day-${day}.mdx`), join('schemas', `day-${day}.schema.json`)] : [file]);
  const problems = checkContent({
    root,
    days: join(root, 'content', 'days'),
    schemas: join(root, 'schemas'),
    sections: join(root, 'content', 'sections'),
    images: join(root, 'content', 'images'),
    checks: join(root, 'content', 'checks.json'),
    translations: translationLocales(contentLocales(root)),
  });
  return problems.filter((problem) => related.has(problem.file)).map(formatProblem);
}

/**
 * The plugin: a lesson or schema with problems fails to load in `vite dev`, with the checker's lines as
 * the error, which Vite's overlay shows over the page.
 *
 * @param root - the repository's folder
 */
export function contentCheckInDev(root: string): Plugin {
  return {
    name: 'helix:content-check',
    apply: 'serve',
    enforce: 'pre',
    transform(_code, id) {
      const path = id.split('?')[0]!;
      if (!CHECKED_FILE.test(path)) return null;
      const problems = contentProblemsOf(root, relative(root, path));
      if (problems.length > 0) {
        this.error(`check:content found ${problems.length} problem${problems.length === 1 ? '' : 's'} in the lesson content:\n${problems.join('\n')}`);
      }
      return null;
    },
  };
}
