/**
 * Abuse limits on sign-in and sign-up (docs/security.md#abuse-limits). A school puts hundreds of students
 * behind one address, so these count failures and new accounts, never plain use, and slow down rather
 * than lock out:
 *
 * - **Failed sign-ins per address** (all usernames together): a token bucket of
 *   `loginFailuresBurst` (30) refilled at `loginFailuresPerMinute` (10 a minute). Password spraying from
 *   one address runs at 10 guesses a minute once the burst is spent.
 * - **Failed sign-ins per account** (from any address): `accountFreeFailures` (5) free, then each
 *   failure holds the account back 1 s, 2 s, 4 s… up to `accountMaxDelaySeconds` (30 s). Forgotten
 *   15 minutes after the last failure; a successful sign-in forgets it at once. A student whose
 *   classmate typed wrong passwords waits at most 30 s.
 * - **Sign-ups per address**: a token bucket of `signupsBurst` (60) refilled at `signupsPerHour` (120 an
 *   hour). It counts every sign-up that passes validation, "username taken" answers included, so the
 *   API is no fast way to list usernames.
 * - **Sign-ups through a class's join link** count apart from those, since a school's classes reach Helix
 *   from one address: per address and join code a bucket of {@link JOIN_LINK_LIMITS}' `perCodeBurst`
 *   (45, a class and its typos) refilled at `perCodePerHour` (45), and per address over every code one
 *   of `perAddressBurst` (300, ten classes) refilled at `perAddressPerHour` (300). Only a facilitator opens
 *   a join link, so a script with one code gets 45 accounts, then 45 an hour.
 *
 * Every refusal is a 429 with `Retry-After` (seconds) and `{"detail", "code": "rate_limited"}`.
 * Usernames are keyed by `usernameKey` (NFKC, JavaScript lower case), addresses by {@link addressKey}.
 */
import { isIPv6 } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors.ts';
import { usernameKey } from './credentials.ts';
import type { LimitChange, LimitState, LimitStore } from './limit-store.ts';

/** The configurable numbers (env variables in server/config.ts and README). */
export interface AbuseLimitSettings {
  /** Failed sign-ins one address may make at once (LOGIN_FAILURES_BURST). */
  loginFailuresBurst: number;
  /** Failed sign-ins per minute one address gets back once the burst is spent (LOGIN_FAILURES_PER_MINUTE). */
  loginFailuresPerMinute: number;
  /** Failed sign-ins per account before it is held back (LOGIN_ACCOUNT_FREE_FAILURES). */
  accountFreeFailures: number;
  /** Longest hold on an account after a failure, seconds (LOGIN_ACCOUNT_MAX_DELAY_SECONDS). */
  accountMaxDelaySeconds: number;
  /** Sign-ups one address may make at once (SIGNUPS_BURST). */
  signupsBurst: number;
  /** Sign-ups per hour one address gets back once the burst is spent (SIGNUPS_PER_HOUR). */
  signupsPerHour: number;
}

/**
 * The safe defaults. A class of 30 signs up in one minute and signs in with typos to spare; 60 + 120
 * sign-ups in the first hour, 120 an hour after. Raise them for a benchmark from one address.
 */
export const DEFAULT_ABUSE_LIMITS: AbuseLimitSettings = {
  loginFailuresBurst: 30,
  loginFailuresPerMinute: 10,
  accountFreeFailures: 5,
  accountMaxDelaySeconds: 30,
  signupsBurst: 60,
  signupsPerHour: 120,
};

/** The first hold on an account after its free failures, ms; each further failure doubles it. */
export const ACCOUNT_FIRST_DELAY_MS = 1_000;
/** An account's failures are forgotten this long after the last one, ms. */
export const ACCOUNT_FAILURE_MEMORY_MS = 15 * 60_000;

/**
 * Which limit refused a request, as `/metrics` counts it (server/metrics.ts): failed sign-ins per
 * address or per account, sign-ups per address, or the password hasher's queue being full
 * (server/auth/passwords.ts).
 */
export type RateLimitName = 'login_address' | 'login_account' | 'signup_address' | 'signup_join_code' | 'password_hashing';

/** The sign-up limits of join links (see the module comment). */
export const JOIN_LINK_LIMITS = { perCodeBurst: 45, perCodePerHour: 45, perAddressBurst: 300, perAddressPerHour: 300 } as const;

/** A request refused by a limit: the route answers 429 with `Retry-After: retryAfterSeconds`. */
export class RateLimitedError extends Error {
  /** Whole seconds, at least 1. */
  readonly retryAfterSeconds: number;
  /** The limit that refused. */
  readonly limit: RateLimitName;

