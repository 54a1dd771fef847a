/**
 * `npm run backup -- FILE`: writes a backup of Helix's database to FILE (docs/operations.md#backups,
 * docs/decisions/013-backups.md), whether or not the server is running and students are saving.
 *
 * It uses the server's environment: with DATABASE_URL it reads that PostgreSQL directly; else the
 * PGlite in DATA_DIR, which it opens itself when no server runs, and otherwise asks the server holding
 * the folder for the backup (server/backup/handover.ts). Either way the backup is one snapshot holding
 * every save acknowledged before the command started. FILE appears only once complete.
 *
 * Exit codes: 0 written, 1 failed (nothing written to FILE), 2 bad usage.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, writeBackup, type BackupSummary } from '../backup/backup.ts';
import { describeRows } from '../backup/format.ts';
import { backupThroughServer, HandoverError, serverHoldsDataDir } from '../backup/handover.ts';
import { loadConfigOrExit } from '../config.ts';
import { DataDirLockedError, openDatabase } from '../db/index.ts';

const USAGE = 'Usage: npm run backup -- FILE\nWrites a backup of the database (DATA_DIR, or DATABASE_URL when set) to FILE, e.g. helix-$(date +%F).backup.gz.';

class UsageError extends Error {}

async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: [...argv], allowPositionals: true, options: { help: { type: 'boolean', default: false } } });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 1 || positionals[0] === '') throw new UsageError(USAGE);
  const file = resolve(positionals[0] as string);
  const config = loadConfigOrExit();
  const started = Date.now();

  let summary: BackupSummary;
  let where: string;
  try {
    if (config.databaseUrl !== null) {
      where = 'PostgreSQL (DATABASE_URL)';
      const opened = await openDatabase({ databaseUrl: config.databaseUrl });
      try {
        summary = await writeBackup(opened, file);
      } finally {
        await opened.close();
      }
    } else if (serverHoldsDataDir(config.dataDir)) {
      where = `the running server's PGlite in ${config.dataDir}`;
      summary = await backupThroughServer(config.dataDir, file);
    } else {
      where = `PGlite in ${config.dataDir}`;
      // Opening an empty folder would create a database there: a mistyped DATA_DIR must not look like a backup.
      if (!existsSync(join(config.dataDir, 'pglite'))) {
        console.error(`There is no database in ${config.dataDir} (no pglite folder), so nothing was backed up. Is DATA_DIR right?`);
        return 1;
      }
      const opened = await openDatabase({ dataDir: config.dataDir });
      try {
        summary = await writeBackup(opened, file);
      } finally {
        await opened.close();
      }
    }
  } catch (error) {
    if (error instanceof BackupError || error instanceof HandoverError || error instanceof DataDirLockedError) {
      console.error(`${error.message}\nNo backup was written.`);
      return 1;
    }
    // The file system's refusals (no such folder, no permission, disk full) are the operator's to fix: no stack.
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && ['ENOENT', 'EACCES', 'EPERM', 'EISDIR', 'ENOTDIR', 'ENOSPC', 'EROFS'].includes(code)) {
      console.error(`Cannot write the backup to ${file}: ${(error as Error).message}\nNo backup was written.`);
      return 1;
    }
    throw error;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const size = summary.bytes < 1024 * 1024 ? `${(summary.bytes / 1024).toFixed(1)} KB` : `${(summary.bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `Backed up ${describeRows(summary.rows)} from ${where} to ${file} (${size}, snapshot of ${summary.takenAt}, ` +
      `migration ${summary.migration ?? 'unknown'}) in ${seconds} s.`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      console.error(error.message);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  },
);
