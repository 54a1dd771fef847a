/**
 * Restoring a backup (docs/decisions/013-backups.md) into PGlite or PostgreSQL, whichever it was taken
 * from: in one transaction, Helix's tables are recreated by this Helix's migrations up to the one the
 * backup's database had applied, its rows are loaded, and the id sequences set past them. Any failure
 * rolls the whole restore back, so the database is as it was. The server's migration at start-up then
 * brings the tables up to date (server/db/index.ts), as it does for an old data folder.
 */
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/index.ts';
import * as schema from '../db/schema.ts';
import { checkBackupFile, describeRows, type CheckedBackup } from './format.ts';
import { rowsOf, type Executor } from './raw-query.ts';
import { MIGRATIONS_SCHEMA, MIGRATIONS_TABLE, planMigrations, readMigrations, type MigrationPlan } from './migrations.ts';

/** Rows inserted per statement, at most… */
export const RESTORE_BATCH_ROWS = 500;
/** …and at most this many bytes of rows' JSON per statement (1 MiB). */
export const RESTORE_BATCH_BYTES = 1024 * 1024;

export interface RestoreOptions {
  /** Replace a database that already holds data. Without it such a database is refused, untouched. */
  force?: boolean;
  /** This Helix's migrations; default `${process.cwd()}/drizzle`, where the server migrates from. */
  migrationsFolder?: string;
}

/** What was restored, for the operator's report. */
export interface RestoreSummary {
  /** When the backup's snapshot was taken (ISO 8601). */
  takenAt: string;
  /** What it was taken from. */
  database: 'pglite' | 'postgres';
  /** Rows restored per table. */
  rows: Record<string, number>;
  /** The migration the restored tables are at (a tag of drizzle/), or null before the first. */
  migration: string | null;
  /** The newer migrations of this Helix, which the server applies when it starts. */
  pending: string[];
}

/** Thrown when the database holds data and `force` was not given; nothing was changed. */
export class RestoreRefusedError extends Error {
  /** Rows found per table. */
  readonly rows: Record<string, number>;

  constructor(rows: Record<string, number>) {
    super(
      `The database already holds data (${describeRows(rows)}): a restore would replace all of it, so nothing was changed. ` +
        'To replace it with the backup, run the restore again with --force.',
    );
    this.name = 'RestoreRefusedError';
    this.rows = rows;
  }
}

/** The tables of server/db/schema.ts: with a backup's own, the tables a restore replaces. */
function schemaTableNames(): string[] {
  return (Object.values(schema) as unknown[]).flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : []));
}

/**
 * Checks that this Helix can restore a backup: its migrations must all be this Helix's.
 *
 * @param backup - from `checkBackupFile` (./format.ts)
 * @param migrationsFolder - default `${process.cwd()}/drizzle`
 * @returns which migrations recreate its tables, and which the server applies after
 * @throws `UnknownMigrationsError` (./migrations.ts) for a backup taken by a newer or different Helix
 */
export function planRestore(backup: CheckedBackup, migrationsFolder?: string): MigrationPlan {
  return planMigrations(backup.header.migrations, readMigrations(migrationsFolder));
}

/**
 * Restores a checked backup into the database, in one transaction: refuses a database holding data
 * unless `force`; drops Helix's tables (those of server/db/schema.ts and of the backup) and drizzle's
 * journal; applies this Helix's migrations up to the backup's and records them in the journal as
 * drizzle does; loads the rows (the file is read again, and checked again as it is read); sets each id
 * sequence past the highest id; checks each table's row count against the backup. Leaves the tables at
 * the backup's migration: the server applies the newer ones when it starts.
 *
 * @param db - an open database (`openDatabase`, server/db/index.ts), not migrated; PGlite's data
 *   folder must be held by this process, and no server should be using a PostgreSQL database meanwhile
 * @param backup - from `checkBackupFile` (./format.ts), which read the whole file once already
 * @returns what was restored ({@link RestoreSummary})
 * @throws {@link RestoreRefusedError} when the database holds data and `force` is not set (nothing changed)
 * @throws `UnknownMigrationsError` (./migrations.ts) for a backup taken by a newer Helix (nothing changed)
 * @throws `BackupFileError` (./format.ts) if the file changed or was damaged since it was checked (rolled back)
 * @example
 * const backup = await checkBackupFile(file);
 * const opened = await openDatabase({ dataDir });
 * try { await restoreBackup(opened.db, backup); } finally { await opened.close(); }
 */
