import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { bearer, createTestApp, DATABASE_KINDS, useTestApp, signUp, TEST_JWT_SECRET } from '../test/harness.ts';
import { ACCOUNT_GONE_DETAIL } from './authenticate.ts';
import { ACCESS_TOKEN_TTL_SECONDS, createTokenService } from './tokens.ts';

const detailUrl = (day: number) => `/api/student/modules/${day}/response/detail/`;
const saveUrl = (day: number) => `/api/student/modules/${day}/response/`;
const ACCOUNT_GONE = { detail: ACCOUNT_GONE_DETAIL, code: 'invalid_token' };

// Access tokens are checked without loading the account, so the routes themselves must
// answer a token whose account was deleted during its 5 minutes with a 401, never a 404 or a 500.
describe.each(DATABASE_KINDS)('access tokens checked without the database (%s)', (kind) => {
  const server = useTestApp(kind);

  /** Signs a student up, saves day 1 once (revision 1), then deletes the account; returns its still-valid access token. */
  async function deletedStudent(username: string): Promise<string> {
    const { access } = await signUp(server.app, username);
    const saved = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { geneQ1: 'before' } } });
    expect(saved.statusCode).toBe(200);
    await server.database.database.db.delete(users).where(eq(users.username, username));
    return access;
  }

  it('still reads and saves while the account exists', async () => {
    const { access } = await signUp(server.app, 'still-here');
    const saved = await server.app.inject({ method: 'POST', url: saveUrl(2), headers: bearer(access), payload: { answers: {}, base_revision: 0 } });
    expect(saved.statusCode).toBe(200);
    const loaded = await server.app.inject({ method: 'GET', url: detailUrl(2), headers: bearer(access) });
    expect(loaded.statusCode).toBe(200);
    expect(loaded.json().revision).toBe(1);
  });

  it('answers the profile 401 invalid_token', async () => {
    const access = await deletedStudent('gone-profile');
    const response = await server.app.inject({ method: 'GET', url: '/api/student/profile/', headers: bearer(access) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(ACCOUNT_GONE);
  });

  it('answers a load 401 invalid_token, not 404 not_found', async () => {
    const access = await deletedStudent('gone-load');
    for (const day of [1, 2]) {
      const response = await server.app.inject({ method: 'GET', url: detailUrl(day), headers: bearer(access) });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(ACCOUNT_GONE);
    }
  });

  it('answers every kind of save 401 invalid_token, and stores nothing', async () => {
    const access = await deletedStudent('gone-save');
    const payloads = [{ answers: { geneQ1: 'after' } }, { answers: { geneQ1: 'after' }, base_revision: 0 }, { answers: { geneQ1: 'after' }, base_revision: 1 }, { answers: {}, base_revision: null }];
    for (const payload of payloads) {
      const response = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload });
      expect({ payload, status: response.statusCode, body: response.json() }).toEqual({ payload, status: 401, body: ACCOUNT_GONE });
    }
  });

  it('answers 401 for a well-signed token naming an account that never existed', async () => {
    const tokens = createTokenService({ secret: TEST_JWT_SECRET });
    const access = await tokens.issue(2_000_000_000, 'access');
    const load = await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) });
    const save = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: {} } });
    expect([load.statusCode, save.statusCode]).toEqual([401, 401]);
    expect(save.json()).toEqual(ACCOUNT_GONE);
  });

  it('refuses a token it has already accepted once the token expires', async () => {
    let clock = new Date('2030-01-01T08:00:00Z');
    const { app: clockedApp } = await createTestApp(server.database, { now: () => clock });
    try {
      const { access } = await signUp(clockedApp, 'expiring');
      const profile = () => clockedApp.inject({ method: 'GET', url: '/api/student/profile/', headers: bearer(access) });
      expect((await profile()).statusCode).toBe(200);
      clock = new Date(clock.getTime() + (ACCESS_TOKEN_TTL_SECONDS - 1) * 1000);
      expect((await profile()).statusCode).toBe(200);
      clock = new Date(clock.getTime() + 1000);
      const expired = await profile();
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ detail: 'The token is invalid or expired.', code: 'invalid_token' });
    } finally {
      await clockedApp.close();
    }
  });

  it('never answered 5xx', () => {
    expect(server.errors).toEqual([]);
  });
});
