/**
 * A Vite plugin (build only) that asks V8 to compile the start-up file whole while it downloads
 * (docs/decisions/011-first-visit-javascript.md, "The start-up file compiled while it downloads").
 */
import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint for a whole file (Chromium 136 and later; other engines read a comment).
 * It must be the file's first line: V8 compiles eagerly only the functions that come after it.
 */
export const COMPILE_ALL_ON_LOAD = '//# allFunctionsCalledOnLoad';

/**
 * Puts {@link COMPILE_ALL_ON_LOAD} on a script's first line, and moves its source map's mappings one
 * line down to match (a `;` in front of the mappings is an empty first line).
 *
 * @param code - the built script
 * @param map - its source map as JSON text, when it has one
 * @returns the script and map with the hint; unchanged when the hint is there already
 * @throws {SyntaxError} when the map is not JSON
 */
export function withCompileHint(code: string, map?: string): { code: string; map?: string } {
  if (code.startsWith(`${COMPILE_ALL_ON_LOAD}\n`)) return { code, map };
  if (map === undefined) return { code: `${COMPILE_ALL_ON_LOAD}\n${code}` };
  const parsed = JSON.parse(map) as { mappings: string };
  parsed.mappings = `;${parsed.mappings}`;
  return { code: `${COMPILE_ALL_ON_LOAD}\n${code}`, map: JSON.stringify(parsed) };
}

/**
 * The plugin: applies {@link withCompileHint} to the entry chunk, the file every page runs first
 * (React, react-dom, the router and the start-up code: vite.config.ts), with its `.map`.
 *
 * Without it, V8 parses that file on a background thread as it arrives but compiles each function on
 * the main thread the first time it runs, and react-dom's module body is one large function that runs
 * at once: at 4x CPU on Day 1, the task that evaluates the file compiled 97 functions lazily; with the
 * hint, 10. The lazy chunks keep V8's default: much of their code (dialogs, the console) never runs
 * on a given page.
 *
 * It runs after Vite has put its preload helper (`const __vite__mapDeps=…`) on the entry's first line.
 */
export function compileStartupEagerly(): Plugin {
  return {
    name: 'helix-compile-startup-eagerly',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !output.isEntry) continue;
          const mapAsset = bundle[`${output.fileName}.map`];
          const map = mapAsset?.type === 'asset' ? mapAsset : undefined;
          const hinted = withCompileHint(output.code, map ? String(map.source) : undefined);
          output.code = hinted.code;
          if (map && hinted.map !== undefined) map.source = hinted.map;
        }
      },
    },
  };
}
