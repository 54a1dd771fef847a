/**
 * Password hashing: argon2id through @node-rs/argon2 (its default algorithm), with a small limit on
 * how many hashes run at once, so a sign-up flood cannot starve sign-ins (docs/security.md#abuse-limits).
 */
import { hash, verify } from '@node-rs/argon2';
import { RateLimitedError } from './abuse-limits.ts';

/** argon2id cost settings. */
export interface PasswordHashOptions {
  /** Memory per hash, in KiB. */
  memoryCost: number;
  /** Passes over memory. */
  timeCost: number;
  /** Lanes. */
  parallelism: number;
}

/**
 * OWASP Password Storage Cheat Sheet, argon2id option 2: m=19456 KiB (19 MiB), t=2, p=1. About 12 to
 * 15 ms of CPU per hash here (docs/scaling.md#what-one-process-does-measured).
 */
export const OWASP_ARGON2ID: PasswordHashOptions = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * How many argon2 computations run at once by default (PASSWORD_HASH_CONCURRENCY). Each takes about
 * 15 ms of one core and 19 MiB; 2 keeps two of libuv's four threads free for files and compression, and
 * bounds hashing memory to 38 MiB whatever the load.
 */
export const DEFAULT_HASH_CONCURRENCY = 2;
/**
 * Most sign-in checks, and most sign-up hashes, waiting for a turn; one more is refused with
 * {@link PasswordHasherBusyError}. 256 sign-ins wait at most about 2 s at 2 × 15 ms per hash.
 */
export const MAX_WAITING_VERIFICATIONS = 256;
export const MAX_WAITING_HASHES = 64;

/** `Retry-After` of a {@link PasswordHasherBusyError}, ms. */
export const BUSY_RETRY_AFTER_MS = 2_000;

/** Thrown when too many hashes wait already: a rate limit like the others, answered 429 with `Retry-After: 2`. */
export class PasswordHasherBusyError extends RateLimitedError {
  constructor() {
    super(BUSY_RETRY_AFTER_MS, () => 'The server is busy checking passwords. Try again in a few seconds.');
    this.name = 'PasswordHasherBusyError';
  }
}

/** Hashes and checks passwords with fixed costs; see {@link createPasswordHasher}. */
export interface PasswordHasher {
  /** Returns an argon2id PHC string (`$argon2id$v=19$m=...`) with a fresh random salt. */
  hash(password: string): Promise<string>;
  /**
   * Checks `password` against a stored PHC string; with `null` (no such user) checks it against a
   * dummy hash of the same cost and returns false, so the time taken does not reveal whether the
   * username exists.
   */
  verify(storedHash: string | null, password: string): Promise<boolean>;
}

/**
 * Creates a {@link PasswordHasher}. At most `concurrency` argon2 computations run at once; the others
 * wait in two queues, sign-in checks (`verify`) always served before sign-up hashes (`hash`), so a flood
 * of sign-ups delays other sign-ups, not the class signing in.
 *
 * @param options - argon2id costs; {@link OWASP_ARGON2ID} unless given. Lower them in tests only.
 * @param limits.concurrency - default {@link DEFAULT_HASH_CONCURRENCY}
 * @throws {@link PasswordHasherBusyError} from `verify` or `hash` when {@link MAX_WAITING_VERIFICATIONS}
 *   or {@link MAX_WAITING_HASHES} wait already
 */
export function createPasswordHasher(options: PasswordHashOptions = OWASP_ARGON2ID, limits: { concurrency?: number } = {}): PasswordHasher {
  const concurrency = Math.max(1, limits.concurrency ?? DEFAULT_HASH_CONCURRENCY);
  let dummyHash: Promise<string> | null = null;
  const hashPassword = (password: string) => hash(password, { ...options });

  let running = 0;
  const waiting = { verify: [] as (() => void)[], hash: [] as (() => void)[] };
  const release = () => {
    const next = waiting.verify.shift() ?? waiting.hash.shift();
    if (next) next(); // the slot passes straight on
    else running -= 1;
  };
  const inTurn = async <T>(kind: 'verify' | 'hash', task: () => Promise<T>): Promise<T> => {
    if (running < concurrency) running += 1;
    else {
      const queue = waiting[kind];
      if (queue.length >= (kind === 'verify' ? MAX_WAITING_VERIFICATIONS : MAX_WAITING_HASHES)) throw new PasswordHasherBusyError();
      await new Promise<void>((resolve) => queue.push(resolve));
    }
    try {
      return await task();
    } finally {
      release();
    }
  };

  return {
    hash: (password) => inTurn('hash', () => hashPassword(password)),
    verify: (storedHash, password) =>
      inTurn('verify', async () => {
        if (storedHash === null) {
          dummyHash ??= hashPassword('helix-dummy-password-for-unknown-users');
          await verify(await dummyHash, password);
          return false;
        }
        try {
          return await verify(storedHash, password);
        } catch {
          return false; // a corrupt stored hash never signs anyone in
        }
      }),
  };
}
