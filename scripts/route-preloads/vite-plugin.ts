/**
 * A Vite plugin (build only) that writes `<build>/.vite/route-preloads.json` once the build is on disk:
 * per route, the files its first visit downloads beyond `index.html`'s own (scripts/route-assets.js,
 * `routePreloads`), which the server links from the page it answers for that route
 * (server/static-files.ts; docs/decisions/011-first-visit-javascript.md).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import type { Plugin } from 'vite';
import { publishedDays } from '../published-days/vite-plugin.ts';
import { readManifest, ROUTE_MODULES_FILE, routePreloads } from '../route-assets.js';
import { loadRoutes, routeModules, type LazyImports } from './route-modules.ts';

/**
 * The plugin: after the app's build is written, lists each route's modules in `<build>/.vite/route-modules.json`
 * (scripts/route-preloads/route-modules.ts: from the route table, run in Node) and each route's
 * first-visit files in `<build>/.vite/route-preloads.json` (shape: `{ [route]: { js: string[], css:
 * string[] } }`, absolute paths). It does nothing in a build without index.html and a manifest (the
 * service worker's, Storybook's).
 *
 * @param lazyImports - the app's lazy imports (`lazyImportsCollector` in ./route-modules.ts), complete by then
 *
 * @throws (fails the build) when a route needs a lazy import the app does not declare, or a route's
 *   chunk is missing from the build's manifest
 */
export function routePreloadsFile(lazyImports: () => LazyImports): Plugin {
  let root = process.cwd();
  return {
    name: 'helix-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async writeBundle(options) {
      const dir = options.dir;
      // Only the app's own build: the service worker's build (vite-plugin-pwa) writes no index.html, and
      // Storybook's build, which loads this config too, no manifest.
      if (!dir || !existsSync(join(dir, 'index.html')) || !existsSync(join(dir, '.vite', 'manifest.json'))) return;
      const routes = await loadRoutes(root, [publishedDays(root, { drafts: false })]);
      writeFileSync(join(dir, ROUTE_MODULES_FILE), `${JSON.stringify(routeModules(routes, lazyImports()), null, 2)}\n`);
      const indexHtml = readFileSync(join(dir, 'index.html'), 'utf8');
      const preloads = routePreloads(readManifest(dir), indexHtml);
      // The file's name is the server's, which reads it; loaded only when a build runs, so loading the
      // Vite config for Vitest or the dev server does not load the server's static serving.
      const { ROUTE_PRELOADS_FILE } = await import('../../server/static-files.ts');
      writeFileSync(join(dir, ROUTE_PRELOADS_FILE), `${JSON.stringify(preloads, null, 2)}\n`);
    },
  };
}
