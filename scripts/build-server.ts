/**
 * The built server: `server/index.ts` bundled by esbuild into one ES module, `dist-server/server.mjs`,
 * with every package left external (PGlite loads its .wasm from its package), and beside it the
 * PGlite lock's worker thread, `server/db/lock-worker.ts` bundled into `dist-server/lock-worker.mjs`
 * (the bundled server starts it from there: `lockWorkerUrl` in server/db/lock.ts). `npm start` and the
 * benchmarks run it with plain `node`: the tsx loader costs about 80 MB of RSS on PostgreSQL (195 MB
 * idle with tsx, 113 MB bundled) and about 250 MB on PGlite (482 MB idle with tsx on a fresh data
 * folder, 224 MB bundled). Tests keep running the sources with tsx.
 *
 * Usage: `npm run build:server` (about 1 s); then `node dist-server/server.mjs` from the project folder,
 * so that `content/`, `schemas/`, `drizzle/` and `dist/` are found from the working directory.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** Where the bundles go: beside the project's node_modules, so their bare imports resolve; never inside dist/, which is served. */
export const BUILT_SERVER_DIR = resolve('dist-server');

/** The bundled server, run as `node dist-server/server.mjs`. */
export const BUILT_SERVER_FILE = join(BUILT_SERVER_DIR, 'server.mjs');

/**
 * Bundles `server/index.ts` into `server.mjs` and `server/db/lock-worker.ts` into `lock-worker.mjs`,
 * both in `outDir`. The two must stay side by side: the server starts the lock thread from the file
 * beside its own.
 *
 * @param outDir - the folder to write to, created if missing; default {@link BUILT_SERVER_DIR}. It
 *   must be inside the project, so that the bundles' bare imports find its node_modules.
 * @returns the server bundle's absolute path, to run as `node <path>` from the project folder
 * @throws esbuild's error when the server does not compile
 */
export async function buildServer(outDir: string = BUILT_SERVER_DIR): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: { server: resolve('server/index.ts'), 'lock-worker': resolve('server/db/lock-worker.ts') },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  });
  return join(resolve(outDir), 'server.mjs');
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.log(`built ${await buildServer()}`);
}
