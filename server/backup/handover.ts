/**
 * A backup of the embedded PGlite while a server runs on it (docs/decisions/013-backups.md). Only one
 * process may open a PGlite data folder (docs/decisions/004-durability.md), so `npm run backup` asks the
 * server holding it, through files in `${DATA_DIR}/pending-backups/` (as `npm run facilitator` hands
 * over accounts: server/facilitator/accounts.ts). Whoever may write into the data folder may already
 * read the whole database, so the folder's permissions are the whole of the authorisation.
 *
 * The exchange, for a request `<id>` (16 hex digits):
 * 1. the command writes `<id>.request.json` (whole, then renamed into place);
 * 2. the server claims it by renaming it to `<id>.taken`, writes the backup to `<id>.backup` (from
 *    `<id>.backup.partial`, see ./backup.ts), then its answer to `<id>.result.json`, and removes `<id>.taken`;
 * 3. the command moves `<id>.backup` to the file asked for and removes the answer.
 *
 * A request no server claims within {@link BACKUP_CLAIM_WAIT_MS} is withdrawn; files left behind by a
 * command or server that died are removed by the server after {@link PENDING_BACKUP_MAX_AGE_MS}.
 */
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { PGLITE_LOCK_FILE, PGLITE_LOCK_STALE_MS } from '../db/lock.ts';
import type { OpenedDatabase } from '../db/index.ts';
import { writeBackup, type BackupSummary } from './backup.ts';

/** Where a server on PGlite picks up backup requests: `${DATA_DIR}/pending-backups`. */
export function pendingBackupsDir(dataDir: string): string {
  return join(dataDir, 'pending-backups');
}

/** How often a server looks for backup requests, ms: as often as for account requests (server/facilitator/accounts.ts). */
export const PENDING_BACKUPS_POLL_MS = 500;

/** How long the command waits for a server to claim its request, ms: many polls, in case the server is busy. */
export const BACKUP_CLAIM_WAIT_MS = 10_000;

/** Files in the pending folder older than this (1 hour), left by a command or a server that died, are removed. */
export const PENDING_BACKUP_MAX_AGE_MS = 60 * 60 * 1000;

/** A server's answer to a backup request. */
type BackupResult = { ok: true; summary: BackupSummary } | { ok: false; error: string };

/** Thrown by {@link backupThroughServer} when the server did not take or finish the backup. */
export class HandoverError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HandoverError';
  }
}

/**
 * Whether a live process holds the PGlite data folder: its lock (server/db/lock.ts) was refreshed
 * within the stale time, `PGLITE_LOCK_STALE_MS`.
 *
 * @param dataDir - DATA_DIR, absolute
 */
export function serverHoldsDataDir(dataDir: string): boolean {
  try {
    return Date.now() - statSync(join(dataDir, PGLITE_LOCK_FILE)).mtimeMs < PGLITE_LOCK_STALE_MS;
  } catch {
    return false;
  }
}

