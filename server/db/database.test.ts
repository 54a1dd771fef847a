import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createTestDatabase, DATABASE_KINDS, signUp, type TestDatabase } from '../test/harness.ts';

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
  // The PGlite data-dir lock has its own file: lock.test.ts.
});
