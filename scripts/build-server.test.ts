import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockWorkerData, lockWorkerUrl, PGLITE_LOCK_FILE } from '../server/db/lock.ts';
import type { LockWorkerMessage } from '../server/db/lock-worker.ts';
import { buildServer } from './build-server.ts';

describe('the built server', () => {
  // Inside the project, as dist-server/ is, so that the bundles' bare imports find node_modules.
  let outDir: string;
  let serverFile: string;

  beforeAll(async () => {
    mkdirSync(resolve('.tmp'), { recursive: true });
    outDir = mkdtempSync(join(resolve('.tmp'), 'build-server-test-'));
    serverFile = await buildServer(outDir);
  });

  afterAll(() => {
    rmSync(outDir, { recursive: true, force: true });
  });

  it('is server.mjs with the lock thread beside it, where the bundled server looks for it', () => {
    expect(serverFile).toBe(join(outDir, 'server.mjs'));
    const workerUrl = lockWorkerUrl(pathToFileURL(serverFile).href);
    expect(dirname(workerUrl.pathname)).toBe(outDir);
    expect(existsSync(workerUrl)).toBe(true);
  });

  it('holds the ES module packages it uses and leaves the CommonJS ones, and PGlite, to node_modules', () => {
    const code = readFileSync(serverFile, 'utf8');
    const imported = new Set([...code.matchAll(/^import .* from "([^".][^"]*)";$/gm)].map((match) => match[1]!).filter((specifier) => !specifier.startsWith('node:')));
    // ES modules, bundled: Node would load each of their files on every start.
    for (const bundled of ['drizzle-orm', 'drizzle-orm/pglite', 'unified', 'remark-parse', 'jose', 'csv-stringify']) expect(imported).not.toContain(bundled);
    // PGlite reads its .wasm beside its own files; CommonJS packages load as the sources load them.
    for (const external of ['@electric-sql/pglite', 'fastify', 'ajv', 'pg', '@node-rs/argon2']) expect(imported).toContain(external);
  });

  it('has a lock thread that runs under plain node, takes the lock and releases it', async () => {
    const dataDir = realpathSync(mkdtempSync(join(tmpdir(), 'helix-built-lock-')));
    const worker = new Worker(lockWorkerUrl(pathToFileURL(serverFile).href), { execArgv: [], workerData: lockWorkerData(dataDir, 0) });
    try {
      const next = () =>
        new Promise<LockWorkerMessage>((resolveMessage, reject) => {
          worker.once('message', resolveMessage);
          worker.once('error', reject);
        });
      expect(await next()).toEqual({ type: 'locked' });
      expect(existsSync(join(dataDir, PGLITE_LOCK_FILE))).toBe(true);
      const released = next();
      worker.postMessage('release');
      expect(await released).toEqual({ type: 'released' });
      expect(existsSync(join(dataDir, PGLITE_LOCK_FILE))).toBe(false);
    } finally {
      await worker.terminate();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
