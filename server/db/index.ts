/**
 * Opening the database: the embedded PGlite by default, PostgreSQL when a URL is given
 * (docs/decisions/001-embedded-postgres-pglite.md). Both are driven through drizzle and typed as the
 * common {@link Database} so query code is shared (shared/STACK.md T9).
 */
import { lstatSync, mkdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

/** A drizzle handle on either driver. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database. Call {@link OpenedDatabase.close} exactly once: an open PGlite keeps the process alive (T10). */
export interface OpenedDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Applies the SQL migrations in `migrationsFolder` that are not applied yet, in one transaction.
   *
   * @param migrationsFolder - default `${process.cwd()}/drizzle` (not relative to this file, so a bundled server still finds it: T17)
   */
  migrate(migrationsFolder?: string): Promise<void>;
  /** Closes the connection(s) and, for PGlite, releases the data-dir lock. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A postgres:// URL. When absent, PGlite is used. */
  databaseUrl?: string | null;
  /** PGlite only: keeps its files in `${dataDir}/pglite` and its lock in `${dataDir}/pglite.lock`. Default `./data`. */
  dataDir?: string;
  /**
   * PostgreSQL only: a schema to work in instead of `public`. It is created if missing, set as the
   * connection's search_path, and also holds the migrations journal, so a test can isolate itself
   * and drop everything with `DROP SCHEMA ... CASCADE`.
   */
  searchPath?: string;
  /**
   * PGlite only: called if the data-dir lock is lost while the database is open (its lock directory
   * was removed, or another process took it over after this one stalled for longer than
   * {@link PGLITE_LOCK_STALE_MS}). Default: log to stderr and `process.exit(1)`, so that two
   * processes never write to one data dir (issue 6, Durability).
   */
  onLockCompromised?: (error: Error) => void;
}

/** The lock guarding a PGlite data dir, inside DATA_DIR: a directory made by `proper-lockfile` (issue 6, Durability). */
export const PGLITE_LOCK_FILE = 'pglite.lock';

/**
 * A held lock is refreshed (its mtime touched) every second; one not refreshed for this long, 5 s,
 * belongs to a process that died (a crash or SIGKILL) and is taken over. Measured by PID-free mtime,
 * so a restarted container that gets the same PID is no problem (issue 6, Durability).
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

const LOCK_RETRY_INTERVAL_MS = 500;

/**
 * PGlite's PostgreSQL settings: its defaults, with a 32 MB buffer cache instead of 128 MB (issue 10,
 * "API benchmark": the server must stay under 350 MB idle on PGlite). PGlite fills its buffer cache
 * at start, so 128 MB of it was resident before the first request: measured 307 MB for a reopened
 * database with the default, 203 MB with 32 MB, with upserts and selects as fast (a class's answers,
 * about 3 KB per student and day, fit in 32 MB many times over; the rest is in the OS file cache).
 */
export const PGLITE_START_PARAMS: string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/** Lock paths this process holds, so a second open here is refused at once instead of after the wait. */
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
 * Opens the database. With no `databaseUrl`, opens (creating on first use, about 5 s) the PGlite in
 * `${dataDir}/pglite`, guarded by the lock `${dataDir}/pglite.lock` (see {@link PGLITE_LOCK_STALE_MS}),
 * and runs `VACUUM` since PGlite has no autovacuum (T10). With a `databaseUrl`, opens a pg Pool. Does
 * not migrate: call `migrate()` next.
 *
 * A lock left by a crashed or killed process is taken over once stale, within
 * {@link PGLITE_LOCK_WAIT_MS} (7 s); a lock kept fresh by a live process is refused after that wait,
 * and at once when this process holds it (issue 6, Durability).
 *
 * @throws {@link DataDirLockedError} when another live process, or this one, holds the PGlite data dir
 * @throws the driver's error when PostgreSQL is unreachable or PGlite cannot start
 * @example
 * const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
 * await database.migrate();
 * // ... later
 * await database.close();
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<OpenedDatabase> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.searchPath);
  return openPglite(resolve(options.dataDir ?? './data'), options.onLockCompromised);
}

function defaultMigrationsFolder(): string {
  return resolve(process.cwd(), 'drizzle');
}

async function openPglite(givenDataDir: string, onLockCompromised?: (error: Error) => void): Promise<OpenedDatabase> {
  mkdirSync(givenDataDir, { recursive: true });
  // One canonical path, so two spellings of one folder (a symlink) share one lock.
  const dataDir = realpathSync(givenDataDir);
  const releaseLock = await acquireLock(dataDir, onLockCompromised ?? exitOnCompromisedLock(dataDir));
  let client: PGlite;
  try {
    client = await PGlite.create(join(dataDir, 'pglite'), { startParams: PGLITE_START_PARAMS });
    await client.exec('VACUUM');
  } catch (error) {
    await releaseLock();
    throw error;
  }
  const db = drizzlePglite({ client, schema });
  let closed = false;
  return {
    db,
    kind: 'pglite',
    async migrate(migrationsFolder = defaultMigrationsFolder()) {
      await migratePglite(db, { migrationsFolder });
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        await releaseLock();
      }
    },
  };
}

