/**
 * Password hashing: argon2id through @node-rs/argon2 (its default algorithm).
 */
import { hash, verify } from '@node-rs/argon2';

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
 * OWASP Password Storage Cheat Sheet, argon2id option 2: m=19456 KiB (19 MiB), t=2, p=1. About 15 ms
 * per hash here (shared/STACK.md).
 */
export const OWASP_ARGON2ID: PasswordHashOptions = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

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
 * Creates a {@link PasswordHasher}.
 *
 * @param options - argon2id costs; {@link OWASP_ARGON2ID} unless given. Lower them in tests only.
 */
export function createPasswordHasher(options: PasswordHashOptions = OWASP_ARGON2ID): PasswordHasher {
  let dummyHash: Promise<string> | null = null;
  const hashPassword = (password: string) => hash(password, { ...options });
  return {
    hash: hashPassword,
    async verify(storedHash, password) {
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
    },
  };
}
