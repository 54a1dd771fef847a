import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../test/harness.ts';
import { createUser, fillUsernameKeys, findUserByUsername, UsernameTakenError } from './users.ts';

describe.each(DATABASE_KINDS)('users (%s)', (kind) => {
  let testDatabase: TestDatabase;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(kind);
  });

  afterAll(async () => {
    await testDatabase?.destroy();
  });

  const student = (username: string) => ({ username, passwordHash: 'x', firstName: 'F', lastName: 'L', classroomName: null });

  it('refuses a second account under the same key, whatever the database’s locale thinks of lower()', async () => {
    const db = testDatabase.database.db;
    await createUser(db, student('İlkay'));
    await expect(createUser(db, student('i̇LKAY'))).rejects.toBeInstanceOf(UsernameTakenError);
    // PostgreSQL's lower('İ') is 'i': a different name here, and allowed.
    await expect(createUser(db, student('ilkay'))).resolves.toMatchObject({ usernameKey: 'ilkay' });
    expect((await findUserByUsername(db, 'İLKAY'))?.username).toBe('İlkay');
  });

  it('keys at start-up the non-ASCII usernames stored before issue 11, and gives a colliding one a key of its own', async () => {
    const db = testDatabase.database.db;
    // Rows as the migration leaves them: only printable-ASCII names got a key.
    await db.insert(users).values([student('ÉMILE'), student('ｅｍｉｌｅ2'), student('emile2')].map((row) => ({ ...row, usernameKey: null })));
    await db.update(users).set({ usernameKey: 'emile2' }).where(eq(users.username, 'emile2'));
    const result = await fillUsernameKeys(db);
    expect(result.keyed).toBe(2);
    const clash = await db.select().from(users).where(eq(users.username, 'ｅｍｉｌｅ2'));
    expect(result.renamed).toEqual([clash[0]?.id]);
    expect(clash[0]?.usernameKey).toBe(`emile2#${clash[0]?.id}`);
    expect((await findUserByUsername(db, 'émile'))?.username).toBe('ÉMILE');
    expect(await fillUsernameKeys(db)).toEqual({ keyed: 0, renamed: [] });
  });
});
