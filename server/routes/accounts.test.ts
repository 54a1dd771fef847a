import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTokenService } from '../auth/tokens.ts';
import { createUser, fillUsernameKeys, findUserByUsername, UsernameTakenError } from '../auth/users.ts';
import { users } from '../db/schema.ts';
import { bearer, DATABASE_KINDS, useTestApp, signUp, TEST_JWT_SECRET } from '../test/harness.ts';

describe.each(DATABASE_KINDS)('accounts and tokens (%s)', (kind) => {
  const server = useTestApp(kind);

  describe('POST /api/student/signup/', () => {
    it('answers 201 with an access and a refresh token', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/student/signup/',
        payload: { username: 'Rosalind', password: 'x-ray diffraction', first_name: 'Rosalind', last_name: 'Franklin', classroom_name: 'Room 12' },
      });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(['access', 'refresh']);
      expect(body.access).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(body.refresh).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    });

    it('stores the password as an argon2id hash, never as typed', async () => {
      await signUp(server.app, 'hash-check', 'plain-text-password');
      const [row] = await server.database.database.db.select().from(users).where(eq(users.username, 'hash-check'));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row?.passwordHash).not.toContain('plain-text-password');
    });

    it('answers 409 username_taken for a username taken in another letter case', async () => {
      await signUp(server.app, 'Barbara');
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/student/signup/',
        payload: { username: 'bARBARA', password: 'long enough', first_name: 'B', last_name: 'M' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: 'This username is already taken.', code: 'username_taken' });
    });

    it('answers 400 invalid_request naming a missing field', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/student/signup/',
        payload: { username: 'no-first-name', password: 'pw', last_name: 'X' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: "body must have required property 'first_name'", code: 'invalid_request' });
    });

    it('answers 400 invalid_request for a blank name', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/student/signup/',
        payload: { username: 'blank-last-name', password: 'pw', first_name: 'Y', last_name: '   ' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'body/last_name must not be blank', code: 'invalid_request' });
    });

    it('answers 400 invalid_request for an empty password', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/student/signup/',
        payload: { username: 'empty-password', password: '', first_name: 'Y', last_name: 'Z' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'body/password must NOT have fewer than 1 characters', code: 'invalid_request' });
    });

    it('answers 400 invalid_request for a name over 150 characters', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/student/signup/',
        payload: { username: 'long-name', password: 'pw', first_name: 'a'.repeat(151), last_name: 'Z' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe('body/first_name must NOT have more than 150 characters');
    });

    it('answers 400 invalid_request for a username holding U+0000, which the database cannot store', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/student/signup/',
        payload: { username: 'nul\u0000name', password: 'pw', first_name: 'N', last_name: 'U' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'body/username contains the character U+0000 (NUL), which cannot be stored', code: 'invalid_request' });
    });

    it('answers 400 with a clear message for a password under 8 characters, and creates nothing', async () => {
      for (const password of ['1', 'seven77']) {
        const response = await server.app.inject({
          method: 'POST',
          url: '/api/student/signup/',
          payload: { username: 'short-password', password, first_name: 'S', last_name: 'P' },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ detail: 'The password must be at least 8 characters long.', code: 'invalid_request' });
      }
      expect(await server.database.database.db.select().from(users).where(eq(users.username, 'short-password'))).toEqual([]);
    });

    it.each([
      ['a zero-width space', 'ada\u200Blovelace'],
      ['a right-to-left override', 'ada\u202Etxt.exe'],
      ['a left-to-right mark', '\u200Eada'],
      ['a control character', 'ada\u0007bell'],
    ])('answers 400 with a clear message for a username holding %s', async (_label, username) => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/student/signup/',
        payload: { username, password: 'long enough', first_name: 'B', last_name: 'U' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: 'The username must not contain control characters, invisible (zero-width) characters or text-direction marks.',
        code: 'invalid_request',
      });
    });

    it('answers 400 for a username mixing Latin and Cyrillic look-alikes', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/student/signup/',
        payload: { username: 'p\u0430ul', password: 'long enough', first_name: 'P', last_name: 'C' },
      });
      expect(response.json()).toEqual({ detail: 'The username must not mix Latin, Greek and Cyrillic letters.', code: 'invalid_request' });
    });

    it('stores the username NFKC-normalised, and takes a compatibility form or another letter case as the same name', async () => {
      const { access } = await signUp(server.app, 'ＫａｔｈｅｒｉｎｅＪ');
      const profile = await server.app.inject({ method: 'GET', url: '/api/student/profile/', headers: bearer(access) });
      expect(profile.json().username).toBe('KatherineJ');
      const again = await server.app.inject({
        method: 'POST',
        url: '/api/student/signup/',
        payload: { username: 'katherinej', password: 'long enough', first_name: 'K', last_name: 'J' },
      });
      expect(again.json().code).toBe('username_taken');
      const login = await server.app.inject({ method: 'POST', url: '/api/token/', payload: { username: 'ＫＡＴＨＥＲＩＮＥＪ', password: 'correct horse battery staple' } });
      expect(login.statusCode).toBe(200);
    });

    it('treats İ (U+0130) by one rule: the name signs in with the same letters in either case', async () => {
      await signUp(server.app, 'İnci', 'istanbul 1453');
      for (const username of ['İNCI', 'i̇nci', 'i̇NCI']) {
        const login = await server.app.inject({ method: 'POST', url: '/api/token/', payload: { username, password: 'istanbul 1453' } });
        expect(login.statusCode).toBe(200);
      }
    });

    it('creates nothing when it rejects a request', async () => {
      await server.app.inject({ method: 'POST', url: '/api/student/signup/', payload: { username: 'rejected', password: 'pw', first_name: ' ', last_name: 'Z' } });
      const rows = await server.database.database.db.select().from(users).where(eq(users.username, 'rejected'));
      expect(rows).toEqual([]);
    });

    it('trims names, keeps the username spelling, stores a blank classroom as null and ignores unknown properties', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/student/signup/',
        payload: { username: '  MixedCase  ', password: 'pea plants', first_name: ' Gregor ', last_name: ' Mendel ', classroom_name: '  ', is_admin: true },
      });
      expect(response.statusCode).toBe(201);
      const profile = await server.app.inject({ method: 'GET', url: '/api/student/profile/', headers: bearer(response.json().access) });
      expect(profile.json()).toEqual({ id: expect.any(Number), username: 'MixedCase', first_name: 'Gregor', last_name: 'Mendel', classroom_name: null, role: 'student', language: null, password_change_required: false, has_password: true });
    });
  });

  describe('POST /api/token/', () => {
    it('answers 200 with both tokens for the right username (any letter case) and password', async () => {
      await signUp(server.app, 'Marie', 'polonium');
      const response = await server.app.inject({ method: 'POST', url: '/api/token/', payload: { username: 'marie', password: 'polonium' } });
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json()).sort()).toEqual(['access', 'refresh']);
    });

    it('answers 401 invalid_credentials for a wrong password', async () => {
      await signUp(server.app, 'Dorothy', 'penicillin');
      const response = await server.app.inject({ method: 'POST', url: '/api/token/', payload: { username: 'Dorothy', password: 'insulin' } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'No account matches this username and password.', code: 'invalid_credentials' });
    });

    it('answers 401 invalid_credentials for an unknown user, same as a wrong password', async () => {
      const response = await server.app.inject({ method: 'POST', url: '/api/token/', payload: { username: 'nobody-here', password: 'insulin' } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'No account matches this username and password.', code: 'invalid_credentials' });
    });

    it('answers 400 invalid_request without a password', async () => {
      const response = await server.app.inject({ method: 'POST', url: '/api/token/', payload: { username: 'Dorothy' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: "body must have required property 'password'", code: 'invalid_request' });
    });

    it('answers 400 invalid_request for a username holding U+0000', async () => {
      const response = await server.app.inject({ method: 'POST', url: '/api/token/', payload: { username: 'nul\u0000name', password: 'pw' } });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_request');
    });
  });

  describe('POST /api/token/refresh/', () => {
    it('answers 200 with a new access token that opens the profile, and with "rotate": true the next refresh token', async () => {
      const { refresh } = await signUp(server.app, 'Refresher');
      const plain = await server.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } });
      expect(plain.statusCode).toBe(200);
      expect(Object.keys(plain.json())).toEqual(['access']);
      const response = await server.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh, rotate: true } });
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json()).sort()).toEqual(['access', 'refresh']);
      expect(response.json().refresh).not.toBe(refresh);
      const profile = await server.app.inject({ method: 'GET', url: '/api/student/profile/', headers: bearer(response.json().access) });
      expect(profile.json().username).toBe('Refresher');
    });

    it('answers 401 invalid_token when given an access token', async () => {
      const { access } = await signUp(server.app, 'AccessAsRefresh');
      const response = await server.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: access } });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('invalid_token');
    });

    it('answers 401 invalid_token for a validly signed refresh token that names no login', async () => {
      const { access } = await signUp(server.app, 'LoginlessRefresh');
      const userId = (await server.app.inject({ method: 'GET', url: '/api/student/profile/', headers: bearer(access) })).json().id as number;
      const tokens = createTokenService({ secret: TEST_JWT_SECRET });
      const response = await server.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: await tokens.issue(userId, 'refresh') } });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('invalid_token');
    });

    it('answers 401 invalid_token for a token signed with another secret', async () => {
      const forger = createTokenService({ secret: 'another-secret-another-secret-another-secret' });
      const response = await server.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: await forger.issue(1, 'refresh') } });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('invalid_token');
    });

    it('answers 401 invalid_token for garbage', async () => {
      const response = await server.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: 'not.a.jwt' } });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('invalid_token');
    });
  });

  describe('GET /api/student/profile/', () => {
    it('answers the signed-in student', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/student/signup/',
        payload: { username: 'Barbara McClintock', password: 'maize genetics', first_name: 'Barbara', last_name: 'McClintock', classroom_name: 'Cold Spring' },
      });
      const profile = await server.app.inject({ method: 'GET', url: '/api/student/profile/', headers: bearer(response.json().access) });
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toEqual({
        id: expect.any(Number),
        username: 'Barbara McClintock',
        first_name: 'Barbara',
        last_name: 'McClintock',
        classroom_name: 'Cold Spring',
        language: null,
        role: 'student',
        password_change_required: false,
        has_password: true,
      });
    });

    it('answers 401 not_authenticated without a token', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/api/student/profile/' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Authentication credentials were not provided.', code: 'not_authenticated' });
    });

    it('answers 401 invalid_token when given a refresh token', async () => {
      const { refresh } = await signUp(server.app, 'RefreshAsAccess');
      const response = await server.app.inject({ method: 'GET', url: '/api/student/profile/', headers: bearer(refresh) });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('invalid_token');
    });

    it('answers 401 invalid_token for an access token older than 5 minutes', async () => {
      const { access } = await signUp(server.app, 'ExpiredAccess');
      const userId = (await server.app.inject({ method: 'GET', url: '/api/student/profile/', headers: bearer(access) })).json().id as number;
      const sixMinutesAgo = createTokenService({ secret: TEST_JWT_SECRET, now: () => new Date(Date.now() - 6 * 60 * 1000) });
      const response = await server.app.inject({ method: 'GET', url: '/api/student/profile/', headers: bearer(await sixMinutesAgo.issue(userId, 'access')) });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('invalid_token');
    });

    it('answers 401 invalid_token for a validly signed token naming a user id beyond any stored one', async () => {
      const tokens = createTokenService({ secret: TEST_JWT_SECRET });
      for (const userId of [999_999, 2 ** 31 + 5]) {
        const response = await server.app.inject({ method: 'GET', url: '/api/student/profile/', headers: bearer(await tokens.issue(userId, 'access')) });
        expect(response.statusCode).toBe(401);
        expect(response.json().code).toBe('invalid_token');
      }
    });

    it('answers 401 invalid_token for a malformed Authorization header', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/api/student/profile/', headers: { authorization: 'Token abc' } });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('invalid_token');
    });

    it('answers 401 invalid_token once the account is deleted, and the refresh token stops working too', async () => {
      const { access, refresh } = await signUp(server.app, 'Deleted');
      await server.database.database.db.delete(users).where(eq(users.username, 'Deleted'));
      const profile = await server.app.inject({ method: 'GET', url: '/api/student/profile/', headers: bearer(access) });
      expect(profile.statusCode).toBe(401);
      expect(profile.json().code).toBe('invalid_token');
      const refreshed = await server.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } });
      expect(refreshed.statusCode).toBe(401);
    });
  });

  describe('username keys (issue 11: one rule, in JavaScript)', () => {
    const student = (username: string) => ({ username, passwordHash: 'x', firstName: 'F', lastName: 'L', classroomName: null });

    it('refuse a second account under the same key, whatever the database’s locale thinks of lower()', async () => {
      const db = server.database.database.db;
      await createUser(db, student('İlkay'));
      await expect(createUser(db, student('i̇LKAY'))).rejects.toBeInstanceOf(UsernameTakenError);
      // PostgreSQL's lower('İ') is 'i': a different name here, and allowed.
      await expect(createUser(db, student('ilkay'))).resolves.toMatchObject({ usernameKey: 'ilkay' });
      expect((await findUserByUsername(db, 'İLKAY'))?.username).toBe('İlkay');
    });

    it('are given at start-up to the non-ASCII usernames stored before issue 11; a colliding one gets a key of its own', async () => {
      const db = server.database.database.db;
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

  it('never answered 5xx', () => {
    expect(server.errors).toEqual([]);
  });
});
