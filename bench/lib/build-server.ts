/**
 * The built server the benchmarks run (issue 10: "starts the built server"): `server/index.ts`
 * bundled by esbuild into one ES module, packages left external (PGlite loads its .wasm from its
 * package), as shared/STACK.md T17 describes. Running it with plain `node` saves the tsx loader,
 * which costs about 80 MB of RSS in the server process (measured: 195 MB idle on PostgreSQL with tsx,
 * 113 MB bundled).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

/** Where the bundle goes: inside node_modules, so its bare imports resolve to the project's packages. */
export const BUILT_SERVER_DIR = resolve('node_modules/.cache/helix-bench');

/**
 * Bundles `server/index.ts` into {@link BUILT_SERVER_DIR}`/server.mjs` (about 1 s).
 *
 * @returns the bundle's absolute path, to run as `node <path>` from the project folder
 * @throws esbuild's error when the server does not compile
 */
export async function buildServer(): Promise<string> {
  mkdirSync(BUILT_SERVER_DIR, { recursive: true });
  const outfile = join(BUILT_SERVER_DIR, 'server.mjs');
  await build({
    entryPoints: [resolve('server/index.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}
