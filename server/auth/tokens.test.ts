import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, createTokenService, REFRESH_TOKEN_TTL_SECONDS } from './tokens.ts';

const secret = 'unit-test-secret-unit-test-secret-0123';

describe('createTokenService', () => {
  const refreshClaims = { userId: 42, familyId: 'AAAAAAAAAAAAAAAAAAAAAA', generation: 3, issuedAt: 1_790_000_000, expiresAt: 1_790_000_000 + REFRESH_TOKEN_TTL_SECONDS };

  it('signs HS256 tokens whose sub is the user id, whose type says what they are for and which name their login', async () => {
    const tokens = createTokenService({ secret });
    const access = await tokens.issueAccess(42, 'AAAAAAAAAAAAAAAAAAAAAA');
    const refresh = await tokens.signRefresh(refreshClaims);
    expect(decodeProtectedHeader(access).alg).toBe('HS256');
    expect(decodeJwt(access)).toMatchObject({ sub: '42', type: 'access', fam: 'AAAAAAAAAAAAAAAAAAAAAA' });
    expect(decodeJwt(refresh)).toMatchObject({ sub: '42', type: 'refresh', fam: 'AAAAAAAAAAAAAAAAAAAAAA', gen: 3 });
  });

  it('makes access tokens last 5 minutes and a login 1 day', async () => {
    const access = await createTokenService({ secret }).issueAccess(1);
    const { iat, exp } = decodeJwt(access);
    expect((exp ?? 0) - (iat ?? 0)).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(300);
    expect(REFRESH_TOKEN_TTL_SECONDS).toBe(86_400);
  });

  it('signs the same refresh token again from the same claims (how a second tab gets the token the first one got)', async () => {
    const tokens = createTokenService({ secret });
    expect(await tokens.signRefresh(refreshClaims)).toBe(await tokens.signRefresh(refreshClaims));
    expect(await tokens.signRefresh({ ...refreshClaims, generation: 4 })).not.toBe(await tokens.signRefresh(refreshClaims));
  });

  it('verifies a token only as its own type, and reads back every claim', async () => {
    const tokens = createTokenService({ secret, now: () => new Date(1_790_000_100_000) });
    const access = await tokens.issueAccess(7, 'BBBBBBBBBBBBBBBBBBBBBB');
    const refresh = await tokens.signRefresh(refreshClaims);
    expect(await tokens.verify(access, 'access')).toBe(7);
    expect(await tokens.verifyAccess(access)).toEqual({ userId: 7, familyId: 'BBBBBBBBBBBBBBBBBBBBBB' });
    expect(await tokens.verify(refresh, 'refresh')).toBe(42);
    expect(await tokens.verifyRefresh(refresh)).toEqual(refreshClaims);
    expect(await tokens.verify(access, 'refresh')).toBeNull();
    expect(await tokens.verify(refresh, 'access')).toBeNull();
    expect(await tokens.verifyRefresh(access)).toBeNull();
  });

  it('refuses as a refresh token one that names no login', async () => {
    const tokens = createTokenService({ secret });
    const loginless = await tokens.issue(7, 'refresh');
    expect(await tokens.verify(loginless, 'refresh')).toBe(7);
    expect(await tokens.verifyRefresh(loginless)).toBeNull();
  });

  it('accepts an expired refresh token only when told to ignore expiry (logout)', async () => {
    const tokens = createTokenService({ secret, now: () => new Date((refreshClaims.expiresAt + 10) * 1000) });
    const refresh = await tokens.signRefresh(refreshClaims);
    expect(await tokens.verifyRefresh(refresh)).toBeNull();
    expect(await tokens.verifyRefresh(refresh, { ignoreExpiry: true })).toEqual(refreshClaims);
  });

  it('rejects a token once it has expired', async () => {
    let now = new Date('2026-01-01T09:00:00Z');
    const tokens = createTokenService({ secret, now: () => now });
    const access = await tokens.issue(7, 'access');
    now = new Date('2026-01-01T09:04:59Z');
    expect(await tokens.verify(access, 'access')).toBe(7);
    now = new Date('2026-01-01T09:05:01Z');
    expect(await tokens.verify(access, 'access')).toBeNull();
  });

  it('rejects tokens signed with another secret, unsigned tokens and garbage', async () => {
    const tokens = createTokenService({ secret });
    const forged = await createTokenService({ secret: `${secret}-other` }).issue(7, 'access');
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: '7', type: 'access', exp: 9_999_999_999 })).toString('base64url');
    for (const token of [forged, `${header}.${payload}.`, 'garbage', '', 'a.b.c']) {
      expect(await tokens.verify(token, 'access')).toBeNull();
    }
  });
});
