// Bundle budgets (docs/decisions/011-first-visit-javascript.md), checked by `npm run size` (size-limit 12 with
// @size-limit/file: each file gzipped at level 9, sizes summed) right after `npm run build` in `npm test`.
//
// A route's files are not written here: scripts/route-assets.js derives them from the build's manifest.
import { readFileSync } from 'node:fs';
import process from 'node:process';
import { buildDays, readManifest, routeAssets } from './scripts/route-assets.js';

/**
 * The React floor measured with this build (scripts/react-floor.ts, run by `npm run size` before
 * size-limit): React, react-dom and react-router alone, gzipped, in bytes.
 *
 * @param {string} dist - the build folder
 * @returns {number} bytes
 * @throws {Error} naming the fix when the floor was not measured
 */
function reactFloorBytes(dist) {
  try {
    return JSON.parse(readFileSync(`${dist}/.vite/react-floor.json`, 'utf8')).gzipBytes;
  } catch (error) {
    throw new Error(`${dist}/.vite/react-floor.json is missing: run \`npm run size\` (it measures the React floor first).`, { cause: error });
  }
}

/**
 * The budgets (docs/decisions/011-first-visit-javascript.md), in kB of gzipped JavaScript a first visit
 * downloads:
 * - `/login`, the first page of every student: at most FLOOR_FACTOR times the React floor measured in
 *   the same build (React + react-dom + react-router + Lingui's core and nothing else). The goal of
 *   docs/decisions/011-first-visit-javascript.md is 1.10; with the message catalogues and the language
 *   control the build measures 1.127 (93.28 kB against 82.75 kB), and the factor is held there until the
 *   2.3 kB are won back (docs/decisions/023-the-reader-s-language.md, "Cost"), plus what a class's join
 *   link and a one-time password cost every page (docs/decisions/024-class-join-links.md, "Cost"), and the
 *   school sign-in's buttons and sign-out notice (docs/decisions/025-school-sign-in.md, "Cost").
 * - every day the build has a lesson for (one rule, whatever the days are): at most 152 kB, the whole
 *   lesson engine included (react-hook-form, the widgets, the answers session and the lesson's own MDX);
 *   150 kB until a reader could peek at a block in the other language, 151 kB until join links and
 *   one-time passwords (what each cost is in docs/decisions/023-the-reader-s-language.md and
 *   docs/decisions/024-class-join-links.md, "Cost"); the drag layer of the ordering exercise, the dialogs and
 *   the image viewer load when first wanted, not with the day.
 * - the other pages: just above what they measure, so any growth fails `npm test`.
 *
 * The build measured: `dist`, or STATIC_DIR when set, so a run that builds into a folder of its own and
 * serves it from there (as the browser tests can) measures, and imports this file, without a `dist`.
 */
const BUILD_DIR = process.env.STATIC_DIR ?? 'dist';
const FLOOR_FACTOR = 1.141;
const DAY_LIMIT = '152 KB';
const CSS_LIMIT = '25 KB';

const manifest = readManifest(BUILD_DIR);
const JS_LIMITS = {
  '/login': `${Math.floor(FLOOR_FACTOR * reactFloorBytes(BUILD_DIR))} B`,
  '/': '105 KB',
  '/student_profile': '102 KB',
  '/inbox': '101 KB',
  ...Object.fromEntries(buildDays(manifest).map(({ route }) => [route, DAY_LIMIT])),
};

export default Object.entries(JS_LIMITS).flatMap(([route, limit]) => {
  const { js, css } = routeAssets(manifest, route);
  return [
    { name: `${route} JS (first visit)`, path: js.map((file) => `${BUILD_DIR}/${file}`), limit, gzip: true },
    { name: `${route} CSS`, path: css.map((file) => `${BUILD_DIR}/${file}`), limit: CSS_LIMIT, gzip: true },
  ];
});
