import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createPasswordHasher } from '../auth/passwords.ts';
import { openDatabase, type OpenedDatabase } from '../db/index.ts';
import { dayAnswers, users } from '../db/schema.ts';
import { createTestDatabase, DATABASE_KINDS, FAST_PASSWORD_HASHING, signUp, testConfig, bearer } from '../test/harness.ts';
import { writeBackup } from './backup.ts';
import { BackupFileError, checkBackupFile } from './format.ts';
import { serveBackupRequests } from './handover.ts';
import { UnknownMigrationsError } from './migrations.ts';
import { rowsOf } from './raw-query.ts';
import { planRestore, restoreBackup, RestoreRefusedError } from './restore.ts';

const BACKUP_CLI = resolve('server/cli/backup.ts');
const RESTORE_CLI = resolve('server/cli/restore.ts');
const STUDENT_COUNT = 25;
const SAVE_URL = '/api/student/modules/1/response/';
const SAVE_PATTERN = /^student (\d+) save (\d+)$/;
const postgresAvailable = DATABASE_KINDS.includes('postgres');
/** The tests that are no one database's run with PGlite's, not again in a run on PostgreSQL alone (TEST_DATABASES=postgres). */
const pgliteRuns = DATABASE_KINDS.includes('pglite');

/** Runs `npm run backup` or `npm run restore` as an operator would, with the given database settings. */
function runCli(cli: string, args: string[], database: { dataDir?: string; databaseUrl?: string }): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolveRun) => {
    const env = { ...process.env, DATA_DIR: database.dataDir ?? join(tmpdir(), 'helix-backup-test-unused'), DATABASE_URL: database.databaseUrl ?? '', LOG_LEVEL: 'silent' };
    const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (status) => resolveRun({ status, stdout, stderr }));
  });
}

