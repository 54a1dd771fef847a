import { describe, expect, it } from 'vitest';
import { RateLimitedError } from './abuse-limits.ts';
import { createPasswordHasher, MAX_WAITING_HASHES, OWASP_ARGON2ID, PasswordHasherBusyError } from './passwords.ts';

describe('createPasswordHasher', () => {
  it('hashes with argon2id at the OWASP settings by default (m=19456 KiB, t=2, p=1)', async () => {
    const hash = await createPasswordHasher().hash('secret');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(OWASP_ARGON2ID).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hasher = createPasswordHasher({ memoryCost: 256, timeCost: 1, parallelism: 1 });
    const hash = await hasher.hash('correct');
    expect(await hasher.verify(hash, 'correct')).toBe(true);
    expect(await hasher.verify(hash, 'Correct')).toBe(false);
  });

  it('answers false for an unknown user (no stored hash) after doing the same work', async () => {
    const hasher = createPasswordHasher({ memoryCost: 256, timeCost: 1, parallelism: 1 });
    expect(await hasher.verify(null, 'anything')).toBe(false);
  });

  it('answers false for a corrupt stored hash instead of throwing', async () => {
    const hasher = createPasswordHasher({ memoryCost: 256, timeCost: 1, parallelism: 1 });
    expect(await hasher.verify('not-a-phc-string', 'anything')).toBe(false);
  });

  describe('under load (issue 11: a sign-up flood must not starve sign-ins)', () => {
    const cheap = { memoryCost: 256, timeCost: 1, parallelism: 1 };

    it('serves a waiting sign-in check before waiting sign-up hashes', async () => {
      const hasher = createPasswordHasher(cheap, { concurrency: 1 });
      const stored = await hasher.hash('correct horse');
      const finished: string[] = [];
      const signups = [1, 2, 3].map((n) => hasher.hash(`new password ${n}`).then(() => finished.push(`sign-up ${n}`)));
      const login = hasher.verify(stored, 'correct horse').then(() => finished.push('sign-in'));
      await Promise.all([...signups, login]);
      expect(finished).toEqual(['sign-up 1', 'sign-in', 'sign-up 2', 'sign-up 3']);
    });

    it(`refuses a sign-up hash once ${MAX_WAITING_HASHES} wait, as a rate limit (429, Retry-After 2 s)`, async () => {
      const hasher = createPasswordHasher(cheap, { concurrency: 1 });
      const accepted = Array.from({ length: 1 + MAX_WAITING_HASHES }, (_, n) => hasher.hash(`password ${n}`));
      const refused = await hasher.hash('one too many').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(PasswordHasherBusyError);
      expect(refused).toBeInstanceOf(RateLimitedError);
      expect((refused as RateLimitedError).retryAfterSeconds).toBe(2);
      await Promise.all(accepted);
      await expect(hasher.hash('room again')).resolves.toMatch(/^\$argon2id\$/);
    });
  });
});
