import { describe, expect, it } from 'vitest';
import { addressKey, createLoginLimiter, createSignupLimiter, DEFAULT_ABUSE_LIMITS, RateLimitedError } from './abuse-limits.ts';
import { createMemoryLimitStore } from './limit-store.ts';

/** A clock the test moves by hand, ms. */
function manualClock(start = Date.UTC(2026, 2, 2, 8, 0, 0)) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

async function refusal(promise: Promise<unknown>): Promise<RateLimitedError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RateLimitedError) return error;
    throw error;
  }
  throw new Error('expected a RateLimitedError');
}

describe('addressKey', () => {
  it('keeps an IPv4 address, also IPv4-mapped', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('keys an IPv6 address by its /64, so one line cannot pose as 2^64 addresses', () => {
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('sign-in limiter', () => {
  const settings = DEFAULT_ABUSE_LIMITS;

  describe('per account', () => {
    it('lets 5 failures through, then holds the account 1 s, 2 s, 4 s… up to 30 s', async () => {
      const clock = manualClock();
      const limiter = createLoginLimiter({ store: createMemoryLimitStore(), now: clock.now });
      for (let failure = 1; failure <= 5; failure += 1) await limiter.begin(`10.0.0.${failure}`, 'ada');
      const holds: number[] = [];
      for (let failure = 6; failure <= 12; failure += 1) {
        await limiter.begin('10.0.1.1', 'ada'); // allowed: counted as a failure
        const refused = await refusal(limiter.begin('10.0.1.1', 'ada'));
        holds.push(refused.retryAfterSeconds);
        clock.advance(refused.retryAfterSeconds * 1000);
      }
      expect(holds).toEqual([1, 2, 4, 8, 16, 30, 30]);
    });

    it('counts a username in any letter case or compatibility form as one account (İ included)', async () => {
      const clock = manualClock();
      const limiter = createLoginLimiter({ store: createMemoryLimitStore(), now: clock.now });
      for (const username of ['İnci', 'i̇nci', 'İNCI', 'ｉ̇ｎｃｉ', ' İnci ', 'i̇NCI']) await limiter.begin('10.0.0.1', username); // the 6th starts a 1 s hold
      expect((await refusal(limiter.begin('10.0.0.9', 'İNCI'))).message).toBe('Too many failed sign-ins for this username. Try again in 1 second.');
    });

    it('forgets the failures after a success', async () => {
      const clock = manualClock();
      const limiter = createLoginLimiter({ store: createMemoryLimitStore(), now: clock.now });
      for (let failure = 1; failure <= 4; failure += 1) await limiter.begin('10.0.0.1', 'grace');
      await (await limiter.begin('10.0.0.1', 'grace')).succeeded();
      for (let failure = 1; failure <= 5; failure += 1) await limiter.begin('10.0.0.1', 'grace');
      await expect(limiter.begin('10.0.0.1', 'grace')).resolves.toBeDefined();
    });

    it('forgets the failures 15 minutes after the last one', async () => {
      const clock = manualClock();
      const limiter = createLoginLimiter({ store: createMemoryLimitStore(), now: clock.now });
      for (let failure = 1; failure <= 5; failure += 1) await limiter.begin('10.0.0.1', 'rosalind');
      clock.advance(15 * 60_000 + 1);
      for (let failure = 1; failure <= 5; failure += 1) await limiter.begin('10.0.0.1', 'rosalind');
      await expect(limiter.begin('10.0.0.1', 'rosalind')).resolves.toBeDefined();
    });

    it('counts parallel attempts before any password is checked, so a burst cannot slip past', async () => {
      const limiter = createLoginLimiter({ store: createMemoryLimitStore(), now: manualClock().now });
      const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, index) => limiter.begin(`10.0.2.${index}`, 'burst')));
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(6); // 5 free, the 6th starts the hold
    });
  });

  describe('per address', () => {
    /** One wrong password from `address` for `username`. */
    const fail = async (limiter: ReturnType<typeof createLoginLimiter>, address: string, username: string) => (await limiter.begin(address, username)).failed();

    it('allows a burst of 30 failures, then 10 a minute, across all usernames', async () => {
      const clock = manualClock();
      const limiter = createLoginLimiter({ store: createMemoryLimitStore(), now: clock.now });
      for (let guess = 0; guess < 30; guess += 1) await fail(limiter, '198.51.100.4', `student${guess}`);
      const refused = await refusal(limiter.begin('198.51.100.4', 'student30'));
      expect(refused.retryAfterSeconds).toBe(6);
      expect(refused.message).toBe('Too many failed sign-ins from this network. Try again in 6 seconds.');
      clock.advance(6_000);
      await fail(limiter, '198.51.100.4', 'student30');
      await expect(limiter.begin('198.51.100.4', 'student31')).rejects.toBeInstanceOf(RateLimitedError);
    });

    it('counts only failures, so a class signing in correctly, even all at the same moment, never fills the bucket', async () => {
      const limiter = createLoginLimiter({ store: createMemoryLimitStore(), now: manualClock().now });
      const attempts = await Promise.all(Array.from({ length: 200 }, (_, student) => limiter.begin('198.51.100.5', `student${student}`)));
      await Promise.all(attempts.map((attempt) => attempt.succeeded()));
      for (let typo = 0; typo < 30; typo += 1) await fail(limiter, '198.51.100.5', `typo${typo}`);
      await expect(limiter.begin('198.51.100.5', 'typo30')).rejects.toBeInstanceOf(RateLimitedError);
    });

    it('makes parallel failures past the burst pay back every one of them before the next guess', async () => {
      const clock = manualClock();
      const limiter = createLoginLimiter({ store: createMemoryLimitStore(), now: clock.now });
      const attempts = await Promise.all(Array.from({ length: 50 }, (_, guess) => limiter.begin('198.51.100.8', `spray${guess}`)));
      await Promise.all(attempts.map((attempt) => attempt.failed()));
      // 50 spent from a burst of 30: 20 owed, then one more needed, at 10 a minute.
      expect((await refusal(limiter.begin('198.51.100.8', 'next'))).retryAfterSeconds).toBe(126);
    });

    it('holds an address apart from the others', async () => {
      const limiter = createLoginLimiter({ store: createMemoryLimitStore(), now: manualClock().now });
      for (let guess = 0; guess < 30; guess += 1) await fail(limiter, '198.51.100.6', `a${guess}`);
      await expect(limiter.begin('198.51.100.6', 'b')).rejects.toBeInstanceOf(RateLimitedError);
      await expect(limiter.begin('198.51.100.7', 'b')).resolves.toBeDefined();
    });
  });

  it('uses the configured numbers', async () => {
    const limiter = createLoginLimiter({
      store: createMemoryLimitStore(),
      settings: { ...settings, loginFailuresBurst: 2, accountFreeFailures: 0, accountMaxDelaySeconds: 5 },
      now: manualClock().now,
    });
    await (await limiter.begin('10.9.9.9', 'x')).failed();
    expect((await refusal(limiter.begin('10.9.9.8', 'x'))).retryAfterSeconds).toBe(1);
    await (await limiter.begin('10.9.9.9', 'y')).failed();
    expect((await refusal(limiter.begin('10.9.9.9', 'z'))).message).toMatch(/from this network/);
  });
});

describe('sign-up limiter', () => {
  it('allows 60 sign-ups at once from an address, then one every 30 s (120 an hour)', async () => {
    const clock = manualClock();
    const limiter = createSignupLimiter({ store: createMemoryLimitStore(), now: clock.now });
    for (let signup = 0; signup < 60; signup += 1) await limiter.take('192.0.2.1');
    const refused = await refusal(limiter.take('192.0.2.1'));
    expect(refused.retryAfterSeconds).toBe(30);
    expect(refused.message).toBe('Too many accounts were created from this network. Try again in 30 seconds.');
    for (let signup = 0; signup < 120; signup += 1) {
      clock.advance(30_000);
      await limiter.take('192.0.2.1');
    }
    await expect(limiter.take('192.0.2.1')).rejects.toBeInstanceOf(RateLimitedError);
    await expect(limiter.take('192.0.2.2')).resolves.toBeUndefined();
  });
});

describe('memory store', () => {
  it('stays within its key bound, and a flood of new keys never lifts a live limit', async () => {
    const clock = manualClock();
    const store = createMemoryLimitStore({ maxKeys: 100 });
    const limiter = createLoginLimiter({ store, now: clock.now });
    for (let failure = 0; failure < 6; failure += 1) await limiter.begin('10.0.0.1', 'victim'); // held 1 s
    clock.advance(500);
    // 5,050 other usernames, from as many addresses (the flood), all within the hold.
    for (let flood = 0; flood < 5_050; flood += 1) await limiter.begin(`10.${(flood >> 16) & 255}.${(flood >> 8) & 255}.${flood & 255}`, `flood${flood}`);
    await expect(limiter.begin('10.0.0.1', 'victim')).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('forgets expired keys, making room for new ones', async () => {
    const clock = manualClock();
    const store = createMemoryLimitStore({ maxKeys: 10 });
    const limiter = createSignupLimiter({ store, settings: { ...DEFAULT_ABUSE_LIMITS, signupsBurst: 1, signupsPerHour: 60 }, now: clock.now });
    for (let address = 0; address < 10; address += 1) await limiter.take(`192.0.2.${address}`);
    clock.advance(61_000); // every bucket is full again: expired
    await limiter.take('192.0.2.200');
    await expect(limiter.take('192.0.2.200')).rejects.toBeInstanceOf(RateLimitedError);
  });
});
