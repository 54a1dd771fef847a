/**
 * Opening the database: the embedded PGlite by default, PostgreSQL when a URL is given
 * (docs/decisions/001-embedded-postgres-pglite.md). Both are driven through drizzle and typed as the
 * common {@link Database} so query code is shared.
 */
import { mkdirSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock, DataDirLockedError } from './lock.ts';
import * as schema from './schema.ts';

/** A drizzle handle on either driver. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database. Call {@link OpenedDatabase.close} exactly once: an open PGlite keeps the process alive. */
export interface OpenedDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Applies the SQL migrations in `migrationsFolder` that are not applied yet, in one transaction.
   *
   * @param migrationsFolder - default `${process.cwd()}/drizzle` (not relative to this file, so a bundled server still finds it)
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
   * `PGLITE_LOCK_STALE_MS` (./lock.ts)). Default: log to stderr and `process.exit(1)`, so that two
   * processes never write to one data dir (docs/decisions/004-durability.md).
   */
  onLockCompromised?: (error: Error) => void;
}

// The data-dir lock lives in ./lock.ts (its thread in ./lock-worker.ts).
export { DataDirLockedError };

/**
 * PGlite's PostgreSQL settings: its defaults, with a 32 MB buffer cache instead of 128 MB (the server
 * is to stay under 350 MB idle on PGlite). PGlite fills its buffer cache at start, so 128 MB of it
 * was resident before the first request: measured 307 MB for a reopened
 * database with the default, 203 MB with 32 MB, with upserts and selects as fast (a class's answers,
 * about 3 KB per student and day, fit in 32 MB many times over; the rest is in the OS file cache).
 */
export const PGLITE_START_PARAMS: string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * Opens the database. With no `databaseUrl`, opens (creating on first use, about 5 s) the PGlite in
 * `${dataDir}/pglite`, guarded by the lock `${dataDir}/pglite.lock` (see `PGLITE_LOCK_STALE_MS` (./lock.ts)),
 * and runs `VACUUM` since PGlite has no autovacuum. With a `databaseUrl`, opens a pg Pool. Does
 * not migrate: call `migrate()` next.
 *
 * A lock left by a crashed or killed process is taken over once stale, within
 * `PGLITE_LOCK_WAIT_MS` (./lock.ts) (7 s); a lock kept fresh by a live process is refused after that wait,
 * and at once when this process holds it (docs/decisions/004-durability.md).
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
  const releaseLock = await acquireDataDirLock(dataDir, { onCompromised: onLockCompromised ?? exitOnCompromisedLock(dataDir) });
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
