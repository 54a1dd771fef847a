/**
 * The migrations in drizzle/ as a restore needs them (docs/decisions/013-backups.md): a backup records
 * which migrations its database had applied, and a restore recreates the tables at exactly that point,
 * writing drizzle's journal table as drizzle's own migrator does, so that the server's migration at
 * start-up (`OpenedDatabase.migrate`, server/db/index.ts) applies the newer ones.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BackupMigration } from './format.ts';

/** Where drizzle's migrator keeps its journal table by default: `drizzle.__drizzle_migrations` (server/db/index.ts migrates with these defaults). */
export const MIGRATIONS_SCHEMA = 'drizzle';
export const MIGRATIONS_TABLE = '__drizzle_migrations';

/** A migration of drizzle/: what drizzle's migrator reads from `meta/_journal.json` and `<tag>.sql`. */
export interface Migration {
  tag: string;
  /** The journal's `when`, ms since the epoch: drizzle applies a migration when it is newer than the last one applied. */
  createdAt: number;
  /** SHA-256 (hex) of the SQL file, as drizzle records it. */
  hash: string;
  /** The SQL file split at its `--> statement-breakpoint` lines, as drizzle runs it. */
  statements: string[];
}

/**
 * Reads the migrations of a drizzle folder, oldest first.
 *
 * @param folder - default `${process.cwd()}/drizzle`, the folder the server migrates from (server/db/index.ts)
 * @throws when `meta/_journal.json` or a migration's SQL file is missing or unreadable
 */
export function readMigrations(folder: string = resolve(process.cwd(), 'drizzle')): Migration[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  return journal.entries.map(({ tag, when }) => {
    const text = readFileSync(join(folder, `${tag}.sql`), 'utf8');
    return { tag, createdAt: when, hash: createHash('sha256').update(text).digest('hex'), statements: text.split('--> statement-breakpoint') };
  });
}

/** How a backup's migrations stand against this Helix's: which to apply before loading it, which the server applies at start. */
export interface MigrationPlan {
  /** The migrations the backed-up database had: recreated before its rows are loaded. */
  before: Migration[];
  /** This Helix's newer migrations: the server applies them when it starts. */
  after: Migration[];
}

/** Thrown when a backup was taken by a Helix whose migrations this one does not have. */
export class UnknownMigrationsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnknownMigrationsError';
  }
}

/**
 * Matches a backup's migrations to this Helix's, by their `createdAt` in order (drizzle's own rule).
 *
 * @param backed - the backup header's migrations, oldest first
 * @param known - {@link readMigrations}
 * @throws {@link UnknownMigrationsError} when the backup has a migration this Helix lacks (it was
 *   taken by a newer or a different Helix), or lacks one older than its newest
 */
export function planMigrations(backed: readonly BackupMigration[], known: readonly Migration[]): MigrationPlan {
  for (const [index, migration] of backed.entries()) {
    const mine = known[index];
    if (mine === undefined || mine.createdAt !== migration.createdAt) {
      const name = migration.tag ?? `the one of ${new Date(migration.createdAt).toISOString()}`;
      throw new UnknownMigrationsError(
        `The backup's database had applied migration ${name}, which this Helix's drizzle/ folder does not have in that place: ` +
          'it was taken by a newer or a different Helix. Restore it with that Helix (or a newer one).',
      );
    }
  }
  return { before: known.slice(0, backed.length), after: known.slice(backed.length) };
}
