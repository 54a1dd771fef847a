/**
 * A Vite plugin giving the app the list of its days as a constant, without the code that loads them
 * (docs/decisions/011-first-visit-javascript.md, "Days listed, not loaded").
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** The module the app imports the list from: `import { PUBLISHED_DAYS } from 'virtual:published-days'`. */
export const PUBLISHED_DAYS_MODULE = 'virtual:published-days';
const RESOLVED_ID = `\0${PUBLISHED_DAYS_MODULE}`;

const LESSON_FILE = /^day-(\d+)\.mdx$/;
const SCHEMA_FILE = /^day-(\d+)\.schema\.json$/;

function dayNumbers(directory: string, file: RegExp): Set<number> {
  if (!existsSync(directory)) return new Set();
  return new Set(
    readdirSync(directory).flatMap((name) => {
      const match = file.exec(name);
      return match ? [Number(match[1])] : [];
    }),
  );
}

/**
 * The published days: each `N` with both a lesson `content/days/day-N.mdx` and an answers schema
 * `schemas/day-N.schema.json` under `root`, in order. The same rule as the app's loaders
 * (src/days/registry.ts); `npm run check:content` fails a build where either file lacks the other.
 *
 * @param root - the repository's folder
 * @returns day numbers, ascending; empty when neither folder exists
 */
export function publishedDaysIn(root: string): number[] {
  const schemas = dayNumbers(join(root, 'schemas'), SCHEMA_FILE);
  return [...dayNumbers(join(root, 'content', 'days'), LESSON_FILE)].filter((day) => schemas.has(day)).sort((a, b) => a - b);
}

/**
 * Serves {@link PUBLISHED_DAYS_MODULE}: `export const PUBLISHED_DAYS = [1, 2, …]`, read from the files
 * when the module is loaded. The entry chunk, which every page downloads, needs only which days exist
 * (for its routes and menus), not the ten lazy imports of the lessons and schemas that an
 * `import.meta.glob` would put into it. Under `vite dev`, adding or removing a day's file reloads the page
 * with the new list.
 *
 * @param root - the repository's folder
 */
export function publishedDays(root: string): Plugin {
  const watched = [join(root, 'content', 'days'), join(root, 'schemas')];
  return {
    name: 'helix:published-days',
    resolveId(id) {
      return id === PUBLISHED_DAYS_MODULE ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      return `export const PUBLISHED_DAYS = ${JSON.stringify(publishedDaysIn(root))};\n`;
    },
    configureServer(server) {
      const changed = (file: string) => {
        if (!watched.some((directory) => file.startsWith(directory))) return;
        const module = server.moduleGraph.getModuleById(RESOLVED_ID);
        if (module) server.moduleGraph.invalidateModule(module);
        server.ws.send({ type: 'full-reload' });
      };
      server.watcher.on('add', changed);
      server.watcher.on('unlink', changed);
    },
  };
}
