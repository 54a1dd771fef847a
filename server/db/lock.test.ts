/**
 * The PGlite data-dir lock (docs/decisions/004-durability.md). No test here waits for the lock's
 * 5 s staleness or 7 s wait: a holder that stopped is simulated by ageing its lock directory's mtime
 * (what proper-lockfile judges staleness by), a live holder in another process by a lock thread
 * started directly (the same code another server runs), and the wait is made 0 so a fresh lock is
 * refused on the first try. What the tests do wait for are events: a lock refreshed, a lock lost,
 * a promise settled.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from './index.ts';
import {
  acquireDataDirLock,
  DataDirLockedError,
  lockWorkerData,
  lockWorkerUrl,
  PGLITE_LOCK_FILE,
  PGLITE_LOCK_RETRY_INTERVAL_MS,
  PGLITE_LOCK_STALE_MS,
  PGLITE_LOCK_UPDATE_MS,
  PGLITE_LOCK_WAIT_MS,
} from './lock.ts';
import type { LockWorkerMessage } from './lock-worker.ts';

const dataDirs: string[] = [];

function freshDataDir(): string {
  const dataDir = realpathSync(mkdtempSync(join(tmpdir(), 'helix-lock-test-')));
  dataDirs.push(dataDir);
  return dataDir;
}

afterAll(() => {
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
});

function lockDir(dataDir: string): string {
  return join(dataDir, PGLITE_LOCK_FILE);
}

/** Resolves with how `promise` settled, or 'pending' if it had not settled when the event loop next turned. */
function settledBeforeNextTurn(promise: Promise<unknown>): Promise<{ rejected: unknown } | { resolved: unknown } | 'pending'> {
  return Promise.race([
    promise.then(
      (resolved: unknown) => ({ resolved }),
      (rejected: unknown) => ({ rejected }),
    ),
    new Promise<'pending'>((resolve) => setImmediate(() => resolve('pending'))),
  ]);
}

/** Makes a lock directory look as if its holder stopped refreshing it `ageMs` ago. */
function age(path: string, ageMs: number): void {
  const then = new Date(Date.now() - ageMs);
  utimesSync(path, then, then);
}

/**
 * Another process's hold on `dataDir`: a lock thread started directly, with none of this process's
 * bookkeeping, exactly as another Helix server's thread runs. Resolves once it holds the lock.
 */
async function holdAsAnotherProcess(dataDir: string): Promise<Worker> {
  const worker = new Worker(lockWorkerUrl(), { execArgv: [], workerData: lockWorkerData(dataDir, 0) });
  const first = await new Promise<LockWorkerMessage>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  expect(first).toEqual({ type: 'locked' });
  return worker;
}

describe('the lock thread', () => {
  it('starts from lock-worker-from-source.mjs beside the sources, and from lock-worker.mjs beside the bundled server', () => {
    const fromSource = lockWorkerUrl();
    expect(fileURLToPath(fromSource)).toBe(fileURLToPath(new URL('./lock-worker-from-source.mjs', import.meta.url)));
    expect(existsSync(fromSource)).toBe(true);
    expect(lockWorkerUrl('file:///srv/helix/dist-server/server.mjs').href).toBe('file:///srv/helix/dist-server/lock-worker.mjs');
  });

  it('waits long enough for the lock of a process killed just before to go stale, trying every 500 ms', () => {
    const { options } = lockWorkerData('/data');
    expect(options).toMatchObject({ lockfilePath: join('/data', PGLITE_LOCK_FILE), stale: PGLITE_LOCK_STALE_MS, update: PGLITE_LOCK_UPDATE_MS });
    // The last refresh before a kill is at most one update old; it then goes stale after STALE_MS.
    expect(PGLITE_LOCK_WAIT_MS).toBeGreaterThan(PGLITE_LOCK_STALE_MS + PGLITE_LOCK_UPDATE_MS);
    expect(options.retries).toMatchObject({ minTimeout: PGLITE_LOCK_RETRY_INTERVAL_MS, maxTimeout: PGLITE_LOCK_RETRY_INTERVAL_MS, factor: 1 });
    const { retries } = options.retries as { retries: number };
    expect(retries * PGLITE_LOCK_RETRY_INTERVAL_MS).toBeGreaterThanOrEqual(PGLITE_LOCK_WAIT_MS);
    expect(lockWorkerData('/data', 0).options.retries).toMatchObject({ retries: 0 });
  });
});

