/**
 * The `authenticate` hook (run it as `onRequest`, before a body is read): reads `Authorization: Bearer
 * <access token>` and sets `request.user` to the student it names, without a database round-trip.
 *
 * Why no lookup (measured by `npm run bench:api`): loading the user on every request was a second query
 * on every read and save, and most routes need only the id. An access token lives 5 minutes
 * (ACCESS_TOKEN_TTL_SECONDS), so a token of an account deleted meanwhile can still reach a route for
 * those minutes. The routes that touch the account's rows answer it with a clean 401 `invalid_token`
 * themselves: the profile finds no user, a load finds no row and then no account (`accountExists`), and a
 * save's insert is refused by the foreign key (`isMissingAccountError`).
 *
 * A token that verified once is remembered until it expires ({@link VERIFIED_TOKEN_CACHE_SIZE}): a
 * student's access token comes back with every autosave for its 5 minutes, and checking its
 * signature again each time (jose, through WebCrypto's async HMAC and a key import per call) was
 * about 15 % of the CPU of a load or save (CPU profile of `npm run bench:api`).
 */
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { Database } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import type { TokenService } from './tokens.ts';

/** Who a request is from, as its access token says (the account is not looked up). */
export interface AuthenticatedStudent {
  /** `users.id`, from the token's `sub`. */
  id: number;
  /** The login the token belongs to (its `fam` claim); null for a token without one. */
  familyId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in student, set by `authenticate`; null on routes without it. */
    user: AuthenticatedStudent | null;
  }
}

/**
 * How many verified access tokens one server remembers: 20,000, a few MB (a token is about 200
 * characters). Enough for every token a server sees within the 5 minutes a token lives while up to
 * 20,000 students use it; past that the oldest is forgotten and verified again if it returns, which
 * costs one HMAC check (tens of µs), not an error (docs/scaling.md).
 */
export const VERIFIED_TOKEN_CACHE_SIZE = 20_000;

/** The `detail` of the 401 answered when a valid token names an account that no longer exists. */
export const ACCOUNT_GONE_DETAIL = 'The account for this token no longer exists.';

/**
 * Creates the hook that protects a route; use it as `onRequest` so an unauthenticated body is never
 * parsed. On success `request.user` is `{ id }` of the student the token names. Checks the token only
 * (signature, expiry, type: `TokenService.verify`), never the database: see the module comment for
 * how routes answer a deleted account. A token seen before is not verified again until its `exp`.
 *
 * @param options.now - the clock expiry is checked against; give the token service's (tests move it)
 * @throws {@link HttpError} `not_authenticated` (401) without a bearer token; `invalid_token` (401) for
 *   a token that is malformed, forged, expired, or a refresh token
 * @example
 * const authenticate = createAuthenticate(tokens, { now });
 * app.get('/api/student/profile/', { onRequest: authenticate }, (request) => findUser(db, request.user!.id));
 */
export function createAuthenticate(tokens: TokenService, options: { now?: () => Date } = {}): (request: FastifyRequest) => Promise<void> {
  const now = options.now ?? (() => new Date());
  /** token → its user and `exp` (seconds since the epoch); a Map keeps insertion order, so the first key is the oldest. */
  const verified = new Map<string, { user: AuthenticatedStudent; expiresAt: number }>();

  const verify = async (token: string): Promise<AuthenticatedStudent | null> => {
    // jose accepts a token while its exp is after the current second: the same rule here.
    const nowSeconds = Math.floor(now().getTime() / 1000);
    const known = verified.get(token);
    if (known !== undefined) {
      if (nowSeconds < known.expiresAt) return known.user;
      verified.delete(token);
      return null;
    }
    const userId = await tokens.verify(token, 'access');
    if (userId === null) return null;
    const { exp, fam } = decodeJwt(token); // verify requires exp, so it is there
    const user: AuthenticatedStudent = { id: userId, familyId: typeof fam === 'string' ? fam : null };
    if (typeof exp === 'number') {
      if (verified.size >= VERIFIED_TOKEN_CACHE_SIZE) verified.delete(verified.keys().next().value!);
      verified.set(token, { user, expiresAt: exp });
    }
    return user;
  };

  return async function authenticate(request) {
    const header = request.headers.authorization;
    if (header === undefined || header.trim() === '') throw new HttpError('not_authenticated');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match?.[1] === undefined) throw new HttpError('invalid_token', 'The Authorization header must be "Bearer <access token>".');
    const user = await verify(match[1]);
    if (user === null) throw new HttpError('invalid_token');
    request.user = user;
  };
}

/**
 * Whether the account `userId` still exists: one primary-key lookup. For the rare answers where "no
 * row" may mean "no account" (a load before any save), so a deleted account gets a 401, not a 404.
 */
export async function accountExists(db: Database, userId: number): Promise<boolean> {
  const rows = await db.select({ one: sql<number>`1` }).from(users).where(sql`${users.id} = ${userId}`).limit(1);
  return rows.length > 0;
}

/**
 * Whether a database error is the foreign key of a student's row refusing an account that no longer
 * exists (SQLSTATE 23503, which drizzle wraps in a DrizzleQueryError whose `cause` is the driver's).
 * Answer it with 401 `invalid_token` and {@link ACCOUNT_GONE_DETAIL}, never a 500.
 */
export function isMissingAccountError(error: unknown): boolean {
  for (let current: unknown = error; typeof current === 'object' && current !== null; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23503') return true;
  }
  return false;
}
