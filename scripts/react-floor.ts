import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/** Where `npm run size` finds the floor measured with the build: `.size-limit.js` reads it. */
export const REACT_FLOOR_FILE = 'dist/.vite/react-floor.json';

/** The floor as measured. */
export interface ReactFloor {
  /** Gzipped JavaScript, bytes, summed over the files (gzip level 9 per file, as size-limit counts). */
  gzipBytes: number;
  /** Each built file and its gzipped bytes. */
  files: { file: string; gzipBytes: number }[];
  /** The versions built, e.g. `{ react: '19.3.1', … }`. */
  versions: Record<string, string>;
}

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'react-floor');

function versionOf(name: string): string {
  return (JSON.parse(readFileSync(join('node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * Builds the React floor (scripts/react-floor/main.tsx: StrictMode, createRoot, BrowserRouter with Routes,
 * Link, NavLink and Navigate, and one Lingui message; nothing of Helix) with the app's Vite and React plugin in production mode,
 * and measures its gzipped JavaScript the way size-limit measures a route. It is the least any page of
 * Helix can download; `/login`'s budget is 1.10 times it (docs/decisions/011-first-visit-javascript.md).
 *
 * @returns the floor, in bytes gzipped
 * @throws when the build fails
 */
export async function measureReactFloor(): Promise<ReactFloor> {
  const outDir = mkdtempSync(join(tmpdir(), 'helix-react-floor-'));
  try {
    await build({
      configFile: false,
      root: FIXTURE,
      logLevel: 'silent',
      plugins: [react()],
      build: { outDir, emptyOutDir: true, sourcemap: false },
    });
    const assets = join(outDir, 'assets');
    const files = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .sort()
      .map((file) => ({ file, gzipBytes: gzipSync(readFileSync(join(assets, file)), { level: 9 }).length }));
    return {
      gzipBytes: files.reduce((sum, each) => sum + each.gzipBytes, 0),
      files,
      versions: Object.fromEntries(['react', 'react-dom', 'react-router', '@lingui/core'].map((name) => [name, versionOf(name)])),
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

// `node --import tsx scripts/react-floor.ts` (part of `npm run size`): measures and writes REACT_FLOOR_FILE.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const floor = await measureReactFloor();
  mkdirSync(dirname(REACT_FLOOR_FILE), { recursive: true });
  writeFileSync(REACT_FLOOR_FILE, `${JSON.stringify(floor, null, 2)}\n`);
  console.log(`React floor (${Object.entries(floor.versions).map(([name, version]) => `${name} ${version}`).join(', ')}): ${(floor.gzipBytes / 1000).toFixed(2)} kB gzipped`);
}
