import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DataDirLockedError,
  openDatabase,
  PGLITE_LOCK_FILE,
  PGLITE_LOCK_STALE_MS,
  PGLITE_LOCK_WAIT_MS,
  type OpenedDatabase,
} from './index.ts';

function freshDataDir(): string {
  return realpathSync(mkdtempSync(join(tmpdir(), 'helix-lock-test-')));
}

/** Starts another Node process that opens the PGlite in `dataDir` and keeps it open until killed. */
function startHolder(dataDir: string): Promise<ChildProcess> {
  const code = "import { openDatabase } from './server/db/index.ts'; await openDatabase({ dataDir: process.env.HELIX_LOCK_TEST_DIR }); console.log('open');";
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: process.cwd(),
    env: { ...process.env, HELIX_LOCK_TEST_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('open')) resolve(child);
    });
    child.once('exit', (status) => reject(new Error(`the holder exited (${status}) before opening: ${stderr}`)));
  });
}

function killAndWait(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('the PGlite data-dir lock', () => {
  describe('while this process has the database open', () => {
    let dataDir: string;
    let database: OpenedDatabase;

    beforeAll(async () => {
      dataDir = freshDataDir();
      database = await openDatabase({ dataDir });
    });

    afterAll(async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('is a lock directory pglite.lock in the data dir', () => {
      expect(statSync(join(dataDir, PGLITE_LOCK_FILE)).isDirectory()).toBe(true);
    });

    it('refuses a second open of the same folder at once, naming the folder', async () => {
      const started = Date.now();
      await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirLockedError);
      await expect(openDatabase({ dataDir })).rejects.toThrow(`The database in ${dataDir} is in use by this process`);
      await expect(openDatabase({ dataDir })).rejects.toThrow('stop the other Helix server or script using it, or use another DATA_DIR');
      expect(Date.now() - started).toBeLessThan(1_000);
    });

    it('is released on close, so the folder opens again', async () => {
      await database.close();
      expect(existsSync(join(dataDir, PGLITE_LOCK_FILE))).toBe(false);
      database = await openDatabase({ dataDir });
      expect(database.kind).toBe('pglite');
    });
  });

  describe('held by another process', () => {
    let dataDir: string;
    let holder: ChildProcess;

    beforeAll(async () => {
      dataDir = freshDataDir();
      holder = await startHolder(dataDir);
    });

    afterAll(async () => {
      await killAndWait(holder);
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('is refused while that process is alive', async () => {
      const started = Date.now();
      await expect(openDatabase({ dataDir })).rejects.toThrow(`The database in ${dataDir} is in use by another process`);
      // It waited for the lock to go stale first, and the live holder kept it fresh.
      expect(Date.now() - started).toBeGreaterThanOrEqual(PGLITE_LOCK_WAIT_MS - 1_000);
    });

    it('is taken over within the wait once that process is SIGKILLed', async () => {
      await killAndWait(holder);
      expect(statSync(join(dataDir, PGLITE_LOCK_FILE)).isDirectory()).toBe(true); // left behind
      const started = Date.now();
      const database = await openDatabase({ dataDir });
      const tookMs = Date.now() - started;
      try {
        expect(tookMs).toBeLessThan(PGLITE_LOCK_WAIT_MS + 3_000);
        expect(await database.db.execute('SELECT 1 AS one')).toMatchObject({ rows: [{ one: 1 }] });
      } finally {
        await database.close();
      }
    });
  });

  it('stays ours while PGlite blocks this thread for longer than the stale time', async () => {
    const dataDir = freshDataDir();
    const database = await openDatabase({ dataDir });
    const code =
      "import { openDatabase } from './server/db/index.ts';" +
      'try { await (await openDatabase({ dataDir: process.env.HELIX_LOCK_TEST_DIR })).close(); console.log("opened"); }' +
      'catch (error) { console.log(error.message); }';
    const contender = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      cwd: process.cwd(),
      env: { ...process.env, HELIX_LOCK_TEST_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    contender.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => contender.once('exit', resolve));
    try {
      // Like PGlite's WebAssembly (initdb, a long query): nothing runs on this thread for 1.5 × the stale time.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, PGLITE_LOCK_STALE_MS * 1.5);
      await exited;
      expect(output).toContain(`The database in ${dataDir} is in use by another process`);
    } finally {
      await killAndWait(contender);
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('replaces a pid lock file left by an older Helix whose process is gone', async () => {
    const dataDir = freshDataDir();
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(join(dataDir, PGLITE_LOCK_FILE), `${deadPid}\n`);
    const database = await openDatabase({ dataDir });
    try {
      expect(statSync(join(dataDir, PGLITE_LOCK_FILE)).isDirectory()).toBe(true);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('reports a lock lost while open to onLockCompromised, and close leaves the new holder alone', async () => {
    const dataDir = freshDataDir();
    const compromised: Error[] = [];
    const database = await openDatabase({ dataDir, onLockCompromised: (error) => compromised.push(error) });
    rmSync(join(dataDir, PGLITE_LOCK_FILE), { recursive: true });
    const deadline = Date.now() + 5_000;
    while (compromised.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(compromised).toHaveLength(1);
    expect(compromised[0]).toMatchObject({ code: 'ECOMPROMISED' });

    mkdirSync(join(dataDir, PGLITE_LOCK_FILE)); // another process takes the folder
    await database.close();
    expect(existsSync(join(dataDir, PGLITE_LOCK_FILE))).toBe(true);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
