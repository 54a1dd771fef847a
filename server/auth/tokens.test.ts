import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, createTokenService, REFRESH_TOKEN_TTL_SECONDS } from './tokens.ts';

const secret = 'unit-test-secret-unit-test-secret-0123';

describe('createTokenService', () => {
  it('signs HS256 tokens whose sub is the user id and whose type says what they are for', async () => {
    const { access, refresh } = await createTokenService({ secret }).issuePair(42);
    expect(decodeProtectedHeader(access).alg).toBe('HS256');
    expect(decodeJwt(access)).toMatchObject({ sub: '42', type: 'access' });
    expect(decodeJwt(refresh)).toMatchObject({ sub: '42', type: 'refresh' });
  });

  it('makes access tokens last 5 minutes and refresh tokens 1 day', async () => {
    const { access, refresh } = await createTokenService({ secret }).issuePair(1);
    const lifetime = (token: string) => {
      const { iat, exp } = decodeJwt(token);
      return (exp ?? 0) - (iat ?? 0);
    };
    expect(lifetime(access)).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(300);
    expect(lifetime(refresh)).toBe(REFRESH_TOKEN_TTL_SECONDS);
    expect(REFRESH_TOKEN_TTL_SECONDS).toBe(86_400);
  });

  it('verifies a token only as its own type', async () => {
    const tokens = createTokenService({ secret });
    const { access, refresh } = await tokens.issuePair(7);
    expect(await tokens.verify(access, 'access')).toBe(7);
    expect(await tokens.verify(refresh, 'refresh')).toBe(7);
    expect(await tokens.verify(access, 'refresh')).toBeNull();
    expect(await tokens.verify(refresh, 'access')).toBeNull();
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
