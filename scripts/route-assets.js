// Which built files a first visit to a route downloads, from the build's manifest (dist/.vite/manifest.json),
// following the static imports of the entry and of the chunks the app loads at once for that route
// (src/preload-route.ts, `preloadRoute`). Used by the bundle budgets (.size-limit.js), by bench:web, and by
// e2e/route-assets.spec.ts, which checks that this derivation is what Chromium really downloads.
import { existsSync, readFileSync } from 'node:fs';

/**
 * The chunks, by manifest key (source path), that a first visit to a route loads besides the entry, as
 * src/preload-route.ts's `preloadRoute` starts them: the build derives them from the route table and
 * the app's lazy imports (scripts/route-preloads/route-modules.ts) and lists them in
 * {@link ROUTE_MODULES_FILE}. A day also loads its lesson and its answers schema.
 *
 * @param {ReturnType<typeof readManifest>} manifest
 * @param {string} route - a path such as `/login` or `/sections/day-3`
 * @returns {string[]} manifest keys
 * @throws {Error} for a route the build's route table does not have (or a route with a `:name` segment)
 */
export function routeChunks(manifest, route) {
  const chunks = manifest.routeModules[route];
  if (!chunks) throw new Error(`scripts/route-assets.js: the build's route table (src/routes.ts) has no route ${route}.`);
  return chunks;
}

/**
 * Where the build lists, per route, the modules a first visit loads at once (scripts/route-preloads),
 * relative to the build folder; shape `{ [route]: manifestKey[] }`, e.g.
 * `{ "/login": ["src/pages/LoginPage.tsx"] }`.
 */
export const ROUTE_MODULES_FILE = '.vite/route-modules.json';

/**
 * Where the build lists the modules imported with `import()` that share a file with other code (a chunk
 * group's, scripts/chunk-groups/vite-plugin.ts), relative to the build folder; shape
 * `{ [module]: manifestKey }`, e.g. `{ "src/days/DayPage.tsx": "_lesson-engine-Ab12.js" }`.
 */
export const GROUPED_ENTRIES_FILE = '.vite/grouped-entries.json';

/**
 * Reads the build's manifest, with a key for each module of {@link GROUPED_ENTRIES_FILE} (the manifest
 * has none of its own for them) giving the chunk of the file that holds it, so a route's modules are
 * looked up the same way wherever the build put them; and, as its non-enumerable `routeModules`, the
 * routes' modules of {@link ROUTE_MODULES_FILE} (`{}` for a build without them: Storybook's).
 *
 * @param {string} [dist] - the build folder
 * @returns {Record<string, { file: string, isEntry?: boolean, imports?: string[], css?: string[] }> & { readonly routeModules: Record<string, string[]> }}
 * @throws {Error} naming the fix when there is no build; a SyntaxError when the list is not JSON
 */
export function readManifest(dist = 'dist') {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, 'utf8'));
  } catch (error) {
    throw new Error(`${dist}/.vite/manifest.json is missing: run \`npm run build\` before \`npm run size\`.`, { cause: error });
  }
  // A build without chunk groups (Storybook's, an older one) writes no list.
  const groupedPath = `${dist}/${GROUPED_ENTRIES_FILE}`;
  const grouped = existsSync(groupedPath) ? JSON.parse(readFileSync(groupedPath, 'utf8')) : {};
  for (const [module, key] of Object.entries(grouped)) if (!(module in manifest) && manifest[key]) manifest[module] = manifest[key];
  // Not a chunk: kept apart from the keys that are, so that reading the chunks never meets it.
  const routesPath = `${dist}/${ROUTE_MODULES_FILE}`;
  const routeModules = existsSync(routesPath) ? JSON.parse(readFileSync(routesPath, 'utf8')) : {};
  Object.defineProperty(manifest, 'routeModules', { value: routeModules, enumerable: false });
  return manifest;
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
  for (const key of [entry, ...routeChunks(manifest, route)]) visit(key);
  return { js: [...js].sort(), css: [...css].sort() };
}

/**
 * The chunks, by manifest key, that pages load on purpose after their first render
 * (docs/decisions/011-first-visit-javascript.md): the service worker's registration (as the app mounts),
 * the Sign Up form (when /login is idle), the sign-in, sign-up and logout requests (when the app is first
 * idle) and the ordering exercise's drag layer (when the exercise comes near the screen).
 * A first visit downloads them too, but no page waits for them, so the budgets do not count them.
 */
export const DEFERRED_CHUNKS = ['src/service-worker/register.ts', 'src/pages/SignUpForm.tsx', 'src/api/session-endpoints.ts', 'engine/widgets/order-steps/sortable.tsx'];

/**
 * The JS files of {@link DEFERRED_CHUNKS}, each with the chunks it imports statically.
 *
 * @param {ReturnType<typeof readManifest>} manifest
 * @returns {string[]} paths relative to the build folder, sorted
 */
export function deferredAssets(manifest) {
  const js = new Set();
  /** @param {string} key */
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk ${key}.`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of DEFERRED_CHUNKS) visit(key);
  return [...js].sort();
}

/**
 * The days the build has a lesson for, in order: each day's route and its lesson's file.
 *
 * @param {ReturnType<typeof readManifest>} manifest
 * @returns {{ route: string, file: string }[]} e.g. `{ route: '/sections/day-1', file: 'content/days/day-1.mdx' }`
 */
export function buildDays(manifest) {
  return Object.keys(manifest)
    .map((file) => ({ file, day: /^content\/days\/day-(\d+)\.mdx$/.exec(file)?.[1] }))
    .filter(({ day }) => day !== undefined)
    .sort((a, b) => Number(a.day) - Number(b.day))
    .map(({ file, day }) => ({ route: `/sections/day-${Number(day)}`, file }));
}

/**
 * The routes {@link routeChunks} knows: every route of the build's route table (src/routes.ts) without
 * a `:name` segment, in the table's order.
 *
 * @param {ReturnType<typeof readManifest>} manifest
 * @returns {string[]} paths, e.g. `['/', '/login', …, '/sections/day-1', …]`
 */
export function knownRoutes(manifest) {
  return Object.keys(manifest.routeModules);
}

/**
 * What a first visit to each known route downloads at once beyond the files `index.html` links itself:
 * the server links them from the page it answers for that path (server/static-files.ts), so the browser
 * fetches them while the entry is still downloading, and the app's preload helper finds them linked
 * instead of adding a link per file while the page starts (docs/decisions/011-first-visit-javascript.md).
 *
 * @param {ReturnType<typeof readManifest>} manifest
 * @param {string} indexHtml - the built `index.html`
 * @returns {Record<string, { js: string[], css: string[] }>} by route; absolute paths as `index.html`
 *   writes them, e.g. `/assets/DayPage-Ab12.js`
 */
export function routePreloads(manifest, indexHtml) {
  const linked = new Set([...indexHtml.matchAll(/(?:href|src)="\/([^"]+)"/g)].map((match) => match[1]));
  /** @param {string[]} files */
  const unlinked = (files) => files.filter((file) => !linked.has(file)).map((file) => `/${file}`);
  return Object.fromEntries(
    knownRoutes(manifest).map((route) => {
      const { js, css } = routeAssets(manifest, route);
      return [route, { js: unlinked(js), css: unlinked(css) }];
    }),
  );
}
