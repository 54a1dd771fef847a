/**
 * The lock that keeps a PGlite data dir to one process (docs/decisions/004-durability.md): a directory
 * `${DATA_DIR}/pglite.lock` made atomically by proper-lockfile and kept fresh from its own worker
 * thread (./lock-worker.ts).
 *
 * Why a thread: PGlite runs PostgreSQL as WebAssembly on the main thread, and its start-up blocks
 * the main event loop for seconds. Measured with a 10 ms interval timer on the main thread from
 * `PGlite.create` to the end of the start-up `VACUUM`, on a shared 2-core machine (load average about
 * 11): a fresh data dir (initdb) blocked it for 2.1 s and 3.6 s in one stretch in two runs, reopening
 * an existing one for at most 0.2 s. A lock refreshed from the main thread then looks stale to a second
 * server started meanwhile, which takes it over from a live server (this happened before the lock had
 * its thread). The worker's event loop keeps refreshing through those blocks.
 */
import { lstatSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
// Types only: lock-worker.ts runs when imported, and only in its thread.
import type { LockWorkerCommand, LockWorkerData, LockWorkerMessage } from './lock-worker.ts';

/** The lock guarding a PGlite data dir, inside DATA_DIR: a directory made by proper-lockfile. */
export const PGLITE_LOCK_FILE = 'pglite.lock';

/**
 * A held lock is refreshed (its mtime touched) every second; one not refreshed for this long, 5 s,
 * belongs to a process that died (a crash or SIGKILL) and is taken over. Judged by mtime, not PID,
 * so a restarted container that gets the same PID is no problem.
 */
export const PGLITE_LOCK_STALE_MS = 5_000;

/** How often the holder refreshes its lock, in ms (proper-lockfile's minimum is 1000). */
export const PGLITE_LOCK_UPDATE_MS = 1_000;

/**
 * How long an open waits for a lock held by another process before refusing, in ms: long enough
 * for the lock of a process killed just before to go stale ({@link PGLITE_LOCK_STALE_MS}), so a
 * restart right after a crash succeeds; a live holder keeps its lock fresh and the open is refused.
 */
export const PGLITE_LOCK_WAIT_MS = PGLITE_LOCK_STALE_MS + 2_000;

/** How often a lock held by another process is tried again while waiting, in ms. */
export const PGLITE_LOCK_RETRY_INTERVAL_MS = 500;

/** Lock paths this process holds, so a second take here is refused at once instead of after the wait. */
const heldLocks = new Set<string>();

/** Thrown when another live process (or this one) holds the PGlite data dir. */
export class DataDirLockedError extends Error {
  /** The data dir (DATA_DIR), absolute. */
  readonly dataDir: string;

  constructor(dataDir: string, holder: 'this process' | 'another process') {
    super(
      `The database in ${dataDir} is in use by ${holder} (it holds the lock ${join(dataDir, PGLITE_LOCK_FILE)} and keeps it fresh). ` +
        'PGlite allows one process per data dir: stop the other Helix server or script using it, or use another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
    this.dataDir = dataDir;
  }
}

/**
 * The file a lock thread starts from. The bundled server (`dist-server/server.mjs`, made by
 * scripts/build-server.ts) has the worker compiled beside it as `lock-worker.mjs`; from the sources
 * (a `.ts` module URL: tsx, vitest) it is `lock-worker-from-source.mjs`, which loads lock-worker.ts
 * through tsx.
 *
 * @param moduleUrl - the `file:` URL of the module asking; default this module's own URL, which is
 *   the bundle's when bundled
 * @returns an absolute `file:` URL, for `new Worker(url)`
 */
export function lockWorkerUrl(moduleUrl: string = import.meta.url): URL {
  return new URL(moduleUrl.endsWith('.ts') ? './lock-worker-from-source.mjs' : './lock-worker.mjs', moduleUrl);
}

/**
 * What a lock thread is given to lock `${dataDir}/pglite` through the directory
 * `${dataDir}/pglite.lock`: refreshed every {@link PGLITE_LOCK_UPDATE_MS}, stale after
 * {@link PGLITE_LOCK_STALE_MS}, and a fresh lock retried every {@link PGLITE_LOCK_RETRY_INTERVAL_MS}
 * for `waitMs` before the thread reports `ELOCKED`.
 *
 * @param dataDir - the data dir, absolute and canonical (a realpath)
 * @param waitMs - how long to wait for a lock held by another process, in ms (0: try once)
 */
export function lockWorkerData(dataDir: string, waitMs: number = PGLITE_LOCK_WAIT_MS): LockWorkerData {
  return {
    file: join(dataDir, 'pglite'),
    options: {
      lockfilePath: join(dataDir, PGLITE_LOCK_FILE),
      realpath: false, // dataDir is already canonical, and `pglite/` does not exist before the first start
      stale: PGLITE_LOCK_STALE_MS,
      update: PGLITE_LOCK_UPDATE_MS,
      retries: {
        retries: Math.ceil(waitMs / PGLITE_LOCK_RETRY_INTERVAL_MS),
        factor: 1,
        minTimeout: PGLITE_LOCK_RETRY_INTERVAL_MS,
        maxTimeout: PGLITE_LOCK_RETRY_INTERVAL_MS,
      },
    },
  };
}

/** Options of {@link acquireDataDirLock}. */
export interface DataDirLockOptions {
  /**
   * Called at most once if the lock is lost while held: its directory was removed, another process
   * took it over, or the lock thread stopped. The error's `code` is `ECOMPROMISED`.
   */
  onCompromised: (error: Error) => void;
  /** How long to wait for a lock held by another process, in ms. Default {@link PGLITE_LOCK_WAIT_MS}; 0 tries once. */
  waitMs?: number;
}

/**
 * Takes the lock `${dataDir}/pglite.lock` in a worker thread: an atomic `mkdir`, then its mtime is
 * touched every {@link PGLITE_LOCK_UPDATE_MS} while held. A lock older than {@link PGLITE_LOCK_STALE_MS}
 * is taken over; a fresh one is retried for `waitMs`. A lock file left by a Helix from before the lock
 * directory (a regular file holding a PID) is removed unless the process it names is alive. While
 * held, a normal `process.exit` removes the lock directory.
 *
 * @param dataDir - the data dir, absolute and canonical (a realpath), so two spellings share one lock
 * @returns a function that releases the lock (idempotent, never throws; it leaves alone a lock
 *   directory that was taken over after this one was lost)
 * @throws {@link DataDirLockedError} when the lock stays fresh for the whole wait, or this process holds it
 * @throws the file system's error (with its `code`) when the lock cannot be made, e.g. EACCES
 */
export async function acquireDataDirLock(dataDir: string, options: DataDirLockOptions): Promise<() => Promise<void>> {
  const lockPath = join(dataDir, PGLITE_LOCK_FILE);
  if (heldLocks.has(lockPath)) throw new DataDirLockedError(dataDir, 'this process');
  removeLegacyPidLock(dataDir, lockPath);
  heldLocks.add(lockPath);

  const worker = new Worker(lockWorkerUrl(), {
    execArgv: [], // the thread needs no flags of ours; from source, lock-worker-from-source.mjs loads tsx itself
    workerData: lockWorkerData(dataDir, options.waitMs),
  });
  let state: 'waiting' | 'held' | 'lost' | 'released' = 'waiting';
  // A process that exits without releasing (process.exit on a start-up error) removes its lock, so the next start need not wait.
  const removeOnExit = () => {
    if (state === 'held') rmSync(lockPath, { recursive: true, force: true });
  };
  let settleReleased!: () => void;
  const released = new Promise<void>((resolve) => (settleReleased = resolve));
  const lose = (error: Error) => {
    state = 'lost';
    heldLocks.delete(lockPath);
    options.onCompromised(error);
  };

  try {
    await new Promise<void>((resolve, reject) => {
      worker.on('error', (error) => (state === 'waiting' ? reject(error) : undefined));
      worker.on('message', (message: LockWorkerMessage) => {
        if (message.type === 'locked') {
          state = 'held';
          resolve();
        } else if (message.type === 'failed') {
          reject(message.code === 'ELOCKED' ? new DataDirLockedError(dataDir, 'another process') : Object.assign(new Error(message.message), { code: message.code }));
        } else if (message.type === 'compromised') {
          if (state === 'held') lose(Object.assign(new Error(message.message || 'the lock was compromised'), { code: message.code ?? 'ECOMPROMISED' }));
        } else {
          settleReleased();
        }
      });
      // A lock nobody refreshes goes stale and may be taken over: as bad as a compromised one.
      worker.on('exit', (exitCode) => {
        if (state === 'held') lose(Object.assign(new Error('the lock thread stopped'), { code: 'ECOMPROMISED' }));
        else if (state === 'waiting') reject(new Error(`the lock thread exited (code ${exitCode}) before taking the lock`));
        settleReleased();
      });
    });
  } catch (error) {
    heldLocks.delete(lockPath);
    await worker.terminate();
    throw error;
  }
  process.on('exit', removeOnExit);
  worker.unref(); // the lock alone must not keep the process alive

  return async () => {
    if (state === 'released') return;
    const wasHeld = state === 'held';
    state = 'released';
    process.off('exit', removeOnExit);
    if (wasHeld) {
      heldLocks.delete(lockPath);
      worker.ref(); // keep the process alive until the lock directory is gone
      worker.postMessage('release' satisfies LockWorkerCommand);
      await released;
    }
    await worker.terminate();
  };
}

/**
 * Helix once kept a regular file `pglite.lock` holding the server's PID. One left by a crash would
 * block the directory lock forever, so it is removed unless another live process is named in it.
 *
 * @throws {@link DataDirLockedError} when the old-style lock names another live process
 */
function removeLegacyPidLock(dataDir: string, lockPath: string): void {
  try {
    if (!lstatSync(lockPath).isFile()) return;
  } catch {
    return; // no lock at all
  }
  const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
  if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) throw new DataDirLockedError(dataDir, 'another process');
  rmSync(lockPath, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