  /**
   * @param retryAfterMs - how long until the limit lets the client try again, ms (rounded up to whole seconds, at least 1)
   * @param describe - the detail, given the wait in words ("5 seconds", "3 minutes")
   * @param limit - the limit that refused; the password hasher's busy error, which names none, is `password_hashing`
   */
  constructor(retryAfterMs: number, describe: (wait: string) => string, limit: RateLimitName = 'password_hashing') {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    super(describe(seconds < 90 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`));
    this.name = 'RateLimitedError';
    this.retryAfterSeconds = seconds;
    this.limit = limit;
  }
}

/** The limit that refused each request {@link replyRateLimited} answered. */
const refusedBy = new WeakMap<FastifyRequest, RateLimitName>();

/**
 * The limit that refused this request, once {@link replyRateLimited} has answered it 429; null for
 * any other request. `/metrics` counts refusals by it (server/metrics.ts).
 */
export function refusingLimit(request: FastifyRequest): RateLimitName | null {
  return refusedBy.get(request) ?? null;
}

/**
 * Answers a {@link RateLimitedError} (the password hasher's busy error is one too): 429 with
 * `Retry-After` in seconds and `{"detail", "code": "rate_limited"}`. Any other error is thrown on, to
 * the app's error handler.
 *
 * @example
 * try { await signupLimiter.take(request.ip); } catch (error) { return replyRateLimited(reply, error); }
 */
export function replyRateLimited(reply: FastifyReply, error: unknown): FastifyReply {
  if (!(error instanceof RateLimitedError)) throw error;
  refusedBy.set(reply.request, error.limit);
  return reply.code(429).header('retry-after', String(error.retryAfterSeconds)).send(new HttpError('rate_limited', error.message).toBody());
}

/**
 * The key of a client address: an IPv4 address as is (also when IPv4-mapped, `::ffff:a.b.c.d`), an IPv6
 * address by its /64 prefix, since one home or school line gets a whole /64 and could otherwise
 * count as 2^64 addresses.
 *
 * @example addressKey('2001:db8:1:2:3:4:5:6') // '2001:db8:1:2::/64'
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1] !== undefined) return mapped[1];
  const address = ip.replace(/%.*$/, ''); // a zone index (fe80::1%eth0) is not part of the address
  if (!isIPv6(address)) return ip;
  const [head = '', tail] = address.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])));
  const headGroups = groupsOf(head);
  const tailGroups = tail === undefined ? [] : groupsOf(tail);
  const groups = [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

type Verdict = { allowed: true } | { allowed: false; retryAfterMs: number };

/** A token bucket of `capacity` tokens refilled at `perMs` tokens per ms. */
interface Bucket {
  capacity: number;
  perMs: number;
}

function bucketLevel(bucket: Bucket, state: LimitState | null, now: number): number {
  return state === null ? bucket.capacity : Math.min(bucket.capacity, state.level + Math.max(0, now - state.updatedAt) * bucket.perMs);
}

function bucketState(bucket: Bucket, level: number, now: number): LimitState | null {
  if (level >= bucket.capacity) return null; // full: nothing to remember
  return { level, updatedAt: now, blockedUntil: 0, expiresAt: now + Math.ceil((bucket.capacity - level) / bucket.perMs) };
}

/** Takes one token, or says how long until one is back. */
const takeToken =
  (bucket: Bucket, now: number) =>
  (current: LimitState | null): LimitChange<Verdict> => {
    const level = bucketLevel(bucket, current, now);
    if (level < 1) return { result: { allowed: false, retryAfterMs: (1 - level) / bucket.perMs } };
    return { next: bucketState(bucket, level - 1, now), result: { allowed: true } };
  };

/** Says whether a token is there, or how long until one is back; takes nothing. */
const checkToken =
  (bucket: Bucket, now: number) =>
  (current: LimitState | null): LimitChange<Verdict> => {
    const level = bucketLevel(bucket, current, now);
    return { result: level < 1 ? { allowed: false, retryAfterMs: (1 - level) / bucket.perMs } : { allowed: true } };
  };

/**
 * Takes one token even when none is left: the level may go below zero, so failures that ran in
 * parallel past {@link checkToken} are all paid back before the next one is allowed.
 */
const spendToken =
  (bucket: Bucket, now: number) =>
  (current: LimitState | null): LimitChange<void> => ({ next: bucketState(bucket, bucketLevel(bucket, current, now) - 1, now), result: undefined });

/** Counts one failure against an account, holding it back once past the free ones; refused while held. */
const countAccountFailure =
  (settings: AbuseLimitSettings, now: number) =>
  (current: LimitState | null): LimitChange<Verdict> => {
    if (current !== null && current.blockedUntil > now) return { result: { allowed: false, retryAfterMs: current.blockedUntil - now } };
    const failures = (current?.level ?? 0) + 1;
    const beyondFree = failures - settings.accountFreeFailures;
    const delay = beyondFree > 0 ? Math.min(ACCOUNT_FIRST_DELAY_MS * 2 ** (beyondFree - 1), settings.accountMaxDelaySeconds * 1000) : 0;
    const blockedUntil = delay > 0 ? now + delay : 0;
    return { next: { level: failures, updatedAt: now, blockedUntil, expiresAt: Math.max(now + ACCOUNT_FAILURE_MEMORY_MS, blockedUntil) }, result: { allowed: true } };
  };

const forget = (): LimitChange<void> => ({ next: null, result: undefined });

/**
 * A sign-in attempt that passed the limits. It counts against its account at once (so parallel guesses
 * at one account cannot slip through) and against its address only once it has failed (so a class
 * signing in at the same moment from one school address never holds the address's failures up).
 */
export interface LoginAttempt {
  /** The password was right: forgets the account's failures. */
  succeeded(): Promise<void>;
  /** The username or password was wrong: spends one of the address's failures. */
  failed(): Promise<void>;
}

export interface LoginLimiter {
  /**
   * Call before checking a password. Refuses when the address has no failure left or the account is
   * held back; otherwise counts the attempt against the account at once. Report the outcome with
   * {@link LoginAttempt.succeeded} or {@link LoginAttempt.failed}.
   *
   * @param address - the client's IP address (`request.ip`)
   * @param username - as typed; keyed by `usernameKey`
   * @throws {@link RateLimitedError} when the address or the account is held back
   */
  begin(address: string, username: string): Promise<LoginAttempt>;
}

export interface SignupLimiter {
  /**
   * Counts one sign-up from an address, through a class's join link when `joinCode` is given (the
   * limits of join links then, not the address's own).
   *
   * @throws {@link RateLimitedError} when the address (or the address and join code) has no sign-up left for now
   */
  take(address: string, joinCode?: string): Promise<void>;
}

export interface AbuseLimiterOptions {
  store: LimitStore;
  settings?: AbuseLimitSettings;
  /** The clock, ms since the epoch; `Date.now` unless given (tests move it). */
  now?: () => number;
}

/** Creates the sign-in limiter (see the module comment for the rules). */
export function createLoginLimiter({ store, settings = DEFAULT_ABUSE_LIMITS, now = Date.now }: AbuseLimiterOptions): LoginLimiter {
  const bucket: Bucket = { capacity: settings.loginFailuresBurst, perMs: settings.loginFailuresPerMinute / 60_000 };
  return {
    async begin(address, username) {
      const addressLimitKey = `login-address:${addressKey(address)}`;
      const accountLimitKey = `login-account:${usernameKey(username)}`;
      const byAddress = await store.update(addressLimitKey, now(), checkToken(bucket, now()));
      if (!byAddress.allowed) {
        throw new RateLimitedError(byAddress.retryAfterMs, (wait) => `Too many failed sign-ins from this network. Try again in ${wait}.`, 'login_address');
      }
      const byAccount = await store.update(accountLimitKey, now(), countAccountFailure(settings, now()));
      if (!byAccount.allowed) {
        throw new RateLimitedError(byAccount.retryAfterMs, (wait) => `Too many failed sign-ins for this username. Try again in ${wait}.`, 'login_account');
      }
      return {
        async succeeded() {
          await store.update(accountLimitKey, now(), forget);
        },
        async failed() {
          await store.update(addressLimitKey, now(), spendToken(bucket, now()));
        },
      };
    },
  };
}

/** Creates the sign-up limiter (see the module comment for the rules). */
export function createSignupLimiter({ store, settings = DEFAULT_ABUSE_LIMITS, now = Date.now }: AbuseLimiterOptions): SignupLimiter {
  const bucket: Bucket = { capacity: settings.signupsBurst, perMs: settings.signupsPerHour / 3_600_000 };
  const perCode: Bucket = { capacity: JOIN_LINK_LIMITS.perCodeBurst, perMs: JOIN_LINK_LIMITS.perCodePerHour / 3_600_000 };
  const perAddress: Bucket = { capacity: JOIN_LINK_LIMITS.perAddressBurst, perMs: JOIN_LINK_LIMITS.perAddressPerHour / 3_600_000 };
  const refuse = (verdict: { retryAfterMs: number }) =>
    new RateLimitedError(verdict.retryAfterMs, (wait) => `Too many accounts were created through this class's join link from this network. Try again in ${wait}.`, 'signup_join_code');
  return {
    async take(address, joinCode) {
      if (joinCode !== undefined) {
        const byCode = await store.update(`signup-join:${addressKey(address)}:${joinCode}`, now(), takeToken(perCode, now()));
        if (!byCode.allowed) throw refuse(byCode);
        const byAddress = await store.update(`signup-join-address:${addressKey(address)}`, now(), takeToken(perAddress, now()));
        if (!byAddress.allowed) throw refuse(byAddress);
        return;
      }
      const verdict = await store.update(`signup-address:${addressKey(address)}`, now(), takeToken(bucket, now()));
      if (!verdict.allowed) {
        throw new RateLimitedError(verdict.retryAfterMs, (wait) => `Too many accounts were created from this network. Try again in ${wait}.`, 'signup_address');
      }
    },
  };
}
