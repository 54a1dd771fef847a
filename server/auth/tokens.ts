/**
 * Access and refresh tokens: HS256 JWTs signed with jose. `sub` is the user id as a string; the
 * `type` claim keeps one kind of token from standing for the other; `fam` names the login (the
 * refresh-token family, server/auth/sessions.ts) both tokens belong to, and a refresh token's `gen`
 * counts the rotations of that login (docs/security.md#sessions-and-tokens).
 */
import { jwtVerify, SignJWT } from 'jose';

/**
 * Access tokens live 5 minutes; the client refreshes on a 401 (docs/requirements.md#authentication).
 * They are checked without the database (server/auth/authenticate.ts), so a revoked login's access token
 * keeps working for at most these 5 minutes (docs/security.md#sessions-and-tokens).
 */
export const ACCESS_TOKEN_TTL_SECONDS = 5 * 60;
/** A login lasts 1 day, a school day's session: every refresh token of a login expires when the login does. */
export const REFRESH_TOKEN_TTL_SECONDS = 24 * 60 * 60;

export type TokenType = 'access' | 'refresh';

/** Largest user id: `users.id` is a PostgreSQL serial (int4). A larger `sub` is a forged token, not a user. */
const MAX_USER_ID = 2_147_483_647;
/** A login id as issued by sessions.ts: 16 random bytes in base64url (22 characters). */
const FAMILY_ID_PATTERN = /^[\w-]{16,64}$/;

/** What a refresh token says, all checked by {@link TokenService.verifyRefresh}. Times are whole seconds since the epoch. */
export interface RefreshClaims {
  userId: number;
  /** The login (token family) this token belongs to. */
  familyId: string;
  /** Rotations of the login before this token: 0 for the token given at sign-in. */
  generation: number;
  issuedAt: number;
  /** When the login ends. */
  expiresAt: number;
}

/** What an access token says. */
export interface AccessClaims {
  userId: number;
  /** The login it was issued for, or null for a token without one (minted by a test). */
  familyId: string | null;
}

export interface TokenServiceOptions {
  /** The HS256 secret (at least 32 characters). */
  secret: string;
  /** The clock, for signing and checking expiry; `() => new Date()` unless given (tests move it). */
  now?: () => Date;
}

export interface TokenService {
  /** Signs an access token (5 min) for a user, naming the login it belongs to when given. */
  issueAccess(userId: number, familyId?: string | null): Promise<string>;
  /**
   * Signs a refresh token. Deterministic: the same claims always give the same token, which is how
   * the server hands a second tab the token the first tab just received (sessions.ts, grace window).
   */
  signRefresh(claims: RefreshClaims): Promise<string>;
  /**
   * Signs one token of the given type with no login attached. Such a refresh token is refused by
   * `POST /api/token/refresh/` (it names no login); tests use this to mint expired or forged tokens.
   */
  issue(userId: number, type: TokenType): Promise<string>;
  /**
   * Checks signature, algorithm, expiry and type.
   *
   * @returns the user id, or null for any token that is malformed, forged, expired or of the other type
   */
  verify(token: string, type: TokenType): Promise<number | null>;
  /** Like {@link verify} for an access token, also reading the login it names. */
  verifyAccess(token: string): Promise<AccessClaims | null>;
  /**
   * Like {@link verify} for a refresh token, returning every claim.
   *
   * @param options.ignoreExpiry - accept an expired token (logout: ending a login that has ended is harmless)
   * @returns null for a token that is malformed, forged, expired (unless ignored), of the other type or without a login
   */
  verifyRefresh(token: string, options?: { ignoreExpiry?: boolean }): Promise<RefreshClaims | null>;
}

/**
 * Creates a {@link TokenService}.
 *
 * @example
 * const tokens = createTokenService({ secret });
 * const access = await tokens.issueAccess(user.id, familyId);
 * const userId = await tokens.verify(access, 'access'); // number | null
 */
export function createTokenService(options: TokenServiceOptions): TokenService {
  const key = new TextEncoder().encode(options.secret);
  const now = options.now ?? (() => new Date());
  const nowSeconds = () => Math.floor(now().getTime() / 1000);

  const sign = (claims: Record<string, unknown>, userId: number, issuedAt: number, expiresAt: number) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(String(userId)).setIssuedAt(issuedAt).setExpirationTime(expiresAt).sign(key);

  const issueAccess = (userId: number, familyId: string | null = null) => {
    const issuedAt = nowSeconds();
    const claims = familyId === null ? { type: 'access' } : { type: 'access', fam: familyId };
    return sign(claims, userId, issuedAt, issuedAt + ACCESS_TOKEN_TTL_SECONDS);
  };

  /** The verified payload and user id, or null. */
  const check = async (token: string, type: TokenType, ignoreExpiry = false) => {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        // An expired token is accepted only when asked, by checking it as of its own expiry.
        currentDate: ignoreExpiry ? new Date(0) : now(),
        requiredClaims: ['sub', 'exp'],
      });
      if (payload.type !== type || typeof payload.sub !== 'string' || !/^[1-9]\d*$/.test(payload.sub)) return null;
      const userId = Number(payload.sub);
      return userId <= MAX_USER_ID ? { payload, userId } : null;
    } catch {
      return null; // whatever is wrong with an untrusted token, the answer is the same 401
    }
  };

  return {
    issueAccess,
    signRefresh: (claims) => sign({ type: 'refresh', fam: claims.familyId, gen: claims.generation }, claims.userId, claims.issuedAt, claims.expiresAt),
    issue(userId, type) {
      if (type === 'access') return issueAccess(userId);
      const issuedAt = nowSeconds();
      return sign({ type: 'refresh' }, userId, issuedAt, issuedAt + REFRESH_TOKEN_TTL_SECONDS);
    },
    async verify(token, type) {
      return (await check(token, type))?.userId ?? null;
    },
    async verifyAccess(token) {
      const checked = await check(token, 'access');
      if (checked === null) return null;
      const { fam } = checked.payload;
      return { userId: checked.userId, familyId: typeof fam === 'string' && FAMILY_ID_PATTERN.test(fam) ? fam : null };
    },
    async verifyRefresh(token, { ignoreExpiry = false } = {}) {
      const checked = await check(token, 'refresh', ignoreExpiry);
      if (checked === null) return null;
      const { fam, gen, iat, exp } = checked.payload;
      if (typeof fam !== 'string' || !FAMILY_ID_PATTERN.test(fam) || !Number.isSafeInteger(gen) || (gen as number) < 0) return null;
      if (typeof iat !== 'number' || typeof exp !== 'number') return null;
      return { userId: checked.userId, familyId: fam, generation: gen as number, issuedAt: iat, expiresAt: exp };
    },
  };
}
