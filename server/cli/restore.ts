/**
 * `npm run restore -- FILE [--force]`: restores a backup made by `npm run backup` (docs/operations.md#backups,
 * docs/decisions/013-backups.md) into the server's database: the PGlite in DATA_DIR, or the
 * PostgreSQL at DATABASE_URL. A backup of either restores into either.
 *
 * The whole file is read and checked before the database is opened: a damaged or foreign file is
 * refused and nothing is touched. A database that already holds data is refused unless `--force`.
 * The server must be stopped: on PGlite a running server is detected and refused; on PostgreSQL stop
 * every server first. The restored tables are at the backup's migration; the server applies this
 * Helix's newer migrations when it starts.
 *
 * Exit codes: 0 restored, 1 refused or failed (the database is as it was), 2 bad usage.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupFileError, checkBackupFile, describeRows } from '../backup/format.ts';
import { serverHoldsDataDir } from '../backup/handover.ts';
import { UnknownMigrationsError } from '../backup/migrations.ts';
import { planRestore, restoreBackup, RestoreRefusedError } from '../backup/restore.ts';
import { loadConfigOrExit } from '../config.ts';
import { DataDirLockedError, openDatabase } from '../db/index.ts';

const USAGE = 'Usage: npm run restore -- FILE [--force]\nRestores the backup FILE into the database (DATA_DIR, or DATABASE_URL when set); --force replaces a database that holds data.';

class UsageError extends Error {}

async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 1 || positionals[0] === '') throw new UsageError(USAGE);
  const file = resolve(positionals[0] as string);
  const config = loadConfigOrExit();
  const where = config.databaseUrl !== null ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const started = Date.now();

  try {
    const backup = await checkBackupFile(file);
    const plan = planRestore(backup);
    if (config.databaseUrl === null && serverHoldsDataDir(config.dataDir)) {
      console.error(`A Helix server is running on ${config.dataDir}: stop it, then restore. Nothing was changed.`);
      return 1;
    }
    const opened = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    let summary;
    try {
      summary = await restoreBackup(opened.db, backup, { force: values.force });
    } finally {
      await opened.close();
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`Restored ${describeRows(summary.rows)} from ${file} (a ${summary.database} snapshot of ${summary.takenAt}) into ${where} in ${seconds} s.`);
    console.log(
      plan.after.length === 0
        ? `Its tables are at this Helix's latest migration, ${summary.migration ?? 'none'}. Start the server.`
        : `Its tables are at migration ${summary.migration ?? 'none'}; the server applies the ${plan.after.length} newer one${plan.after.length === 1 ? '' : 's'} ` +
            `(${summary.pending.join(', ')}) when it starts. Start the server.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof BackupFileError || error instanceof UnknownMigrationsError) {
      console.error(`${error.message}\nNothing was restored; the database is as it was.`);
      return 1;
    }
    if (error instanceof RestoreRefusedError) {
      console.error(`${where}: ${error.message}`);
      return 1;
    }
    if (error instanceof DataDirLockedError) {
      console.error(`${error.message}\nNothing was restored.`);
      return 1;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      console.error(error.message);
      process.exit(2);
    }
    console.error(error instanceof Error ? `The restore failed and was rolled back; the database is as it was.\n${error.stack ?? error.message}` : error);
    process.exit(1);
  },
);
