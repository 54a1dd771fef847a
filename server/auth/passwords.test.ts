import { describe, expect, it } from 'vitest';
import { createPasswordHasher, OWASP_ARGON2ID } from './passwords.ts';

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
});
