/**
 * Opening the database: the embedded PGlite by default, PostgreSQL when a URL is given
 * (docs/decisions/001-embedded-postgres-pglite.md). Both are driven through drizzle and typed as the
 * common {@link Database} so query code is shared (shared/STACK.md T9).
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
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
}

/** The name of the lock file guarding a PGlite data dir, inside DATA_DIR. */
export const PGLITE_LOCK_FILE = 'pglite.lock';

/** Thrown when another live process (or this one) already holds the PGlite data dir. */
export class DataDirLockedError extends Error {
  constructor(lockPath: string, pid: number) {
    super(
      `The database in ${lockPath.replace(/\/pglite\.lock$/, '')} is in use by process ${pid}. ` +
        'PGlite allows one process per data dir: stop that process, or use another DATA_DIR. ' +
        `If no such process is running, delete ${lockPath}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * Opens the database. With no `databaseUrl`, opens (creating on first use, about 5 s) the PGlite in
 * `${dataDir}/pglite`, guarded by a pid lock file, and runs `VACUUM` since PGlite has no autovacuum
 * (T10). With a `databaseUrl`, opens a pg Pool. Does not migrate: call `migrate()` next.
 *
 * @throws {@link DataDirLockedError} when another live process holds the PGlite data dir
 * @throws the driver's error when PostgreSQL is unreachable or PGlite cannot start
 * @example
 * const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
 * await database.migrate();
 * // ... later
 * await database.close();
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<OpenedDatabase> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.searchPath);
  return openPglite(resolve(options.dataDir ?? './data'));
}

function defaultMigrationsFolder(): string {
  return resolve(process.cwd(), 'drizzle');
}

async function openPglite(dataDir: string): Promise<OpenedDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, PGLITE_LOCK_FILE);
  acquireLock(lockPath);
  let client: PGlite;
  try {
    client = await PGlite.create(join(dataDir, 'pglite'));
    await client.exec('VACUUM');
  } catch (error) {
    releaseLock(lockPath);
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
        releaseLock(lockPath);
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
 * Creates the lock file holding our pid, atomically (`wx`). A lock left by a dead process is
 * replaced; one held by a live process, including this one, is refused.
 */
function acquireLock(lockPath: string): void {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx', 0o644);
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new DataDirLockedError(lockPath, pid);
    rmSync(lockPath, { force: true }); // stale: its process is gone (a crash or SIGKILL)
  }
  throw new Error(`Could not create the lock file ${lockPath}: another process keeps creating it.`);
}

function releaseLock(lockPath: string): void {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    if (pid === process.pid) rmSync(lockPath, { force: true });
  } catch {
    // Already gone: nothing to release.
  }
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