async function openPostgres(databaseUrl: string, searchPath: string | undefined): Promise<OpenedDatabase> {
  if (searchPath !== undefined) {
    const setup = new pg.Client({ connectionString: databaseUrl });
    await setup.connect();
    try {
      await setup.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(searchPath)}`);
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    ...(searchPath === undefined ? {} : { options: `-c search_path=${quoteIdentifier(searchPath)}` }),
  });
  // An idle client's error (e.g. the server restarted) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzleNodePostgres({ client: pool, schema });
  let closed = false;
  return {
    db,
    kind: 'postgres',
    async migrate(migrationsFolder = defaultMigrationsFolder()) {
      await migrateNodePostgres(db, { migrationsFolder, ...(searchPath === undefined ? {} : { migrationsSchema: searchPath }) });
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** Quotes a Postgres identifier: `my"schema` → `"my""schema"`. */
function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * The lock's own thread. PGlite runs PostgreSQL as WebAssembly on the main thread and blocks its
 * event loop for seconds at a time (2.5 s for initdb on an idle machine, more on a busy one), so a
 * lock refreshed from the main thread looks stale to a second server started meanwhile, which then
 * takes it over from a live server (seen while testing issue 6). A worker's event loop keeps
 * refreshing through those blocks. Plain JavaScript with dynamic imports only, evaluated by
 * `new Worker(..., { eval: true })`, so it needs no build step and runs as a script or a module.
 */
const LOCK_WORKER_SOURCE = `(async () => {
  const { parentPort, workerData } = await import('node:worker_threads');
  const lockfile = await import(workerData.lockfileModuleUrl);
  const lock = lockfile.lock ?? lockfile.default.lock;
  const send = (type, error) => parentPort.postMessage({ type, code: error && error.code, message: error && error.message });
  let release = null;
  lock(workerData.file, {
    ...workerData.options,
    onCompromised: (error) => send('compromised', error),
  }).then((releaseLock) => { release = releaseLock; send('locked'); }, (error) => send('failed', error));
  parentPort.on('message', () => {
    const done = () => send('released');
    if (release) release().then(done, done); else done();
  });
})();
`;

interface LockWorkerMessage {
  type: 'locked' | 'failed' | 'compromised' | 'released';
  code?: string;
  message?: string;
}

/**
 * Takes the lock `${dataDir}/pglite.lock` with proper-lockfile, in a worker thread (see
 * {@link LOCK_WORKER_SOURCE}): an atomic `mkdir`, then its mtime is touched every
 * {@link PGLITE_LOCK_UPDATE_MS} while held. A lock older than {@link PGLITE_LOCK_STALE_MS} is taken
 * over; a fresh one is retried until {@link PGLITE_LOCK_WAIT_MS}.
 *
 * @returns a function that releases the lock (idempotent, never throws)
 * @throws {@link DataDirLockedError} when the lock stays fresh, or this process holds it
 */
async function acquireLock(dataDir: string, onCompromised: (error: Error) => void): Promise<() => Promise<void>> {
  const lockPath = join(dataDir, PGLITE_LOCK_FILE);
  if (heldLocks.has(lockPath)) throw new DataDirLockedError(dataDir, 'this process');
  removeLegacyPidLock(dataDir, lockPath);
  heldLocks.add(lockPath);

  const worker = new Worker(LOCK_WORKER_SOURCE, {
    eval: true,
    execArgv: [], // plain JavaScript: no tsx loader in the lock's thread
    workerData: {
      lockfileModuleUrl: pathToFileURL(createRequire(import.meta.url).resolve('proper-lockfile')).href,
      file: join(dataDir, 'pglite'),
      options: {
        lockfilePath: lockPath,
        realpath: false, // dataDir is already canonical, and `pglite/` does not exist before the first start
        stale: PGLITE_LOCK_STALE_MS,
        update: PGLITE_LOCK_UPDATE_MS,
        retries: {
          retries: Math.ceil(PGLITE_LOCK_WAIT_MS / LOCK_RETRY_INTERVAL_MS),
          factor: 1,
          minTimeout: LOCK_RETRY_INTERVAL_MS,
          maxTimeout: LOCK_RETRY_INTERVAL_MS,
        },
      },
    },
  });
  let state: 'waiting' | 'held' | 'lost' | 'released' = 'waiting';
  // A process that exits without close() (process.exit on a start-up error) removes its lock, so the next start need not wait.
  const removeOnExit = () => {
    if (state === 'held') rmSync(lockPath, { recursive: true, force: true });
  };
  let settleReleased!: () => void;
  const released = new Promise<void>((resolve) => (settleReleased = resolve));
  const lose = (error: Error) => {
    state = 'lost';
    heldLocks.delete(lockPath);
    onCompromised(error);
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
          lose(Object.assign(new Error(message.message ?? 'the lock was compromised'), { code: message.code }));
        } else {
          settleReleased();
        }
      });
      // A lock nobody refreshes goes stale and may be taken over: as bad as a compromised one.
      worker.on('exit', () => (state === 'held' ? lose(Object.assign(new Error('the lock thread stopped'), { code: 'ECOMPROMISED' })) : undefined));
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
      worker.postMessage('release');
      await released;
    }
    await worker.terminate();
  };
}

/**
 * Helix before issue 6 kept a regular file `pglite.lock` holding the server's pid. One left by a
 * crash would block the directory lock forever, so it is removed unless another live process is named in it.
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

/** The default reaction to a lost lock: say so loudly and stop before writing anything more. */
function exitOnCompromisedLock(dataDir: string): (error: Error) => void {
  return (error) => {
    console.error(
      `FATAL: lost the lock on the database in ${dataDir} (${error.message}). ` +
        'Another process may be using this data dir; exiting now so that two processes never write to it.',
    );
    process.exit(1);
  };
}
