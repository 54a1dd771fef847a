/**
 * A Vite plugin (build only) that writes `<build>/.vite/route-preloads.json` once the build is on disk:
 * per route, the files its first visit downloads beyond `index.html`'s own (scripts/route-assets.js,
 * `routePreloads`), which the server links from the page it answers for that route
 * (server/static-files.ts; docs/decisions/011-first-visit-javascript.md).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { readManifest, ROUTE_PRELOADS_FILE, routePreloads } from '../route-assets.js';

/**
 * @throws (fails the build) when the build wrote no manifest, or a route's chunk is missing from it
 */
export function routePreloadsFile(): Plugin {
  return {
    name: 'helix-route-preloads',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir;
      // The service worker's own build (vite-plugin-pwa) writes no index.html: nothing to link there.
      if (!dir || !options.format || options.format !== 'es') return;
      let indexHtml: string;
      try {
        indexHtml = readFileSync(join(dir, 'index.html'), 'utf8');
      } catch {
        return;
      }
      const preloads = routePreloads(readManifest(dir), indexHtml);
      writeFileSync(join(dir, ROUTE_PRELOADS_FILE), `${JSON.stringify(preloads, null, 2)}\n`);
    },
  };
}