describe('acquireDataDirLock', () => {
  const releases: Array<() => Promise<void>> = [];
  const others: Worker[] = [];

  afterEach(async () => {
    for (const release of releases.splice(0)) await release();
    for (const worker of others.splice(0)) await worker.terminate();
  });

  async function acquire(dataDir: string, options: { waitMs?: number; onCompromised?: (error: Error) => void } = {}) {
    const release = await acquireDataDirLock(dataDir, { onCompromised: () => undefined, ...options });
    releases.push(release);
    return release;
  }

  it('holds a directory pglite.lock in the data dir and removes it on release; a second release does nothing', async () => {
    const dataDir = freshDataDir();
    const release = await acquire(dataDir);
    expect(statSync(lockDir(dataDir)).isDirectory()).toBe(true);
    await release();
    expect(existsSync(lockDir(dataDir))).toBe(false);
    await release();
    await acquire(dataDir); // free again
  });

  it('refuses a second take in this process without waiting, naming the folder', async () => {
    const dataDir = freshDataDir();
    await acquire(dataDir);
    const outcome = await settledBeforeNextTurn(acquireDataDirLock(dataDir, { onCompromised: () => undefined }));
    expect(outcome).toMatchObject({ rejected: expect.any(DataDirLockedError) });
    const { message } = (outcome as { rejected: Error }).rejected;
    expect(message).toContain(`The database in ${dataDir} is in use by this process`);
    expect(message).toContain('stop the other Helix server or script using it, or use another DATA_DIR');
  });

  it('refuses a lock another process keeps fresh', async () => {
    const dataDir = freshDataDir();
    others.push(await holdAsAnotherProcess(dataDir));
    await expect(acquire(dataDir, { waitMs: 0 })).rejects.toThrow(`The database in ${dataDir} is in use by another process`);
    expect(statSync(lockDir(dataDir)).isDirectory()).toBe(true); // still the other one's
  });

  it('takes over, on the first try, a lock whose holder stopped refreshing it longer ago than the stale time', async () => {
    const dataDir = freshDataDir();
    const other = await holdAsAnotherProcess(dataDir);
    await other.terminate(); // like a SIGKILL: the lock directory stays behind, no longer refreshed
    expect(statSync(lockDir(dataDir)).isDirectory()).toBe(true);
    age(lockDir(dataDir), PGLITE_LOCK_STALE_MS + 1_000);

    await acquire(dataDir, { waitMs: 0 });
    expect(Date.now() - statSync(lockDir(dataDir)).mtimeMs).toBeLessThan(PGLITE_LOCK_STALE_MS); // fresh: ours now
  });

  it('keeps the lock fresh while the main thread is blocked, as PGlite blocks it at start-up', async () => {
    const dataDir = freshDataDir();
    await acquire(dataDir);
    const before = statSync(lockDir(dataDir)).mtimeMs;
    // Like PGlite's WebAssembly: this thread does not return to its event loop until the lock's
    // thread has refreshed the mtime (proper-lockfile does so every second); 200 slices bound a failure.
    const blocker = new Int32Array(new SharedArrayBuffer(4));
    let after = before;
    for (let slice = 0; slice < 200 && after === before; slice++) {
      Atomics.wait(blocker, 0, 0, 50);
      after = statSync(lockDir(dataDir)).mtimeMs;
    }
    expect(after).toBeGreaterThan(before);
  });

  it('reports a lock lost while held to onCompromised, and release then leaves the new holder alone', async () => {
    const dataDir = freshDataDir();
    let lost!: (error: Error) => void;
    const compromised = new Promise<Error>((resolve) => (lost = resolve));
    const release = await acquire(dataDir, { onCompromised: (error) => lost(error) });

    rmSync(lockDir(dataDir), { recursive: true });
    expect(await compromised).toMatchObject({ code: 'ECOMPROMISED' });

    mkdirSync(lockDir(dataDir)); // another process takes the folder
    await release();
    expect(existsSync(lockDir(dataDir))).toBe(true);
  });

  it('replaces a PID lock file left by an older Helix whose process is gone', async () => {
    const dataDir = freshDataDir();
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(lockDir(dataDir), `${deadPid}\n`);
    await acquire(dataDir);
    expect(statSync(lockDir(dataDir)).isDirectory()).toBe(true);
  });

  it('refuses, and keeps, a PID lock file naming another live process', async () => {
    const dataDir = freshDataDir();
    writeFileSync(lockDir(dataDir), `${process.ppid}\n`);
    await expect(acquire(dataDir)).rejects.toThrow(DataDirLockedError);
    expect(readFileSync(lockDir(dataDir), 'utf8')).toBe(`${process.ppid}\n`);
  });
});

describe('openDatabase on PGlite', () => {
  let dataDir: string;
  let database: OpenedDatabase;

  beforeAll(async () => {
    dataDir = freshDataDir();
    database = await openDatabase({ dataDir });
  });

  afterAll(async () => {
    await database.close();
  });

  it('holds the data dir lock while open', () => {
    expect(statSync(lockDir(dataDir)).isDirectory()).toBe(true);
  });

  it('refuses a second open of the same folder without waiting, even through a symlink to it', async () => {
    const outcome = await settledBeforeNextTurn(openDatabase({ dataDir }));
    expect(outcome).toMatchObject({ rejected: expect.any(DataDirLockedError) });
    expect((outcome as { rejected: Error }).rejected.message).toContain(`The database in ${dataDir} is in use by this process`);
    const link = join(freshDataDir(), 'link');
    symlinkSync(dataDir, link);
    await expect(openDatabase({ dataDir: link })).rejects.toThrow(`The database in ${dataDir} is in use by this process`);
  });

  it('releases the lock on close', async () => {
    await database.close();
    expect(existsSync(lockDir(dataDir))).toBe(false);
  });
});
