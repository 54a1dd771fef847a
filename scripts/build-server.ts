/**
 * The built server: `server/index.ts` bundled by esbuild into one ES module, `dist-server/server.mjs`,
 * with the ES module packages it imports inside it and the CommonJS ones, and PGlite (which loads its
 * .wasm from its package), left in node_modules ({@link bundledPackages}), and beside it the
 * PGlite lock's worker thread, `server/db/lock-worker.ts` bundled into `dist-server/lock-worker.mjs`
 * (the bundled server starts it from there: `lockWorkerUrl` in server/db/lock.ts). `npm start` and the
 * benchmarks run it with plain `node`: the tsx loader costs about 80 MB of RSS on PostgreSQL (195 MB
 * idle with tsx, 113 MB bundled) and about 250 MB on PGlite (482 MB idle with tsx on a fresh data
 * folder, 224 MB bundled). Tests keep running the sources with tsx.
 *
 * Usage: `npm run build:server` (about 1 s); then `node dist-server/server.mjs` from the project folder,
 * so that `content/`, `schemas/`, `drizzle/` and `dist/` are found from the working directory.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/** Packages that read their own files when they run (PGlite its .wasm and data files): never bundled. */
const READS_ITS_OWN_FILES = new Set(['@electric-sql/pglite']);

/** `drizzle-orm` of `drizzle-orm/pglite`, `@fastify/static` of `@fastify/static/x`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/**
 * An esbuild plugin that decides, package by package, what goes into the bundle. An ES module package
 * (`"type": "module"`) is bundled: Node would otherwise resolve and load each of its files on every
 * start (what that cost: docs/decisions/014-a-server-a-school-runs.md). A CommonJS package stays in node_modules,
 * loaded by Node as the sources load it, and so does a package that reads its own files; only a
 * package installed at the project's top level can stay there (the bundle's bare imports resolve from
 * `dist-server/`), so a nested copy is bundled whatever it is.
 *
 * @param root - the project folder, whose node_modules the bundle's external imports resolve in
 */
export function bundledPackages(root: string): Plugin {
  const decided = new Map<string, boolean>();
  /** The folder Node would load `name` from when imported from `fromDir`: the nearest node_modules/name up the tree. */
  const installedAt = (name: string, fromDir: string): string | null => {
    for (let dir = fromDir; ; dir = dirname(dir)) {
      const candidate = join(dir, 'node_modules', name);
      if (existsSync(join(candidate, 'package.json'))) return candidate;
      if (dirname(dir) === dir) return null;
    }
  };
  const staysExternal = (folder: string, name: string): boolean => {
    if (READS_ITS_OWN_FILES.has(name)) return true;
    return (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { type?: string }).type !== 'module';
  };
  return {
    name: 'helix-bundled-packages',
    setup(builder) {
      builder.onResolve({ filter: /^[^./]/ }, ({ path, resolveDir }) => {
        if (path.startsWith('node:')) return undefined;
        const name = packageOf(path);
        const folder = installedAt(name, resolveDir);
        // Not installed (a Node built-in such as `stream`), or a nested copy the bundle's imports could not reach: esbuild decides.
        if (folder === null || folder !== join(root, 'node_modules', name)) return undefined;
        if (!decided.has(folder)) decided.set(folder, staysExternal(folder, name));
        return decided.get(folder) ? { path, external: true } : undefined;
      });
    },
  };
}

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
    target: 'node22',
    plugins: [bundledPackages(resolve('.'))],
    // The CommonJS code bundled (from nested packages) calls require(), which an ES module lacks.
    banner: { js: "import { createRequire as __helixCreateRequire } from 'node:module'; const require = __helixCreateRequire(import.meta.url);" },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  });
  return join(resolve(outDir), 'server.mjs');
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.log(`built ${await buildServer()}`);
}
