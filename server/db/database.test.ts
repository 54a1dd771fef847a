import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createTestDatabase, DATABASE_KINDS, signUp, type TestDatabase } from '../test/harness.ts';
import { DataDirLockedError, openDatabase, PGLITE_LOCK_FILE } from './index.ts';

describe.each(DATABASE_KINDS)('the database (%s)', (kind) => {
  let testDatabase: TestDatabase;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(kind);
  });

  afterAll(async () => {
    await testDatabase?.destroy();
  });

  it('keeps saved answers, accounts and the revision across a restart', async () => {
    const before = await createTestApp(testDatabase);
    const { access } = await signUp(before.app, 'survivor', 'still here');
    const saved = await before.app.inject({
      method: 'POST',
      url: '/api/student/modules/1/response/',
      headers: bearer(access),
      payload: { answers: { geneQ1: 'written before the restart' } },
    });
    expect(saved.statusCode).toBe(200);
    await before.app.close();

    await testDatabase.reopen(); // closes, opens the same data again and migrates (a no-op now)
    const after = await createTestApp(testDatabase);
    const login = await after.app.inject({ method: 'POST', url: '/api/token/', payload: { username: 'survivor', password: 'still here' } });
    expect(login.statusCode).toBe(200);
    const loaded = await after.app.inject({ method: 'GET', url: '/api/student/modules/1/response/detail/', headers: bearer(login.json().access) });
    expect(loaded.json()).toEqual(saved.json());
    // The old access token still works: the JWT secret outlives the restart.
    expect((await after.app.inject({ method: 'GET', url: '/api/student/profile/', headers: bearer(access) })).statusCode).toBe(200);
    await after.app.close();
  });

  describe.runIf(kind === 'pglite')('the data-dir lock', () => {
    const lockPath = () => join(testDatabase.dataDir, PGLITE_LOCK_FILE);

    it('holds our pid while the database is open', () => {
      expect(readFileSync(lockPath(), 'utf8').trim()).toBe(String(process.pid));
    });

    it('refuses a second open of the same data dir with a message naming the holder', async () => {
      await expect(openDatabase({ dataDir: testDatabase.dataDir })).rejects.toThrow(DataDirLockedError);
      await expect(openDatabase({ dataDir: testDatabase.dataDir })).rejects.toThrow(`is in use by process ${process.pid}`);
    });

    it('is removed on close', async () => {
      await testDatabase.database.close();
      expect(existsSync(lockPath())).toBe(false);
    });

    it('does not block start-up when left behind by a process that died', async () => {
      const deadPid = spawnSync(process.execPath, ['-e', '']).pid;
      writeFileSync(lockPath(), `${deadPid}\n`);
      const reopened = await testDatabase.reopen();
      expect(reopened.kind).toBe('pglite');
      expect(readFileSync(lockPath(), 'utf8').trim()).toBe(String(process.pid));
    });
  });
});
