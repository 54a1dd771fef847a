/**
 * Starts the lock thread from the TypeScript sources (under `node --import tsx` or vitest). Node 20
 * does not run a worker's `.ts` entry, even with `--import tsx` inherited or passed in `execArgv`
 * (ERR_UNKNOWN_FILE_EXTENSION), so this plain-JavaScript entry loads tsx inside the thread and imports
 * the typed worker through it. That costs time at every lock taken from source: measured on a shared
 * 2-core machine under load, a lock thread took 2.0 s (median of 5) to hold its lock this way against
 * 0.4 s for the bundled worker. The bundled server does not use this file: it runs
 * `dist-server/lock-worker.mjs`, built from lock-worker.ts by scripts/build-server.ts.
 */
import { tsImport } from 'tsx/esm/api';

await tsImport('./lock-worker.ts', import.meta.url);