export async function restoreBackup(db: Database, backup: CheckedBackup, options: RestoreOptions = {}): Promise<RestoreSummary> {
  const plan = planRestore(backup, options.migrationsFolder);
  const { header } = backup;
  const replaced = new Set([...header.tables.map((table) => table.name), ...schemaTableNames()]);

  await db.transaction(async (tx) => {
    const present = (
      await rowsOf<{ name: string }>(
        tx,
        sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind = 'r'`,
      )
    )
      .map((row) => row.name)
      .filter((name) => replaced.has(name));
    const held: Record<string, number> = {};
    for (const name of present) {
      const [count] = await rowsOf<{ count: number }>(tx, sql`SELECT count(*)::int AS count FROM ${sql.identifier(name)}`);
      if (count !== undefined && count.count > 0) held[name] = count.count;
    }
    if (Object.keys(held).length > 0 && options.force !== true) throw new RestoreRefusedError(held);

    if (present.length > 0) await tx.execute(sql`DROP TABLE ${sql.join(present.map((name) => sql.identifier(name)), sql`, `)} CASCADE`);
    const journal = sql`${sql.identifier(MIGRATIONS_SCHEMA)}.${sql.identifier(MIGRATIONS_TABLE)}`;
    await tx.execute(sql`DROP TABLE IF EXISTS ${journal}`);
    // drizzle's own journal table, as its migrator creates it, so that the server's migrate() reads it.
    await tx.execute(sql`CREATE SCHEMA IF NOT EXISTS ${sql.identifier(MIGRATIONS_SCHEMA)}`);
    await tx.execute(sql`CREATE TABLE ${journal} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`);
    for (const migration of plan.before) {
      for (const statement of migration.statements) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO ${journal} (hash, created_at) VALUES (${migration.hash}, ${migration.createdAt})`);
    }

    await checkColumns(tx, backup, plan);
    const columns = new Map(header.tables.map((table) => [table.name, table.columns]));
    let batch: { table: string; rows: string[]; bytes: number } | null = null;
    const flush = async () => {
      if (batch === null || batch.rows.length === 0) return;
      const table = sql.identifier(batch.table);
      const list = sql.join((columns.get(batch.table) ?? []).map((column) => sql.identifier(column)), sql`, `);
      await tx.execute(sql`INSERT INTO ${table} (${list}) SELECT ${list} FROM jsonb_populate_recordset(NULL::${table}, ${`[${batch.rows.join(',')}]`}::jsonb)`);
      batch = null;
    };
    await checkBackupFile(backup.file, async (table, rowJson) => {
      if (batch !== null && (batch.table !== table || batch.rows.length >= RESTORE_BATCH_ROWS || batch.bytes >= RESTORE_BATCH_BYTES)) await flush();
      batch ??= { table, rows: [], bytes: 0 };
      batch.rows.push(rowJson);
      batch.bytes += rowJson.length;
    });
    await flush();

    await setSequences(tx, header.tables.map((table) => table.name));
    for (const { name } of header.tables) {
      const [count] = await rowsOf<{ count: number }>(tx, sql`SELECT count(*)::int AS count FROM ${sql.identifier(name)}`);
      const expected = backup.trailer.rows[name] ?? 0;
      if (count?.count !== expected) throw new Error(`After loading, the table "${name}" holds ${count?.count ?? 0} rows where the backup has ${expected}; the restore was rolled back.`);
    }
  });

  return {
    takenAt: header.takenAt,
    database: header.database,
    rows: { ...backup.trailer.rows },
    migration: plan.before.at(-1)?.tag ?? null,
    pending: plan.after.map((migration) => migration.tag),
  };
}

/** Each backed-up table must exist, with the backup's columns, once its migrations are applied. */
async function checkColumns(tx: Executor, backup: CheckedBackup, plan: MigrationPlan): Promise<void> {
  const found = await rowsOf<{ table_name: string; column_name: string }>(
    tx,
    sql`SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND is_generated = 'NEVER'`,
  );
  const level = plan.before.at(-1)?.tag ?? 'none';
  for (const table of backup.header.tables) {
    const made = found.filter((column) => column.table_name === table.name).map((column) => column.column_name);
    const missing = table.columns.filter((column) => !made.includes(column));
    if (made.length === 0 || missing.length > 0) {
      throw new Error(
        `The backup's table "${table.name}" has the columns ${table.columns.join(', ')}, but this Helix's migrations up to ${level} make ` +
          `${made.length === 0 ? 'no such table' : made.join(', ')}: the backup does not match its migrations, and nothing was restored.`,
      );
    }
  }
}

/** Sets every id sequence of `tables` so that the next id is past the highest restored (1 for an empty table). */
async function setSequences(tx: Executor, tables: readonly string[]): Promise<void> {
  const sequences = await rowsOf<{ table: string; column: string; sequence: string | null }>(
    tx,
    sql`SELECT c.relname AS table, a.attname AS column,
               pg_get_serial_sequence(quote_ident(n.nspname) || '.' || quote_ident(c.relname), a.attname) AS sequence
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped`,
  );
  for (const { table, column, sequence } of sequences) {
    if (sequence === null || !tables.includes(table)) continue;
    const id = sql.identifier(column);
    await tx.execute(sql`SELECT setval(${sequence}::regclass, coalesce(max(${id}), 1), max(${id}) IS NOT NULL) FROM ${sql.identifier(table)}`);
  }
}
