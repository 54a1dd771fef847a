/**
 * The built server: `server/index.ts` bundled by esbuild into one ES module, `dist-server/server.mjs`,
 * with every package left external (PGlite loads its .wasm from its package). `npm start` and the
 * benchmarks run it with plain `node`: the tsx loader costs about 80 MB of RSS on PostgreSQL (195 MB idle
 * with tsx, 113 MB bundled) and about 250 MB on PGlite (482 MB idle with tsx on a fresh data folder,
 * 224 MB bundled). Tests keep running the sources with tsx.
 *
 * Usage: `npm run build:server` (about 1 s); then `node dist-server/server.mjs` from the project folder,
 * so that `content/`, `schemas/`, `drizzle/` and `dist/` are found from the working directory.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** Where the bundle goes: beside the project's node_modules, so its bare imports resolve; never inside dist/, which is served. */
export const BUILT_SERVER_FILE = resolve('dist-server/server.mjs');

/**
 * Bundles `server/index.ts` into {@link BUILT_SERVER_FILE}.
 *
 * @returns the bundle's absolute path, to run as `node <path>` from the project folder
 * @throws esbuild's error when the server does not compile
 */
export async function buildServer(): Promise<string> {
  mkdirSync(dirname(BUILT_SERVER_FILE), { recursive: true });
  await build({
    entryPoints: [resolve('server/index.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: BUILT_SERVER_FILE,
    logLevel: 'warning',
  });
  return BUILT_SERVER_FILE;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.log(`built ${await buildServer()}`);
}
