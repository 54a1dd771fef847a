import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { handleAccountRequests, PENDING_ACCOUNTS_POLL_MS } from '../facilitator/accounts.ts';

const CLI = resolve('server/cli/facilitator.ts');

/** Runs `npm run facilitator -- <args>` as a person would, the password piped on standard input. */
function runCli(args: string[], input: string, dataDir: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (status) => resolveRun({ status, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe('npm run facilitator -- add (PGlite)', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'helix-cli-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  };
  const roleOf = async (database: OpenedDatabase, username: string) =>
    (await database.db.select({ role: users.role }).from(users).where(eq(users.username, username)))[0]?.role;

  it('creates a facilitator in the data folder when no server runs, reading the password from a pipe', async () => {
    const dir = dataDir();
    const result = await runCli(['add', 'rivera', '--first-name', 'Ms', '--last-name', 'Rivera'], 'a long password\nignored second line\n', dir);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^Created facilitator "rivera" \(id 1\) in PGlite in /);
    expect(result.status).toBe(0);
    const database = await openDatabase({ dataDir: dir });
    cleanups.push(() => database.close());
    expect(await roleOf(database, 'rivera')).toBe('facilitator');
  }, 60_000);

  it('hands the account to the server holding the folder, and answers what the server answered', async () => {
    const dir = dataDir();
    // What server/index.ts does on PGlite: hold the lock and take up account requests.
    const database = await openDatabase({ dataDir: dir });
    await database.migrate();
    const poll = setInterval(() => void handleAccountRequests(database.db, dir), PENDING_ACCOUNTS_POLL_MS);
    cleanups.push(() => database.close());
    cleanups.push(() => clearInterval(poll));

    const admin = await runCli(['add', 'head', '--admin'], 'another long password\n', dir);
    expect(admin.stdout).toContain(`Created admin "head" (id 1) in the running server's PGlite in`);
    expect(admin.status).toBe(0);
    expect(await roleOf(database, 'head')).toBe('admin');

    const taken = await runCli(['add', 'HEAD'], 'another long password\n', dir);
    expect(taken.stderr).toContain('is taken');
    expect(taken.status).toBe(1);
  }, 60_000);

  it('refuses a short password and bad usage without touching the database', async () => {
    const dir = dataDir();
    const short = await runCli(['add', 'rivera'], 'short\n', dir);
    expect(short.stderr).toContain('at least 8 characters');
    expect(short.status).toBe(1);
    const usage = await runCli(['remove', 'rivera'], '', dir);
    expect(usage.stderr).toContain('Usage: npm run facilitator -- add <username>');
    expect(usage.status).toBe(2);
  }, 60_000);
});
