import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../config.ts';
import { DEFAULT_ABUSE_LIMITS } from './abuse-limits.ts';
import { DEFAULT_HASH_CONCURRENCY } from './passwords.ts';

describe('abuse-limit settings (issue 11)', () => {
  it('default to the safe values', () => {
    const config = parseConfig({}, '/x');
    expect(config.abuseLimits).toEqual({
      loginFailuresBurst: 30,
      loginFailuresPerMinute: 10,
      accountFreeFailures: 5,
      accountMaxDelaySeconds: 30,
      signupsBurst: 60,
      signupsPerHour: 120,
    });
    expect(config.abuseLimits).toEqual(DEFAULT_ABUSE_LIMITS);
    expect(config.passwordHashConcurrency).toBe(DEFAULT_HASH_CONCURRENCY);
  });

  it('are read from the environment, so a benchmark can create many students from one address', () => {
    const config = parseConfig(
      {
        LOGIN_FAILURES_BURST: '100',
        LOGIN_FAILURES_PER_MINUTE: '60',
        LOGIN_ACCOUNT_FREE_FAILURES: '0',
        LOGIN_ACCOUNT_MAX_DELAY_SECONDS: '10',
        SIGNUPS_BURST: '100000',
        SIGNUPS_PER_HOUR: '100000',
        PASSWORD_HASH_CONCURRENCY: '4',
      },
      '/x',
    );
    expect(config.abuseLimits).toEqual({
      loginFailuresBurst: 100,
      loginFailuresPerMinute: 60,
      accountFreeFailures: 0,
      accountMaxDelaySeconds: 10,
      signupsBurst: 100_000,
      signupsPerHour: 100_000,
    });
    expect(config.passwordHashConcurrency).toBe(4);
  });

  it('refuse anything but a whole number in range, naming each variable', () => {
    let caught: unknown;
    try {
      parseConfig({ SIGNUPS_BURST: '0', LOGIN_FAILURES_PER_MINUTE: 'ten', PASSWORD_HASH_CONCURRENCY: '1e3', SIGNUPS_PER_HOUR: '2000000000' }, '/x');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems).toEqual([
      'LOGIN_FAILURES_PER_MINUTE must be a whole number from 1 to 1000000000, got "ten".',
      'SIGNUPS_BURST must be a whole number from 1 to 1000000000, got "0".',
      'SIGNUPS_PER_HOUR must be a whole number from 1 to 1000000000, got "2000000000".',
      'PASSWORD_HASH_CONCURRENCY must be a whole number from 1 to 1000000000, got "1e3".',
    ]);
  });
});
