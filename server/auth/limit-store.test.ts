import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abuseLimits } from '../db/schema.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../test/harness.ts';
import { createDatabaseLimitStore, LIMIT_SWEEP_INTERVAL_MS, type LimitState } from './limit-store.ts';

const count = (now: number) => (current: LimitState | null) => {
  const level = (current?.level ?? 0) + 1;
  return { next: { level, updatedAt: now, blockedUntil: 0, expiresAt: now + 60_000 }, result: level };
};

describe.each(DATABASE_KINDS)('database limit store (%s)', (kind) => {
  let testDatabase: TestDatabase;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(kind);
  });

  afterAll(async () => {
    await testDatabase?.destroy();
  });

  it('applies parallel changes of one key one after the other, as two servers would need', async () => {
    const now = Date.UTC(2026, 2, 2);
    const stores = [createDatabaseLimitStore(testDatabase.database.db), createDatabaseLimitStore(testDatabase.database.db)];
    const results = await Promise.all(Array.from({ length: 30 }, (_, index) => stores[index % 2]!.update('parallel', now, count(now))));
    expect(results.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
  });

  it('reads an expired row as absent, and sweeps expired rows out', async () => {
    const now = Date.UTC(2026, 2, 3);
    const store = createDatabaseLimitStore(testDatabase.database.db);
    await store.update('expiring', now, count(now));
    expect(await store.update('expiring', now + 60_001, count(now + 60_001))).toBe(1);
    await store.update('other', now + LIMIT_SWEEP_INTERVAL_MS + 200_000, () => ({ result: null }));
    const keys = (await testDatabase.database.db.select({ key: abuseLimits.key }).from(abuseLimits)).map((row) => row.key);
    expect(keys).not.toContain('expiring');
  });

  it('forgets a key when told to', async () => {
    const now = Date.UTC(2026, 2, 4);
    const store = createDatabaseLimitStore(testDatabase.database.db);
    await store.update('forgotten', now, count(now));
    await store.update('forgotten', now, () => ({ next: null, result: null }));
    expect(await store.update('forgotten', now, count(now))).toBe(1);
  });
});