/** A database of its own in the PostgreSQL at DATABASE_URL, dropped by the test's clean-up. */
async function createScratchDatabase(cleanups: (() => Promise<void> | void)[]): Promise<string> {
  const name = `helix_backup_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  });
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Each username's stored Day 1 save number (`student S save N` → N). */
async function storedSaves(database: OpenedDatabase): Promise<Map<string, number>> {
  const rows = await database.db
    .select({ username: users.username, answers: dayAnswers.answers })
    .from(dayAnswers)
    .innerJoin(users, eq(users.id, dayAnswers.userId))
    .where(eq(dayAnswers.day, 1));
  const saves = new Map<string, number>();
  for (const row of rows) {
    const match = SAVE_PATTERN.exec(String((row.answers as { geneQ1?: unknown }).geneQ1));
    if (match) saves.set(row.username, Number(match[2]));
  }
  return saves;
}

async function usernames(database: OpenedDatabase): Promise<string[]> {
  return (await database.db.select({ username: users.username }).from(users).orderBy(users.username)).map((row) => row.username);
}

/** Gunzips a backup, edits its lines, and writes it again, its checksum recomputed unless `keepChecksum`. */
function rewriteBackup(from: string, to: string, edit: (lines: string[]) => string[], { keepChecksum = false } = {}): void {
  const lines = edit(gunzipSync(readFileSync(from)).toString('utf8').split('\n').filter((line) => line !== ''));
  const last = lines.at(-1) ?? '';
  if (!keepChecksum && last.startsWith('["end"')) {
    const body = lines.slice(0, -1).map((line) => `${line}\n`).join('');
    const [, trailer] = JSON.parse(last) as [string, { rows: Record<string, number>; sha256: string }];
    lines[lines.length - 1] = JSON.stringify(['end', { ...trailer, sha256: createHash('sha256').update(body).digest('hex') }]);
  }
  writeFileSync(to, gzipSync(`${lines.join('\n')}\n`));
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

/** A small PGlite database with two students who saved Day 1, backed up to `file`. */
async function smallBackup(file: string, cleanups: (() => Promise<void> | void)[]): Promise<void> {
  const database = await createTestDatabase('pglite');
  cleanups.push(() => database.destroy());
  const app = await buildApp({ config: testConfig({ dataDir: database.dataDir }), db: database.database.db, passwordHashing: FAST_PASSWORD_HASHING });
  cleanups.push(() => app.close());
  for (const index of [0, 1]) {
    const { access } = await signUp(app, `small_${index}`);
    const saved = await app.inject({ method: 'POST', url: SAVE_URL, headers: bearer(access), payload: { answers: { geneQ1: `student ${index} save 1` } } });
    expect(saved.statusCode).toBe(200);
  }
  await writeBackup(database.database, file);
}

describe('backups', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const folder = (prefix = 'helix-backup-test-') => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  };
  /** A backup of two students who saved Day 1 ({@link smallBackup}), made once and only read by the tests. */
  const small = { dir: '', file: '' };
  beforeAll(async () => {
    small.dir = mkdtempSync(join(tmpdir(), 'helix-backup-test-small-'));
    small.file = join(small.dir, 'small.backup.gz');
    const made: (() => Promise<void> | void)[] = [];
    await smallBackup(small.file, made);
    for (const cleanup of made.reverse()) await cleanup();
  });
  afterAll(() => rmSync(small.dir, { recursive: true, force: true }));
  /** A PGlite data folder holding an empty, migrated database (a copy of the run's template: no initdb to wait for). */
  const emptyMigratedFolder = async () => {
    const database = await createTestDatabase('pglite');
    await database.database.close();
    cleanups.push(() => rmSync(database.dataDir, { recursive: true, force: true }));
    return database.dataDir;
  };

  describe.each(DATABASE_KINDS)('taken by npm run backup while %s serves 25 students saving at once', (kind) => {
    it(`holds every save acknowledged before it began, restored into an empty data folder${postgresAvailable ? ' and an empty PostgreSQL database' : ''}`, async () => {
      const work = folder();
      const file = join(work, 'helix.backup.gz');
      // The server's side: its database, and on PGlite the backup requests taken up as server/index.ts does.
      let source: OpenedDatabase;
      let dataDir: string;
      let databaseUrl: string | undefined;
      if (kind === 'pglite') {
        const database = await createTestDatabase('pglite');
        cleanups.push(() => database.destroy());
        source = database.database;
        dataDir = database.dataDir;
      } else {
        databaseUrl = await createScratchDatabase(cleanups);
        dataDir = folder();
        source = await openDatabase({ databaseUrl });
        cleanups.push(() => source.close());
        await source.migrate();
      }
      const logged: string[] = [];
      const stopBackups =
        kind === 'pglite' ? serveBackupRequests(source, dataDir, { info: () => undefined, error: (details, message) => logged.push(`${message}: ${JSON.stringify(details)}`) }) : null;
      const app: FastifyInstance = await buildApp({ config: testConfig({ dataDir }), db: source.db, passwordHashing: FAST_PASSWORD_HASHING });

      const students = await Promise.all(
        Array.from({ length: STUDENT_COUNT }, async (_, index) => {
          const { access } = await signUp(app, `saver_${index}`);
          return { index, username: `saver_${index}`, access, sent: 0, acknowledged: 0 };
        }),
      );
      let saving = true;
      const refused: string[] = [];
      const savers = students.map(async (student) => {
        while (saving) {
          const n = student.sent + 1;
          student.sent = n;
          const response = await app.inject({ method: 'POST', url: SAVE_URL, headers: bearer(student.access), payload: { answers: { geneQ1: `student ${student.index} save ${n}` } } });
          if (response.statusCode === 200) student.acknowledged = n;
          else refused.push(`${student.username}: ${response.statusCode}`);
        }
      });
      await sleep(500);
      const acknowledgedBefore = students.map((student) => student.acknowledged);
      const backup = await runCli(BACKUP_CLI, [file], { dataDir, databaseUrl });
      saving = false;
      await Promise.all(savers);
      await stopBackups?.();
      await app.close();

      expect(backup.stderr).toBe('');
      expect(backup.stdout).toMatch(kind === 'pglite' ? /^Backed up 25 accounts, 25 saved days of answers, \d+ other rows from the running server's PGlite in / : /^Backed up 25 accounts, 25 saved days of answers, \d+ other rows from PostgreSQL \(DATABASE_URL\)/);
      expect(backup.status).toBe(0);
      expect(refused).toEqual([]);
      expect(logged).toEqual([]);
      expect(acknowledgedBefore.every((n) => n > 0)).toBe(true);
      // The students went on saving while the backup was taken.
      expect(students.reduce((sum, student) => sum + student.acknowledged, 0)).toBeGreaterThan(acknowledgedBefore.reduce((sum, n) => sum + n, 0));
      if (kind === 'postgres') await source.close();

      const expectEverySave = async (restored: OpenedDatabase) => {
        const saves = await storedSaves(restored);
        for (const student of students) {
          const stored = saves.get(student.username) ?? 0;
          expect(stored, student.username).toBeGreaterThanOrEqual(acknowledgedBefore[student.index] ?? 0);
          expect(stored, student.username).toBeLessThanOrEqual(student.sent);
        }
        expect(saves.size).toBe(STUDENT_COUNT);
      };

      const emptyFolder = folder();
      const intoFolder = await runCli(RESTORE_CLI, [file], { dataDir: emptyFolder });
      expect(intoFolder.stderr).toBe('');
      expect(intoFolder.stdout).toContain(`Restored 25 accounts, 25 saved days of answers`);
      expect(intoFolder.stdout).toContain(`into PGlite in ${emptyFolder}`);
      expect(intoFolder.status).toBe(0);
      const restoredPglite = await openDatabase({ dataDir: emptyFolder });
      await restoredPglite.migrate();
      await expectEverySave(restoredPglite);
      await restoredPglite.close();

      if (postgresAvailable) {
        const emptyDatabase = await createScratchDatabase(cleanups);
        const intoPostgres = await runCli(RESTORE_CLI, [file], { databaseUrl: emptyDatabase });
        expect(intoPostgres.stderr).toBe('');
        expect(intoPostgres.stdout).toContain('into PostgreSQL (DATABASE_URL)');
        expect(intoPostgres.status).toBe(0);
        const restoredPostgres = await openDatabase({ databaseUrl: emptyDatabase });
        await restoredPostgres.migrate();
        await expectEverySave(restoredPostgres);
        await restoredPostgres.close();
      }
    }, 180_000);
  });

  describe.skipIf(!pgliteRuns)('of a PGlite data folder', () => {
    it('is taken from the folder itself when no server holds it, and refused for a folder with no database', async () => {
      const dataDir = await emptyMigratedFolder();
      const database = await openDatabase({ dataDir });
      await restoreBackup(database.db, await checkBackupFile(small.file));
      await database.close();
      const file = join(folder(), 'direct.backup.gz');
      const direct = await runCli(BACKUP_CLI, [file], { dataDir });
      expect(direct.stderr).toBe('');
      expect(direct.stdout).toMatch(/^Backed up 2 accounts, 2 saved days of answers, \d+ other rows from PGlite in /);
      expect(direct.stdout).toContain(`from PGlite in ${dataDir} to ${file} (`);
      expect(direct.status).toBe(0);
      expect((await checkBackupFile(file)).trailer.rows.users).toBe(2);

      const nowhere = folder();
      const none = await runCli(BACKUP_CLI, [join(nowhere, 'none.backup.gz')], { dataDir: nowhere });
      expect(none.stderr).toContain(`There is no database in ${nowhere} (no pglite folder), so nothing was backed up. Is DATA_DIR right?`);
      expect(none.status).toBe(1);
      expect(existsSync(join(nowhere, 'none.backup.gz'))).toBe(false);
    });

    it('is refused, its request withdrawn, when the server holding the folder does not take it up', async () => {
      // A process holding the folder's lock that takes up no backup requests: a Helix older than them.
      const held = await createTestDatabase('pglite');
      cleanups.push(() => held.destroy());
      const file = join(folder(), 'never.backup.gz');
      const refused = await runCli(BACKUP_CLI, [file], { dataDir: held.dataDir });
      expect(refused.stderr).toContain(`The server holding ${held.dataDir} did not take the backup request within 10 s.`);
      expect(refused.stderr).toContain('No backup was written.');
      expect(refused.status).toBe(1);
      expect(existsSync(file)).toBe(false);
      expect(readdirSync(join(held.dataDir, 'pending-backups'))).toEqual([]);
    });
  });

  describe.each(DATABASE_KINDS)('restored into a %s database that holds data', (target) => {
    it('is refused without --force, leaving the data untouched, and replaces it with --force', async () => {
      const file = small.file;
      const where = target === 'pglite' ? { dataDir: await emptyMigratedFolder() } : { databaseUrl: await createScratchDatabase(cleanups) };
      const open = () => openDatabase(where);

      const first = await open();
      await restoreBackup(first.db, await checkBackupFile(file));
      await first.migrate();
      await first.db.insert(users).values({ username: 'arrived_later', usernameKey: 'arrived_later', passwordHash: 'x', firstName: 'A', lastName: 'L' });
      const before = await storedSaves(first);
      await first.db.update(dayAnswers).set({ answers: { geneQ1: 'student 0 save 7' } }).where(sql`true`);
      const changed = await storedSaves(first);
      await expect(restoreBackup(first.db, await checkBackupFile(file))).rejects.toThrow(RestoreRefusedError);
      await first.close();
      expect(changed).not.toEqual(before);

      const refused = await runCli(RESTORE_CLI, [file], where);
      expect(refused.stderr).toContain('The database already holds data (3 accounts, 2 saved days of answers');
      expect(refused.stderr).toContain('nothing was changed. To replace it with the backup, run the restore again with --force.');
      expect(refused.stdout).toBe('');
      expect(refused.status).toBe(1);
      const untouched = await open();
      expect(await usernames(untouched)).toEqual(['arrived_later', 'small_0', 'small_1']);
      expect(await storedSaves(untouched)).toEqual(changed);
      await untouched.close();

      const forced = await runCli(RESTORE_CLI, [file, '--force'], where);
      expect(forced.stderr).toBe('');
      expect(forced.status).toBe(0);
      const replaced = await open();
      await replaced.migrate();
      expect(await usernames(replaced)).toEqual(['small_0', 'small_1']);
      expect(await storedSaves(replaced)).toEqual(before);
      // New ids follow the restored ones.
      const [added] = await replaced.db.insert(users).values({ username: 'next', usernameKey: 'next', passwordHash: 'x', firstName: 'N', lastName: 'L' }).returning({ id: users.id });
      expect(added?.id).toBe(3);
      await replaced.close();
    }, 120_000);
  });

  describe.skipIf(!pgliteRuns)('a damaged file', () => {
    it.each([
      ['cut short', (file: string, to: string) => writeFileSync(to, readFileSync(file).subarray(0, Math.floor(readFileSync(file).length / 2))), /is damaged: it is cut short \(its compressed data stop before their end\)/],
      [
        'with a byte changed',
        (file: string, to: string) => {
          const bytes = Buffer.from(readFileSync(file));
          const middle = Math.floor(bytes.length / 2);
          bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
          writeFileSync(to, bytes);
        },
        /is damaged: /,
      ],
      ['with a row changed', (file: string, to: string) => rewriteBackup(file, to, (lines) => lines.map((line) => line.replace('save 1', 'save 9')), { keepChecksum: true }), /is damaged: its contents do not match the checksum written at its end\./],
      ['without its closing line', (file: string, to: string) => rewriteBackup(file, to, (lines) => lines.slice(0, -1)), /is damaged: it is cut short \(its closing line is missing\)/],
      ['with a row left out', (file: string, to: string) => rewriteBackup(file, to, (lines) => lines.filter((line) => !line.includes('small_1'))), /is damaged: it holds 1 rows of "users" where its closing line says 2\./],
      ['that is not gzip', (_file: string, to: string) => writeFileSync(to, 'id,username\n1,ada\n'), /is not a Helix backup: a Helix backup is gzip-compressed, and this file is not\./],
      ['that is gzip of something else', (_file: string, to: string) => writeFileSync(to, gzipSync('{"hello": "world"}\n')), /is not a Helix backup: its first line is not a Helix backup's header\./],
      ['that is empty', (_file: string, to: string) => writeFileSync(to, ''), /is empty: it is not a Helix backup/],
    ])('%s is refused with a clear error', async (_name, damage, message) => {
      const damaged = join(folder(), 'damaged.backup.gz');
      damage(small.file, damaged);
      await expect(checkBackupFile(damaged)).rejects.toThrow(BackupFileError);
      await expect(checkBackupFile(damaged)).rejects.toThrow(message);
    }, 60_000);

    it('is refused by npm run restore before the database is opened, even with --force', async () => {
      const file = small.file;
      const truncated = join(folder(), 'truncated.backup.gz');
      writeFileSync(truncated, readFileSync(file).subarray(0, readFileSync(file).length - 20));

      const empty = folder();
      const intoEmpty = await runCli(RESTORE_CLI, [truncated], { dataDir: empty });
      expect(intoEmpty.stderr).toContain(`The backup ${truncated} is damaged: it is cut short`);
      expect(intoEmpty.stderr).toContain('Nothing was restored; the database is as it was.');
      expect(intoEmpty.status).toBe(1);
      expect(existsSync(join(empty, 'pglite'))).toBe(false);

      const holding = await emptyMigratedFolder();
      const database = await openDatabase({ dataDir: holding });
      await restoreBackup(database.db, await checkBackupFile(file));
      await database.close();
      const forced = await runCli(RESTORE_CLI, [truncated, '--force'], { dataDir: holding });
      expect(forced.stderr).toContain('is damaged: it is cut short');
      expect(forced.status).toBe(1);
      const after = await openDatabase({ dataDir: holding });
      expect(await usernames(after)).toEqual(['small_0', 'small_1']);
      await after.close();
    }, 120_000);
  });

  describe.skipIf(!pgliteRuns)('taken by a newer Helix', () => {
    it('is refused, naming the migration this Helix lacks', async () => {
      const newer = join(folder(), 'newer.backup.gz');
      rewriteBackup(small.file, newer, ([header, ...rest]) => {
        const [magic, value] = JSON.parse(header as string) as [string, { migrations: object[] }];
        value.migrations.push({ tag: '0099_from_the_future', createdAt: 4_102_444_800_000, hash: 'f'.repeat(64) });
        return [JSON.stringify([magic, value]), ...rest];
      });
      const checked = await checkBackupFile(newer);
      expect(() => planRestore(checked)).toThrow(UnknownMigrationsError);
      const refused = await runCli(RESTORE_CLI, [newer], { dataDir: folder() });
      expect(refused.stderr).toContain('had applied migration 0099_from_the_future, which this Helix\'s drizzle/ folder does not have in that place: it was taken by a newer or a different Helix.');
      expect(refused.status).toBe(1);
    }, 60_000);
  });

  describe.skipIf(!pgliteRuns)('of an older Helix', () => {
    it('is restored at its own migration, and the server migrates it when it starts', async () => {
      // A data folder as a Helix with only the first two migrations left it.
      const oldMigrations = folder();
      mkdirSync(join(oldMigrations, 'meta'));
      const journal = JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')) as { entries: { tag: string }[] };
      const oldEntries = journal.entries.slice(0, 2);
      writeFileSync(join(oldMigrations, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: oldEntries }));
      for (const { tag } of oldEntries) cpSync(join('drizzle', `${tag}.sql`), join(oldMigrations, `${tag}.sql`));
      const oldFolder = folder();
      const old = await openDatabase({ dataDir: oldFolder });
      cleanups.push(() => old.close());
      await old.migrate(oldMigrations);
      const passwordHash = await createPasswordHasher(FAST_PASSWORD_HASHING).hash('a long enough password');
      await old.db.execute(sql`INSERT INTO users (username, password_hash, first_name, last_name) VALUES ('early_bird', ${passwordHash}, 'Early', 'Bird')`);
      await old.db.execute(sql`INSERT INTO module_responses (user_id, day, answers) VALUES (1, 1, ${JSON.stringify({ geneQ1: 'written before the console existed' })}::jsonb)`);
      const file = join(folder(), 'old.backup.gz');
      const summary = await writeBackup(old, file);
      await old.close();
      expect(summary.migration).toBe(oldEntries[1]?.tag);

      const restoredFolder = folder();
      const restored = await runCli(RESTORE_CLI, [file], { dataDir: restoredFolder });
      const newer = journal.entries.slice(2).map((entry) => entry.tag);
      expect(restored.stdout).toContain(`Its tables are at migration ${oldEntries[1]?.tag}; the server applies the ${newer.length} newer ones (${newer.join(', ')}) when it starts.`);
      expect(restored.status).toBe(0);

      // Start the real server on the restored folder, as `npm run serve:source` does.
      const port = await freePort();
      const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: restoredFolder, DATABASE_URL: '', LOG_LEVEL: 'warn', JWT_SECRET: 'backup-test-secret-0123456789abcdefghijklmnop' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise((resolveExit) => server.once('exit', resolveExit));
      cleanups.push(async () => {
        if (server.exitCode === null) server.kill('SIGTERM');
        await exited;
      });
      const origin = `http://127.0.0.1:${port}`;
      for (let waited = 0; ; waited += 200) {
        const healthy = await fetch(`${origin}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (healthy) break;
        if (server.exitCode !== null || waited > 30_000) throw new Error(`the server did not start on the restored folder:\n${output}`);
        await sleep(200);
      }
      const signIn = await fetch(`${origin}/api/token/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'early_bird', password: 'a long enough password' }) });
      expect(signIn.status).toBe(200);
      const { access } = (await signIn.json()) as { access: string };
      const day = await fetch(`${origin}/api/student/modules/1/response/detail/`, { headers: bearer(access) });
      expect(day.status).toBe(200);
      expect(((await day.json()) as { answers: { geneQ1: string } }).answers.geneQ1).toBe('written before the console existed');
      server.kill('SIGTERM');
      await exited;

      const migrated = await openDatabase({ dataDir: restoredFolder });
      const [applied] = await rowsOf<{ count: number }>(migrated.db, sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`);
      expect(applied?.count).toBe(journal.entries.length);
      const [student] = await migrated.db.select({ role: users.role }).from(users);
      expect(student?.role).toBe('student');
      await migrated.close();
    }, 180_000);
  });

  it.skipIf(!pgliteRuns)('refuses to restore into a PGlite folder a server is running on', async () => {
    const running = await createTestDatabase('pglite');
    cleanups.push(() => running.destroy());
    const refused = await runCli(RESTORE_CLI, [small.file, '--force'], { dataDir: running.dataDir });
    expect(refused.stderr).toContain(`A Helix server is running on ${running.dataDir}: stop it, then restore. Nothing was changed.`);
    expect(refused.status).toBe(1);
    expect(await usernames(running.database)).toEqual([]);
  }, 60_000);
});
