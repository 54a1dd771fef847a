/**
 * Access and refresh tokens: HS256 JWTs signed with jose. `sub` is the user id as a string; the
 * `type` claim keeps one kind of token from standing for the other.
 */
import { jwtVerify, SignJWT } from 'jose';

/** Access tokens live 5 minutes; the client refreshes on a 401 (spec section 4). */
export const ACCESS_TOKEN_TTL_SECONDS = 5 * 60;
/** Refresh tokens live 1 day: a school day's session. */
export const REFRESH_TOKEN_TTL_SECONDS = 24 * 60 * 60;

export type TokenType = 'access' | 'refresh';

/** Largest user id: `users.id` is a PostgreSQL serial (int4). A larger `sub` is a forged token, not a user. */
const MAX_USER_ID = 2_147_483_647;

export interface TokenServiceOptions {
  /** The HS256 secret (at least 32 characters). */
  secret: string;
  /** The clock, for signing and checking expiry; `() => new Date()` unless given (tests move it). */
  now?: () => Date;
}

export interface TokenService {
  /** Signs an access token (5 min) and a refresh token (1 day) for a user id. */
  issuePair(userId: number): Promise<{ access: string; refresh: string }>;
  /** Signs one token of the given type for a user id. */
  issue(userId: number, type: TokenType): Promise<string>;
  /**
   * Checks signature, algorithm, expiry and type.
   *
   * @returns the user id, or null for any token that is malformed, forged, expired or of the other type
   */
  verify(token: string, type: TokenType): Promise<number | null>;
}

/**
 * Creates a {@link TokenService}.
 *
 * @example
 * const tokens = createTokenService({ secret });
 * const { access, refresh } = await tokens.issuePair(user.id);
 * const userId = await tokens.verify(access, 'access'); // number | null
 */
export function createTokenService(options: TokenServiceOptions): TokenService {
  const key = new TextEncoder().encode(options.secret);
  const now = options.now ?? (() => new Date());

  const issue = async (userId: number, type: TokenType): Promise<string> => {
    const issuedAt = Math.floor(now().getTime() / 1000);
    const ttl = type === 'access' ? ACCESS_TOKEN_TTL_SECONDS : REFRESH_TOKEN_TTL_SECONDS;
    return new SignJWT({ type })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttl)
      .sign(key);
  };

  return {
    issue,
    async issuePair(userId) {
      const [access, refresh] = await Promise.all([issue(userId, 'access'), issue(userId, 'refresh')]);
      return { access, refresh };
    },
    async verify(token, type) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now(), requiredClaims: ['sub', 'exp'] });
        if (payload.type !== type || typeof payload.sub !== 'string' || !/^[1-9]\d*$/.test(payload.sub)) return null;
        const userId = Number(payload.sub);
        return userId <= MAX_USER_ID ? userId : null;
      } catch {
        return null; // whatever is wrong with an untrusted token, the answer is the same 401
      }
    },
  };
}
