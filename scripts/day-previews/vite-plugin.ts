/**
 * A Vite plugin (build only) that writes `<build>/.vite/day-previews.json`: per day route, the preview of
 * the day's page (./preview.ts), which the server puts into the page it answers for that route
 * (server/static-files.ts; docs/decisions/011-first-visit-javascript.md).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { buildDays, readManifest } from '../route-assets.js';

/**
 * The plugin: after the app's build is written, writes `.vite/day-previews.json` (shape:
 * `{ [route]: html }`, e.g. `{ "/sections/day-1": "<div class=\"day-preview\" …>…</div>" }`) for every
 * day the build has a lesson for, the days the route preloads list too (`buildDays` in
 * scripts/route-assets.js). It does nothing in a build without index.html and a manifest (the service
 * worker's, Storybook's).
 *
 * @param root - the repository, whose `content/` is read
 * @throws (fails the build) LessonSyntaxError when a lesson is not valid MDX
 */
export function dayPreviewsFile(root: string): Plugin {
  return {
    name: 'helix-day-previews',
    apply: 'build',
    async writeBundle(options) {
      const dir = options.dir;
      if (!dir || !existsSync(join(dir, 'index.html')) || !existsSync(join(dir, '.vite', 'manifest.json'))) return;
      // Loaded only when a build runs: the parser, and the file's name, which is the server's.
      const [{ dayPreviewHtml }, { DAY_PREVIEWS_FILE }] = await Promise.all([import('./preview.ts'), import('../../server/static-files.ts')]);
      const site = JSON.parse(readFileSync(join(root, 'content/site/site.json'), 'utf8')) as { name: string };
      const previews: Record<string, string> = {};
      for (const { route, file } of buildDays(readManifest(dir))) {
        const html = dayPreviewHtml(file, readFileSync(join(root, file), 'utf8'), { name: site.name, logo: '/images/logo.svg' });
        if (html) previews[route] = html;
      }
      writeFileSync(join(dir, DAY_PREVIEWS_FILE), `${JSON.stringify(previews, null, 2)}\n`);
    },
  };
}
