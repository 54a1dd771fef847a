/**
 * Taking a backup (docs/decisions/013-backups.md): every table of the app's schema, read in one
 * REPEATABLE READ, read-only transaction, so the file is one snapshot of the database, and it holds
 * every save committed (hence acknowledged: docs/decisions/004-durability.md) before that
 * transaction's first statement. Through the app's own database layer, so PGlite and PostgreSQL give
 * the same file.
 */
import { stat } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { OpenedDatabase } from '../db/index.ts';
import { BACKUP_FORMAT_VERSION, BackupFileWriter, type BackupHeader, type BackupMigration, type BackupTable } from './format.ts';
import { rowsOf, type Executor } from './raw-query.ts';
import { MIGRATIONS_SCHEMA, MIGRATIONS_TABLE, readMigrations } from './migrations.ts';

/** Rows fetched from the snapshot at a time: a few MB of answers, whatever the size of the database. */
export const BACKUP_FETCH_ROWS = 1_000;

/** What a backup holds, for the operator's one-line report. */
export interface BackupSummary {
  /** The backup file's path. */
  file: string;
  /** Its size in bytes (compressed). */
  bytes: number;
  /** The snapshot's time by the database's clock (ISO 8601). */
  takenAt: string;
  database: 'pglite' | 'postgres';
  /** Rows per table. */
  rows: Record<string, number>;
  /** The newest migration the database had applied (its tag), or null if this Helix does not know it. */
  migration: string | null;
}

/** Thrown when the database cannot be backed up as it is (e.g. it was never migrated). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/**
 * Writes a backup of the database to `file`: gzip-compressed lines (server/backup/format.ts), written
 * to `${file}.partial`, flushed to disk and then renamed, so `file` is whole or absent. On PGlite the
 * snapshot transaction holds the database while it is read (PGlite runs one transaction at a time), so
 * saves wait for it rather than fail; on PostgreSQL they go on beside it.
 *
 * @param source - an open database: its `db` and its `kind`, recorded in the header
 * @param file - where to write; an existing file is replaced only once the new one is complete
 * @returns what the backup holds ({@link BackupSummary})
 * @throws {@link BackupError} when the database has no drizzle journal table (never migrated: nothing of Helix's to back up)
 * @throws the driver's or the file system's error otherwise; no `file` is left behind then
 * @example
 * const summary = await writeBackup(opened, '/var/backups/helix/helix-2026-03-02.backup.gz');
 */
export async function writeBackup(source: Pick<OpenedDatabase, 'db' | 'kind'>, file: string): Promise<BackupSummary> {
  // Set inside the transaction; kept outside it so a failure removes the partial file.
  const output: { writer: BackupFileWriter | null } = { writer: null };
  try {
    const { header, rows } = await source.db.transaction(
      async (tx) => {
        // The snapshot is taken at the transaction's first statement: this one.
        const [{ taken_at: takenAt }] = (await rowsOf<{ taken_at: string }>(tx, sql`SELECT to_jsonb(now()) #>> '{}' AS taken_at`)) as [{ taken_at: string }];
        const header: BackupHeader = {
          version: BACKUP_FORMAT_VERSION,
          takenAt,
          database: source.kind,
          migrations: await appliedMigrations(tx),
          tables: await tablesInLoadOrder(tx),
        };
        const writer = await BackupFileWriter.create(file, header);
        output.writer = writer;
        for (const table of header.tables) {
          await writer.startTable(table.name);
          await tx.execute(sql`DECLARE helix_backup_rows NO SCROLL CURSOR FOR SELECT to_jsonb(t)::text AS row FROM ${sql.identifier(table.name)} t`);
          for (;;) {
            const batch = await rowsOf<{ row: string }>(tx, sql.raw(`FETCH ${BACKUP_FETCH_ROWS} FROM helix_backup_rows`));
            for (const { row } of batch) await writer.row(row);
            if (batch.length < BACKUP_FETCH_ROWS) break;
          }
          await tx.execute(sql`CLOSE helix_backup_rows`);
        }
        return { header, rows: await writer.finish() };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const latest = header.migrations.at(-1);
    return { file, bytes: (await stat(file)).size, takenAt: header.takenAt, database: source.kind, rows, migration: latest?.tag ?? null };
  } catch (error) {
    await output.writer?.abandon();
    throw error;
  }
}

/**
 * The migrations the database has applied, from drizzle's journal table: in the app's schema when it is
 * there (a test's own schema: server/db/index.ts, `searchPath`), else in `drizzle`.
 */
async function appliedMigrations(tx: Executor): Promise<BackupMigration[]> {
  const [where] = await rowsOf<{ schema: string }>(
    tx,
    sql`SELECT n.nspname AS schema FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relname = ${MIGRATIONS_TABLE} AND n.nspname IN (current_schema(), ${MIGRATIONS_SCHEMA})
        ORDER BY n.nspname = current_schema() DESC LIMIT 1`,
  );
  if (where === undefined) {
    throw new BackupError('The database has no Helix migrations journal: it was never migrated, so it holds nothing of Helix to back up. Is DATA_DIR or DATABASE_URL right?');
  }
  const applied = await rowsOf<{ hash: string; created_at: string }>(
    tx,
    sql`SELECT hash, created_at::text AS created_at FROM ${sql.identifier(where.schema)}.${sql.identifier(MIGRATIONS_TABLE)} ORDER BY created_at, id`,
  );
  const known = readMigrations();
  return applied.map(({ hash, created_at: createdAt }) => ({
    tag: known.find((migration) => migration.createdAt === Number(createdAt))?.tag ?? null,
    createdAt: Number(createdAt),
    hash,
  }));
}

/**
 * The tables of the app's schema (drizzle's journal aside) with their columns, each after the tables its
 * foreign keys refer to, so a restore can load them in this order with every constraint checked.
 *
 * @throws {@link BackupError} when foreign keys refer in a circle (no table can come first)
 */
async function tablesInLoadOrder(tx: Executor): Promise<BackupTable[]> {
  const names = (
    await rowsOf<{ name: string }>(
      tx,
      sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname <> ${MIGRATIONS_TABLE} ORDER BY c.relname`,
    )
  ).map((row) => row.name);
  const columns = await rowsOf<{ table_name: string; column_name: string }>(
    tx,
    sql`SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND is_generated = 'NEVER' ORDER BY table_name, ordinal_position`,
  );
  const references = await rowsOf<{ child: string; parent: string }>(
    tx,
    sql`SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint k
        JOIN pg_class child ON child.oid = k.conrelid JOIN pg_class parent ON parent.oid = k.confrelid
        JOIN pg_namespace n ON n.oid = child.relnamespace
        WHERE k.contype = 'f' AND n.nspname = current_schema() AND child.oid <> parent.oid`,
  );
  const ordered: string[] = [];
  const waiting = new Set(names);
  while (waiting.size > 0) {
    const ready = [...waiting].filter((name) => !references.some((reference) => reference.child === name && waiting.has(reference.parent)));
    if (ready.length === 0) throw new BackupError(`The tables ${[...waiting].join(', ')} refer to each other in a circle: no order loads them with their foreign keys checked.`);
    for (const name of ready) {
      ordered.push(name);
      waiting.delete(name);
    }
  }
  return ordered.map((name) => ({ name, columns: columns.filter((column) => column.table_name === name).map((column) => column.column_name) }));
}
