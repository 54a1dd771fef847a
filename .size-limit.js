// Bundle budgets (docs/scaling.md), checked by `npm run size` (size-limit 12 with
// @size-limit/file: each file gzipped at level 9, sizes summed) right after `npm run build` in `npm test`.
//
// A route's files are not written here: they are derived from the build's manifest
// (dist/.vite/manifest.json), following the static imports of the entry and of the chunks the app
// loads at once for that route (src/routes.ts, `preloadRoute`). e2e/route-assets.spec.ts checks that this
// derivation is what Chromium really downloads on a first visit.
import { readFileSync } from 'node:fs';
import process from 'node:process';

/**
 * The chunks, by manifest key (source path), that a first visit to a route loads besides the entry,
 * as src/routes.ts's `preloadRoute` starts them. A day also loads its lesson and its answers schema.
 *
 * @param {string} route - a path such as `/login` or `/sections/day-3`
 * @returns {string[]} manifest keys
 * @throws {Error} for a route this table does not know
 */
export function routeChunks(route) {
  const day = /^\/sections\/day-(\d+)$/.exec(route);
  if (day) return ['src/days/DayPage.tsx', `content/days/day-${day[1]}.mdx`, `schemas/day-${day[1]}.schema.json`];
  const pages = {
    '/': 'src/pages/HomePage.tsx',
    '/login': 'src/pages/LoginPage.tsx',
    '/student_profile': 'src/pages/StudentProfilePage.tsx',
    '/inbox': 'src/pages/InboxPage.tsx',
  };
  const page = pages[/** @type {keyof typeof pages} */ (route)];
  if (!page) throw new Error(`.size-limit.js: no chunks known for ${route}; add the route to routeChunks().`);
  return [page];
}

/**
 * Reads the build's manifest.
 *
 * @param {string} [dist] - the build folder
 * @returns {Record<string, { file: string, isEntry?: boolean, imports?: string[], css?: string[] }>}
 * @throws {Error} naming the fix when there is no build
 */
export function readManifest(dist = 'dist') {
  try {
    return JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, 'utf8'));
  } catch (error) {
    throw new Error(`${dist}/.vite/manifest.json is missing: run \`npm run build\` before \`npm run size\`.`, { cause: error });
  }
}

/**
 * The JS and CSS files a first visit to `route` downloads: the entry and the route's chunks, each with
 * every chunk it imports statically (Vite preloads those together), never the chunks loaded later on
 * use (a menu, another page).
 *
 * @param {ReturnType<typeof readManifest>} manifest
 * @param {string} route - e.g. `/sections/day-1`
 * @returns {{ js: string[], css: string[] }} paths relative to the build folder, e.g. `assets/index-Ab12.js`
 */
export function routeAssets(manifest, route) {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('The build manifest has no entry chunk.');
  const js = new Set();
  const css = new Set();
  const seen = new Set();
  /** @param {string} key */
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk ${key}.`);
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [entry, ...routeChunks(route)]) visit(key);
  return { js: [...js].sort(), css: [...css].sort() };
}

/**
 * The budgets. The issue's goals are 80 KB of JS for /login and /, 150 KB for /sections/day-1 and 25 KB
 * of CSS per route. The enforced limits stay just above what the build measures today where a goal is
 * out of reach, so any growth fails `npm test`:
 * - /login and /: React 19.3 + react-dom + react-router 7.18 alone are 81 KB (a hello-world with
 *   BrowserRouter, Routes, Link, NavLink and Navigate), above the 80 KB goal before any page code.
 * - /login also carries Radix Tabs (8.7 KB with roving focus and collection) for the Sign In / Sign Up
 *   switch; its forms use no form library (react-hook-form was 13.8 KB there).
 * - the days carry the whole lesson engine: react-hook-form, @dnd-kit (about 15 KB, for the ordering
 *   exercise) and Radix Dialog (about 11 KB with remove-scroll and focus-scope, for the overlays).
 * - the facilitator console (docs/decisions/009-facilitator-console.md) is lazy chunks only, but the
 *   shell routes it and reads roles (+0.5 KB in the entry), and its dialogs share Radix's primitives and
 *   overlay layer with the student pages, so the bundler splits those into more, smaller chunks (+0.45 KB
 *   on /login, +1 KB on a day, the same code): the days' limits went up by 1.5 KB for it. The
 *   facilitator's read-only day shares the day's answers session, schema layer and registry, which then
 *   leave the day page's chunk for shared chunks of their own (+1.7 KB on a day, measured by chunk:
 *   the same modules in four files instead of one), and /login carries the inbox refresh (+0.3 KB):
 *   the days' limits went up 2 KB more, /login's 0.5 KB. Cutting the days' JavaScript, chunking
 *   included, is its own piece of work (docs/scaling.md).
 * - the app on the device (docs/decisions/010-offline-days.md): every page carries the service worker's
 *   registration and the update at in-app links (+0.6 KB, on the browser's own service worker API),
 *   and the token helpers leave the entry for a chunk of their own, shared with the logout's
 *   forgetting of saved copies (+0.3 KB); a day keeps the copy of its saved answers next to the drafts
 *   (+0.6 KB): /login's, /'s, the profile's and the inbox's limits went up 1 KB, the days' 1.6 KB.
 */
const JS_LIMITS = {
  '/login': '107.5 KB',
  '/': '101 KB',
  '/student_profile': '101 KB',
  '/inbox': '101 KB',
  '/sections/day-1': '181.1 KB',
  '/sections/day-2': '181.1 KB',
  '/sections/day-3': '182.1 KB',
  '/sections/day-4': '181.1 KB',
  '/sections/day-5': '181.1 KB',
};
const CSS_LIMIT = '25 KB';

/**
 * The build measured: `dist`, or STATIC_DIR when set, so a run that builds into a folder of its own and
 * serves it from there (as the browser tests can) measures, and imports this file, without a `dist`.
 */
const BUILD_DIR = process.env.STATIC_DIR ?? 'dist';
const manifest = readManifest(BUILD_DIR);

export default Object.entries(JS_LIMITS).flatMap(([route, limit]) => {
  const { js, css } = routeAssets(manifest, route);
  return [
    { name: `${route} JS (first visit)`, path: js.map((file) => `${BUILD_DIR}/${file}`), limit, gzip: true },
    { name: `${route} CSS`, path: css.map((file) => `${BUILD_DIR}/${file}`), limit: CSS_LIMIT, gzip: true },
  ];
});
