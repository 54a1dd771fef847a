/**
 * docs/security.md, "Sessions and tokens", through the API: plain refresh as the API contract
 * describes it, refresh-token rotation for clients that ask for it, reuse detection, two tabs sharing
 * one token, logout on the server. The app's clock is moved by hand.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionService, hashToken, LOGIN_ENDED_MESSAGE, REFRESH_REUSE_GRACE_MS, TOKEN_REUSED_MESSAGE } from '../auth/sessions.ts';
import { createTokenService } from '../auth/tokens.ts';
import { refreshTokenFamilies } from '../db/schema.ts';
import { bearer, createTestApp, createTestDatabase, DATABASE_KINDS, signUp, TEST_JWT_SECRET, type TestDatabase } from '../test/harness.ts';

interface Pair {
  access: string;
  refresh: string;
}

describe.each(DATABASE_KINDS)('sessions (%s)', (kind) => {
  let testDatabase: TestDatabase;
  let app: FastifyInstance;
  let serverErrors: string[];
  let clock = new Date('2026-03-02T08:00:00Z');
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  /** A refresh as Helix's own client sends it: rotating. */
  const refresh = (token: string) => app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token, rotate: true } });
  /** A refresh as the API contract describes it: `refresh` in, `access` out. */
  const plainRefresh = (token: string) => app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });
  const logout = (payload: object, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url: '/api/token/logout/', payload, headers });
  const profileStatus = async (access: string) => (await app.inject({ method: 'GET', url: '/api/student/profile/', headers: bearer(access) })).statusCode;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(kind);
    ({ app, serverErrors } = await createTestApp(testDatabase, { now: () => clock }));
  });

  afterAll(async () => {
    await app?.close();
    await testDatabase?.destroy();
  });

  describe('plain refresh (a client that keeps its first refresh token)', () => {
    it('refreshes 20 times over two hours with the same refresh token and stays signed in', async () => {
      const first = await signUp(app, 'plain-client');
      for (let time = 0; time < 20; time += 1) {
        advance(6 * 60_000); // past the access token's 5 minutes every time
        expect(await profileStatus(first.access)).toBe(401);
        const response = await plainRefresh(first.refresh);
        expect(response.statusCode).toBe(200);
        expect(Object.keys(response.json<object>())).toEqual(['access']);
        expect(await profileStatus(response.json<Pair>().access)).toBe(200);
      }
    });

    it('stops working at logout, at the end of every login of the student, and 24 hours after sign-in', async () => {
      const loggedOut = await signUp(app, 'plain-logout');
      expect((await logout({ refresh: loggedOut.refresh })).statusCode).toBe(204);
      expect((await plainRefresh(loggedOut.refresh)).json()).toEqual({ detail: LOGIN_ENDED_MESSAGE, code: 'invalid_token' });

      const passwordChanged = await signUp(app, 'plain-all-logins');
      const [row] = await testDatabase.database.db.select().from(refreshTokenFamilies).where(eq(refreshTokenFamilies.tokenHash, hashToken(passwordChanged.refresh)));
      const sessions = createSessionService({ db: testDatabase.database.db, tokens: createTokenService({ secret: TEST_JWT_SECRET, now: () => clock }), now: () => clock });
      await sessions.revokeAllForUser(row!.userId);
      expect((await plainRefresh(passwordChanged.refresh)).statusCode).toBe(401);

      const allDay = await signUp(app, 'plain-all-day');
      advance(24 * 60 * 60_000 + 1_000);
      expect((await plainRefresh(allDay.refresh)).statusCode).toBe(401);
    });

    it('treats a token a rotation spent as reuse: it ends the login after the grace window', async () => {
      const first = await signUp(app, 'plain-after-rotation');
      const rotated = (await refresh(first.refresh)).json<Pair>();
      expect((await plainRefresh(first.refresh)).statusCode).toBe(200); // a second tab, within the grace window
      expect((await plainRefresh(rotated.refresh)).statusCode).toBe(200);
      advance(REFRESH_REUSE_GRACE_MS + 1_000);
      expect((await plainRefresh(first.refresh)).json()).toEqual({ detail: TOKEN_REUSED_MESSAGE, code: 'invalid_token' });
      expect((await plainRefresh(rotated.refresh)).json()).toEqual({ detail: LOGIN_ENDED_MESSAGE, code: 'invalid_token' });
    });
  });

  describe('refresh-token rotation ("rotate": true)', () => {
    it('answers a new access token and the next refresh token, which works in turn', async () => {
      const first = await signUp(app, 'rotating');
      advance(1_000);
      const second = await refresh(first.refresh);
      expect(second.statusCode).toBe(200);
      const next = second.json<Pair>();
      expect(next.refresh).not.toBe(first.refresh);
      expect(await profileStatus(next.access)).toBe(200);
      advance(REFRESH_REUSE_GRACE_MS + 1_000);
      expect((await refresh(next.refresh)).statusCode).toBe(200);
    });

    it('revokes the whole login when a refresh token is used twice', async () => {
      const first = await signUp(app, 'reused');
      const second = (await refresh(first.refresh)).json<Pair>();
      advance(REFRESH_REUSE_GRACE_MS + 1_000);

      const replay = await refresh(first.refresh); // a thief, or a stale copy, spends a token again
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual({ detail: TOKEN_REUSED_MESSAGE, code: 'invalid_token' });
      // The student's own latest token is refused too: the login is over.
      expect((await refresh(second.refresh)).json()).toEqual({ detail: LOGIN_ENDED_MESSAGE, code: 'invalid_token' });
    });

    it('revokes the login at once when a token two rotations old comes back, grace window or not', async () => {
      const first = await signUp(app, 'reused-older');
      const second = (await refresh(first.refresh)).json<Pair>();
      const third = (await refresh(second.refresh)).json<Pair>();
      expect((await refresh(first.refresh)).json().detail).toBe(TOKEN_REUSED_MESSAGE);
      expect((await refresh(third.refresh)).statusCode).toBe(401);
    });

    it('lets two tabs refresh with the same token at the same moment: both succeed with the same next token', async () => {
      const { refresh: shared } = await signUp(app, 'two-tabs');
      const [tabA, tabB] = await Promise.all([refresh(shared), refresh(shared)]);
      expect(tabA.statusCode).toBe(200);
      expect(tabB.statusCode).toBe(200);
      expect(tabB.json<Pair>().refresh).toBe(tabA.json<Pair>().refresh);
      expect(await profileStatus(tabB.json<Pair>().access)).toBe(200);
      advance(REFRESH_REUSE_GRACE_MS + 1_000);
      expect((await refresh(tabA.json<Pair>().refresh)).statusCode).toBe(200);
    });

    it('gives a refresh whose answer was lost the same token when retried within the grace window', async () => {
      const { refresh: sent } = await signUp(app, 'lost-answer');
      const lost = (await refresh(sent)).json<Pair>();
      advance(REFRESH_REUSE_GRACE_MS - 1_000);
      const retried = await refresh(sent);
      expect(retried.statusCode).toBe(200);
      expect(retried.json<Pair>().refresh).toBe(lost.refresh);
    });

    it('keeps two logins of one student apart: a reuse ends only its own', async () => {
      const tablet = await signUp(app, 'two-devices', 'two devices pw');
      const laptop = (await app.inject({ method: 'POST', url: '/api/token/', payload: { username: 'two-devices', password: 'two devices pw' } })).json<Pair>();
      const tabletNext = (await refresh(tablet.refresh)).json<Pair>();
      advance(REFRESH_REUSE_GRACE_MS + 1_000);
      expect((await refresh(tablet.refresh)).statusCode).toBe(401);
      expect((await refresh(tabletNext.refresh)).statusCode).toBe(401);
      expect((await refresh(laptop.refresh)).statusCode).toBe(200);
    });

    it('ends a login 24 hours after sign-in, however often it was refreshed', async () => {
      let { refresh: current } = await signUp(app, 'all-day');
      for (let hour = 0; hour < 23; hour += 1) {
        advance(60 * 60_000);
        const response = await refresh(current);
        expect(response.statusCode).toBe(200);
        current = response.json<Pair>().refresh;
      }
      advance(60 * 60_000 + 1_000);
      expect((await refresh(current)).statusCode).toBe(401);
    });

    it('deletes expired logins, so the table does not grow with students who never come back', async () => {
      const { refresh: token } = await signUp(app, 'never-returns');
      advance(25 * 60 * 60_000); // past the login's 24 h, and past the hourly sweep
      await signUp(app, 'someone-else');
      const rows = await testDatabase.database.db.select().from(refreshTokenFamilies).where(eq(refreshTokenFamilies.tokenHash, hashToken(token)));
      expect(rows).toEqual([]);
    });

    it('stores only SHA-256 hashes of refresh tokens', async () => {
      const { refresh: token } = await signUp(app, 'hashed');
      const rows = await testDatabase.database.db.select().from(refreshTokenFamilies);
      const row = rows.find((each) => each.tokenHash === hashToken(token));
      expect(row).toBeDefined();
      expect(JSON.stringify(rows)).not.toContain(token);
    });
  });

  describe('POST /api/token/logout/', () => {
    it('revokes the login on the server: its refresh token stops working at once; a second logout is a 204 too', async () => {
      const tokens = await signUp(app, 'leaving');
      const response = await logout({ refresh: tokens.refresh }, bearer(tokens.access));
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await refresh(tokens.refresh)).json()).toEqual({ detail: LOGIN_ENDED_MESSAGE, code: 'invalid_token' });
      expect((await logout({ refresh: tokens.refresh })).statusCode).toBe(204);
    });

    it("revokes the login of the bearer access token when no refresh token is sent", async () => {
      const tokens = await signUp(app, 'bearer-only');
      expect((await logout({}, bearer(tokens.access))).statusCode).toBe(204);
      expect((await refresh(tokens.refresh)).statusCode).toBe(401);
    });

    it('revokes with an older refresh token of the login, or an expired one', async () => {
      const first = await signUp(app, 'old-token-logout');
      const second = (await refresh(first.refresh)).json<Pair>();
      advance(25 * 60 * 60_000);
      expect((await logout({ refresh: first.refresh })).statusCode).toBe(204);
      const [row] = await testDatabase.database.db.select().from(refreshTokenFamilies).where(eq(refreshTokenFamilies.tokenHash, hashToken(second.refresh)));
      expect(row?.revokedReason).toBe('logout');
    });

    it('leaves the student’s other logins open', async () => {
      const first = await signUp(app, 'other-login', 'other login pw');
      const second = (await app.inject({ method: 'POST', url: '/api/token/', payload: { username: 'other-login', password: 'other login pw' } })).json<Pair>();
      expect((await logout({ refresh: first.refresh })).statusCode).toBe(204);
      expect((await refresh(second.refresh)).statusCode).toBe(200);
    });

    it('answers 401 for a forged or garbage token, and 401 not_authenticated with nothing to go on', async () => {
      const forger = createTokenService({ secret: 'another-secret-another-secret-another-secret' });
      const forged = await forger.signRefresh({ userId: 1, familyId: 'AAAAAAAAAAAAAAAAAAAAAA', generation: 0, issuedAt: 1, expiresAt: 9_999_999_999 });
      expect((await logout({ refresh: forged })).json().code).toBe('invalid_token');
      expect((await logout({ refresh: 'garbage' })).statusCode).toBe(401);
      expect((await logout({}, { authorization: 'Bearer nope' })).statusCode).toBe(401);
      const nothing = await logout({});
      expect(nothing.statusCode).toBe(401);
      expect(nothing.json().code).toBe('not_authenticated');
    });

    it("leaves a revoked login's access token working until it expires, 5 minutes at most", async () => {
      const tokens = await signUp(app, 'five-minutes');
      await logout({ refresh: tokens.refresh });
      expect(await profileStatus(tokens.access)).toBe(200);
      advance(5 * 60_000 + 1_000);
      expect(await profileStatus(tokens.access)).toBe(401);
    });
  });

  describe('ending every login of a student (for a password change or an account deletion)', () => {
    it('revokes all their logins and no one else’s', async () => {
      const sessions = createSessionService({ db: testDatabase.database.db, tokens: createTokenService({ secret: TEST_JWT_SECRET, now: () => clock }), now: () => clock });
      const mine = await signUp(app, 'changing-password', 'old password 1');
      const userId = (await app.inject({ method: 'GET', url: '/api/student/profile/', headers: bearer(mine.access) })).json<{ id: number }>().id;
      const another = await sessions.start(userId);
      const classmate = await signUp(app, 'unaffected');

      expect(await sessions.revokeAllForUser(userId)).toBe(2);
      expect((await refresh(mine.refresh)).statusCode).toBe(401);
      expect((await refresh(another.refresh)).statusCode).toBe(401);
      expect((await refresh(classmate.refresh)).statusCode).toBe(200);
      expect(await sessions.revokeAllForUser(userId)).toBe(0);
    });
  });

  it('never answered 5xx', () => {
    expect(serverErrors).toEqual([]);
  });
});
