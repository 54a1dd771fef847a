/**
 * `npm run facilitator -- add <username> [--admin] [--first-name <name>] [--last-name <name>]`: creates
 * a facilitator (or, with `--admin`, an admin) account (docs/facilitators.md#setting-up).
 *
 * The password is read from standard input, never from the command line (where `ps` and the shell's
 * history would keep it): asked twice, unechoed, on a terminal; the first line of the input when piped
 * (`printf '%s\n' "$PASSWORD" | npm run facilitator -- add rivera`). It uses the server's environment:
 * with DATABASE_URL it writes to that PostgreSQL; else to the PGlite in DATA_DIR, and when a running
 * server holds that folder's lock, it hands the account to the server through
 * `${DATA_DIR}/pending-accounts` (only the password's argon2id hash is written there) and waits for its answer.
 *
 * Exit codes: 0 created, 1 refused (taken username, short password, no server answer), 2 bad usage.
 */
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../config.ts';
import { newPasswordProblem } from '../auth/credentials.ts';
import { createPasswordHasher, OWASP_ARGON2ID } from '../auth/passwords.ts';
import { openDatabase } from '../db/index.ts';
import { PGLITE_LOCK_FILE, PGLITE_LOCK_STALE_MS } from '../db/lock.ts';
import {
  createStaffAccount,
  leaveAccountRequest,
  PENDING_ACCOUNTS_POLL_MS,
  takeAccountResult,
  withdrawAccountRequest,
  type StaffAccountRequest,
  type StaffAccountResult,
} from '../facilitator/accounts.ts';

const USAGE = 'Usage: npm run facilitator -- add <username> [--admin] [--first-name <name>] [--last-name <name>]\nThe password is read from standard input.';

/** How long to wait for a running server to create a handed-over account, ms: a few of its polls. */
const SERVER_ANSWER_WAIT_MS = 15_000;

/** Reads one line from a terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = process.stdin;
    process.stderr.write(question);
    let typed = '';
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') {
          input.setRawMode(false);
          input.pause();
          input.off('data', onData);
          process.stderr.write('\n');
          resolve(typed);
          return;
        }
        if (character === '\u0003') {
          input.setRawMode(false);
          reject(new Error('cancelled'));
          return;
        }
        typed = character === '\u007f' ? typed.slice(0, -1) : typed + character;
      }
    };
    input.on('data', onData);
  });
}

/** The whole of piped standard input. */
async function readPiped(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) {
    const first = await askHidden('Password: ');
    const again = await askHidden('Password again: ');
    if (first !== again) throw new UsageError('The two passwords differ.');
    return first;
  }
  return (await readPiped()).split(/\r?\n/)[0] ?? '';
}

class UsageError extends Error {}

/** Whether a live server holds the PGlite data folder: its lock directory was touched within the stale time. */
function serverHoldsDataDir(dataDir: string): boolean {
  try {
    return Date.now() - statSync(join(dataDir, PGLITE_LOCK_FILE)).mtimeMs < PGLITE_LOCK_STALE_MS;
  } catch {
    return false;
  }
}

async function throughRunningServer(dataDir: string, request: StaffAccountRequest): Promise<StaffAccountResult> {
  const id = randomBytes(8).toString('hex');
  leaveAccountRequest(dataDir, request, id);
  const deadline = Date.now() + SERVER_ANSWER_WAIT_MS;
  while (Date.now() < deadline) {
    const result = takeAccountResult(dataDir, id);
    if (result !== null) return result;
    await new Promise((resolve) => setTimeout(resolve, PENDING_ACCOUNTS_POLL_MS / 2));
  }
  withdrawAccountRequest(dataDir, id);
  return { ok: false, error: `The server holding ${dataDir} did not answer within ${SERVER_ANSWER_WAIT_MS / 1000} s. Is it a Helix older than the facilitator console? Stop it and run this again.` };
}

async function directly(config: ReturnType<typeof loadConfigOrExit>, request: StaffAccountRequest): Promise<StaffAccountResult> {
  const opened = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await opened.migrate();
    return await createStaffAccount(opened.db, request);
  } finally {
    await opened.close();
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: { admin: { type: 'boolean', default: false }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' }, help: { type: 'boolean', default: false } },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [command, username, ...rest] = positionals;
  if (command !== 'add' || username === undefined || rest.length > 0) throw new UsageError(USAGE);
  const config = loadConfigOrExit();
  const password = await readPassword();
  const problem = newPasswordProblem(password);
  if (problem !== null) {
    console.error(problem);
    return 1;
  }
  const request: StaffAccountRequest = {
    username,
    passwordHash: await createPasswordHasher(OWASP_ARGON2ID).hash(password),
    firstName: values['first-name']?.trim() ?? username,
    lastName: values['last-name']?.trim() ?? '',
    role: values.admin ? 'admin' : 'facilitator',
  };
  const viaServer = config.databaseUrl === null && serverHoldsDataDir(config.dataDir);
  const result = viaServer ? await throughRunningServer(config.dataDir, request) : await directly(config, request);
  if (!result.ok) {
    console.error(result.error);
    return 1;
  }
  const where = config.databaseUrl !== null ? 'PostgreSQL (DATABASE_URL)' : viaServer ? `the running server's PGlite in ${config.dataDir}` : `PGlite in ${config.dataDir}`;
  console.log(`Created ${request.role} "${username}" (id ${result.id}) in ${where}. They sign in at /login.`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof UsageError || (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) ? error.message : error);
    process.exit(2);
  },
);
