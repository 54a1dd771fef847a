import { afterEach, describe, expect, it } from 'vitest';
import { draftScope } from '../days/day-answers.ts';
import { answersOwner } from './answer-sessions.ts';
import { clearTokens, setTokens, storeProfile } from './tokens.ts';

/** An access token as Helix's server makes them (server/auth/tokens.ts), unsigned: the client never checks signatures. */
function accessToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

afterEach(() => clearTokens());

describe('answersOwner', () => {
  it('names the student by the id of the profile stored at sign-in', () => {
    setTokens({ accessToken: accessToken({ type: 'access', sub: '6', exp: 4_102_444_800 }), refreshToken: 'refresh' });
    storeProfile({ id: 6, username: 'ada', role: 'student' });

    expect(draftScope(answersOwner(), 1)).toBe('student-6/day-1');
  });

  it('names a login whose profile is not stored yet by its access token, under the scope its profile will give', () => {
    setTokens({ accessToken: accessToken({ type: 'access', sub: '6', exp: 4_102_444_800 }), refreshToken: 'refresh' });
    const beforeProfile = draftScope(answersOwner(), 1);
    storeProfile({ id: 6, username: 'ada', role: 'student' });

    expect(beforeProfile).toBe('student-6/day-1');
    expect(draftScope(answersOwner(), 1)).toBe(beforeProfile);
  });

  it('keeps two students on one Chromebook apart, and falls back to the username, then to no one, without a token', () => {
    setTokens({ accessToken: accessToken({ sub: '6' }), refreshToken: 'refresh' });
    const first = answersOwner();
    setTokens({ accessToken: accessToken({ sub: '7' }), refreshToken: 'refresh' });
    expect(answersOwner()).not.toBe(first);

    clearTokens();
    storeProfile({ username: 'ada' });
    expect(answersOwner()).toBe('ada');
    clearTokens();
    expect(answersOwner()).toBe('anonymous');
  });
});
