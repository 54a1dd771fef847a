/**
 * A client built by someone else from the API contract (the OpenAPI document, server/openapi.ts): the same
 * paths and payloads, keeping only what the contract says the calls return. It must keep every
 * answer of every day, and stay signed in through a lesson without ever rotating its refresh token.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswersSchema } from '../engine/schema/index.ts';
import { createTestApp, createTestDatabase, DATABASE_KINDS, type TestDatabase } from './test/harness.ts';
import { specDefault, specFilled } from './test/spec-answers.ts';

const DAYS = [1, 2, 3, 4, 5];
const schemaOf = (day: number) => JSON.parse(readFileSync(resolve(process.cwd(), `schemas/day-${day}.schema.json`), 'utf8')) as AnswersSchema;

describe.each(DATABASE_KINDS)('a client built from the API contract (%s)', (kind) => {
  let testDatabase: TestDatabase;
  let app: FastifyInstance;
  let serverErrors: string[];
  let clock = new Date('2026-03-02T08:00:00Z');

  /** What the contract's client keeps: the two tokens in its local storage. */
  const storage = { accessToken: '', refreshToken: '' };

  /** A call as the contract's client makes it: bearer access token; on 401, one refresh (refresh in, access out) and one retry. */
  async function call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
    const send = () => app.inject({ method, url, payload, headers: { authorization: `Bearer ${storage.accessToken}` } });
    const first = await send();
    if (first.statusCode !== 401) return first;
    const refreshed = await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: storage.refreshToken } });
    if (refreshed.statusCode !== 200) throw new Error(`signed out: refresh answered ${refreshed.statusCode} ${refreshed.body}`);
    storage.accessToken = refreshed.json<{ access: string }>().access;
    return send();
  }

  beforeAll(async () => {
    testDatabase = await createTestDatabase(kind);
    ({ app, serverErrors } = await createTestApp(testDatabase, { now: () => clock }));
    const signup = await app.inject({
      method: 'POST',
      url: '/api/student/signup/',
      payload: { username: 'other-front-end', password: 'correct horse battery staple', first_name: 'Rosalind', last_name: 'Franklin', classroom_name: '' },
    });
    ({ access: storage.accessToken, refresh: storage.refreshToken } = signup.json<{ access: string; refresh: string }>());
  });

  afterAll(async () => {
    await app?.close();
    await testDatabase?.destroy();
  });

  describe.each(DAYS)('Day %i', (day) => {
    const schema = schemaOf(day);

    it("saves the day's default as the contract shapes it (every text \"\", numbers \"\") and loads Helix's defaults back", async () => {
      const { sent, expected } = specDefault(schema);
      const saved = await call('POST', `/api/student/modules/${day}/response/`, { answers: sent });
      expect(saved.statusCode).toBe(200);
      const loaded = await call('GET', `/api/student/modules/${day}/response/detail/`);
      expect(loaded.json<{ answers: unknown }>().answers).toEqual(expected);
    });

    it('saves every field filled in, numbers as text, and loads every answer back', async () => {
      const { sent, expected } = specFilled(schema);
      const saved = await call('POST', `/api/student/modules/${day}/response/`, { answers: sent });
      expect(saved.statusCode).toBe(200);
      const loaded = await call('GET', `/api/student/modules/${day}/response/detail/`);
      expect(loaded.json<{ answers: unknown }>().answers).toEqual(expected);
    });
  });

  it('stays signed in through two hours of saves, refreshing 20 times with its first refresh token', async () => {
    const firstRefreshToken = storage.refreshToken;
    let refreshes = 0;
    for (let minute = 6; minute <= 120; minute += 6) {
      clock = new Date(clock.getTime() + 6 * 60_000); // the 5-minute access token has expired every time
      const profileBefore = await app.inject({ method: 'GET', url: '/api/student/profile/', headers: { authorization: `Bearer ${storage.accessToken}` } });
      expect(profileBefore.statusCode).toBe(401);
      const saved = await call('POST', '/api/student/modules/2/response/', { answers: { wrap: { favVideo: `minute ${minute}` } } });
      expect(saved.statusCode).toBe(200);
      refreshes += 1;
    }
    expect(refreshes).toBe(20);
    expect(storage.refreshToken).toBe(firstRefreshToken);
    const loaded = await call('GET', '/api/student/modules/2/response/detail/');
    expect(loaded.json()).toMatchObject({ answers: { wrap: { favVideo: 'minute 120' } } });
  });

  it('reads the profile, inbox and workbooks it was built for', async () => {
    expect((await call('GET', '/api/student/profile/')).json()).toMatchObject({ username: 'other-front-end', first_name: 'Rosalind', last_name: 'Franklin' });
    expect((await call('GET', '/api/student/inbox/')).json()).toHaveProperty('results');
    expect((await call('GET', '/api/workbooks/workbooks/')).json()).toHaveProperty('results');
  });

  it('never answered 5xx', () => {
    expect(serverErrors).toEqual([]);
  });
});