/** Where the file asked for is written: beside it, then renamed, so it is whole or absent. */
async function moveInto(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    // Another file system: copy beside the target, flush, rename, then remove the original.
    const partial = `${to}.partial`;
    await copyFile(from, partial);
    const handle = await open(partial, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, to);
    await rm(from, { force: true });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks the server holding a PGlite data folder for a backup, waits for it and moves it to `file`.
 *
 * @param dataDir - DATA_DIR, absolute
 * @param file - where the backup goes (replaced if it exists)
 * @returns what the server reported ({@link BackupSummary}, with `file` set to the given path)
 * @throws {@link HandoverError} when no server claims the request within {@link BACKUP_CLAIM_WAIT_MS}
 *   (the request is withdrawn), when the server stops during the backup, or when the server's backup failed
 */
export async function backupThroughServer(dataDir: string, file: string): Promise<BackupSummary> {
  const dir = pendingBackupsDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const id = randomBytes(8).toString('hex');
  const request = join(dir, `${id}.request.json`);
  await writeFile(join(dir, `${id}.partial`), JSON.stringify({ requestedAt: new Date().toISOString() }), { mode: 0o600 });
  await rename(join(dir, `${id}.partial`), request);

  const claimDeadline = Date.now() + BACKUP_CLAIM_WAIT_MS;
  let result: BackupResult | null = null;
  while (result === null) {
    await sleep(PENDING_BACKUPS_POLL_MS / 2);
    try {
      result = JSON.parse(await readFile(join(dir, `${id}.result.json`), 'utf8')) as BackupResult;
      break;
    } catch {
      // No answer yet.
    }
    const claimed = !(await exists(request));
    if (!claimed && Date.now() > claimDeadline) {
      // Withdraw by renaming, so a server claiming it at this very moment and this withdrawal cannot both succeed.
      const withdrawn = await rename(request, join(dir, `${id}.withdrawn`)).then(
        () => true,
        () => false,
      );
      if (withdrawn) {
        await rm(join(dir, `${id}.withdrawn`), { force: true });
        throw new HandoverError(
          `The server holding ${dataDir} did not take the backup request within ${BACKUP_CLAIM_WAIT_MS / 1000} s. ` +
            'Either it runs as another user, who cannot read DATA_DIR/pending-backups (run the backup as the server\'s user), ' +
            'or it is a Helix older than backups through the server (stop it, run the backup again, then start it).',
        );
      }
    }
    if (claimed && !serverHoldsDataDir(dataDir)) {
      throw new HandoverError(`The server holding ${dataDir} stopped during the backup; no backup was written. Run the backup again.`);
    }
  }
  await rm(join(dir, `${id}.result.json`), { force: true });
  if (!result.ok) throw new HandoverError(`The server could not take the backup: ${result.error}`);
  await moveInto(join(dir, `${id}.backup`), file);
  return { ...result.summary, file };
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/**
 * Takes up the backup requests in the pending folder, one at a time, answering each once: what a server
 * on PGlite runs every {@link PENDING_BACKUPS_POLL_MS} ({@link serveBackupRequests}). Also removes
 * files older than {@link PENDING_BACKUP_MAX_AGE_MS}.
 *
 * @param source - the server's open database
 * @param dataDir - DATA_DIR, absolute
 * @returns how many requests were answered
 */
export async function handleBackupRequests(source: Pick<OpenedDatabase, 'db' | 'kind'>, dataDir: string): Promise<number> {
  const dir = pendingBackupsDir(dataDir);
  let files: string[];
  try {
    files = await readdir(dir);
  } catch {
    return 0;
  }
  let answered = 0;
  for (const name of files) {
    const path = join(dir, name);
    if (!name.endsWith('.request.json')) {
      const age = await stat(path).then(
        (found) => Date.now() - found.mtimeMs,
        () => 0,
      );
      if (age > PENDING_BACKUP_MAX_AGE_MS) await rm(path, { force: true });
      continue;
    }
    const id = name.slice(0, -'.request.json'.length);
    const taken = join(dir, `${id}.taken`);
    try {
      await rename(path, taken);
    } catch {
      continue; // Withdrawn meanwhile.
    }
    let result: BackupResult;
    try {
      result = { ok: true, summary: await writeBackup(source, join(dir, `${id}.backup`)) };
    } catch (error) {
      result = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    await writeFile(join(dir, `${id}.result.partial`), JSON.stringify(result), { mode: 0o600 });
    await rename(join(dir, `${id}.result.partial`), join(dir, `${id}.result.json`));
    await rm(taken, { force: true });
    answered += 1;
  }
  return answered;
}

/** Where {@link serveBackupRequests} reports: pino's `app.log` fits. */
export interface BackupRequestLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * Makes a server on PGlite take up `npm run backup` requests: polls the pending folder every
 * {@link PENDING_BACKUPS_POLL_MS}, one backup at a time.
 *
 * @param source - the server's open database
 * @param dataDir - DATA_DIR, absolute
 * @param log - where each backup and each failure is reported
 * @returns a function that stops the polling and waits for a backup under way to finish (call it before closing the database)
 * @example
 * // server/index.ts, next to the pending accounts:
 * const stopBackups = serveBackupRequests(opened, config.dataDir, app.log);
 * app.addHook('onClose', stopBackups);
 */
export function serveBackupRequests(source: Pick<OpenedDatabase, 'db' | 'kind'>, dataDir: string, log: BackupRequestLog): () => Promise<void> {
  let running: Promise<void> | null = null;
  const poll = setInterval(() => {
    if (running !== null) return;
    running = handleBackupRequests(source, dataDir)
      .then((answered) => (answered > 0 ? log.info({ answered }, 'backups written for npm run backup from pending-backups') : undefined))
      .catch((error: unknown) => log.error({ err: error }, 'backup requests from pending-backups failed'))
      .finally(() => (running = null));
  }, PENDING_BACKUPS_POLL_MS);
  poll.unref();
  return async () => {
    clearInterval(poll);
    await running;
  };
}
