/**
 * The server entry: `npm run serve:source` (`node --import tsx server/index.ts`), or bundled by
 * `npm run build:server` and run as `npm run serve` (what `npm start` does).
 * Config → open the database → migrate → build the app → listen. SIGINT/SIGTERM stop new connections,
 * answer the requests in flight, close the app, then the database (an open PGlite would keep the
 * process alive), and exit 0, or 1 past SHUTDOWN_TIMEOUT_MS (server/shutdown.ts).
 */
import { buildApp } from './app.ts';
import { serveBackupRequests } from './backup/handover.ts';
import { loadConfigOrExit, SHUTDOWN_TIMEOUT_MS } from './config.ts';
import { DataDirLockedError, openDatabase } from './db/index.ts';
import { handleAccountRequests, PENDING_ACCOUNTS_POLL_MS } from './facilitator/accounts.ts';
import { addGracefulShutdown } from './shutdown.ts';

const config = loadConfigOrExit();

const opened = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((error: unknown) => {
  // A locked data dir is an operator's mistake, not a bug: print the message without a stack.
  console.error(error instanceof DataDirLockedError ? error.message : error);
  return process.exit(1);
});

try {
  await opened.migrate();
  const app = await buildApp({ config, db: opened.db });
  // `npm run facilitator -- add` hands accounts to the server holding the PGlite folder (docs/facilitators.md#setting-up).
  if (opened.kind === 'pglite') {
    let busy = false;
    const poll = setInterval(() => {
      if (busy) return;
      busy = true;
      handleAccountRequests(opened.db, config.dataDir)
        .then((handled) => (handled > 0 ? app.log.info({ handled }, 'facilitator accounts created from pending-accounts') : undefined))
        .catch((error: unknown) => app.log.error({ err: error }, 'pending facilitator accounts failed'))
        .finally(() => (busy = false));
    }, PENDING_ACCOUNTS_POLL_MS);
    poll.unref();
    app.addHook('onClose', async () => clearInterval(poll));
    // `npm run backup` asks the server holding the PGlite folder for its snapshot (docs/decisions/013-backups.md).
    const stopBackups = serveBackupRequests(opened, config.dataDir, app.log);
    app.addHook('onClose', stopBackups);
  }

  // Stop accepting, answer what is in flight, close the database, exit within SHUTDOWN_TIMEOUT_MS (server/shutdown.ts).
  // `on`, not `once`: a second signal (npm forwards a Ctrl-C the server got already) must not kill it mid-drain.
  const shutdown = addGracefulShutdown(app, { timeoutMs: config.shutdownTimeoutMs ?? SHUTDOWN_TIMEOUT_MS, closeDatabase: () => opened.close() });
  process.on('SIGINT', (signal) => void shutdown(signal));
  process.on('SIGTERM', (signal) => void shutdown(signal));

  const address = await app.listen({ port: config.port, host: config.host });
  const where = opened.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  app.log.info(`Helix is up at ${address.replace('0.0.0.0', '127.0.0.1')} (database: ${where})`);
} catch (error) {
  console.error(error);
  await opened.close();
  process.exit(1);
}
