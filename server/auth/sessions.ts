/**
 * Logins, and refresh in two modes (docs/security.md, "Sessions and tokens").
 *
 * Every sign-in or sign-up opens a login: a row of `refresh_token_families` holding the SHA-256 of its
 * current refresh token.
 * - **Rotating** (a client that sends `"rotate": true`, as Helix's own does): each refresh spends that
 *   token and hands out the next one. A spent token presented again means two parties hold the login's
 *   tokens, one of them probably a thief: the whole login is ended (reuse detection). One exception
 *   keeps classrooms working: within {@link REFRESH_REUSE_GRACE_MS} of a rotation, the token it
 *   replaced gets the same new token back instead (two tabs sharing localStorage refreshing at once; a
 *   response lost on flaky Wi-Fi).
 * - **Plain** (any other client, as the API contract describes refresh: `refresh` in, `access` out):
 *   the current refresh token gives a new access token and stays the login's token until it expires or
 *   the login is ended (logout, password change). A spent token is still reuse.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { refreshTokenFamilies } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { REFRESH_TOKEN_TTL_SECONDS, type RefreshClaims, type TokenService } from './tokens.ts';

/**
 * How long after a rotation the token it replaced still works, ms: it then returns the same tokens
 * the rotation gave. 60 s covers two tabs refreshing at the same moment and a refresh whose response
 * was lost and retried (the client's request timeout is 20 s, its retry 15 s later). A thief replaying
 * a stolen token within the window gets the same token as the student; whichever of them refreshes
 * next makes the other's token stale, and its next use ends the login.
 */
export const REFRESH_REUSE_GRACE_MS = 60_000;

/** How often a process deletes every expired login, ms (besides the signing-in student's, at each sign-in). */
export const EXPIRED_LOGINS_SWEEP_MS = 60 * 60_000;

/** Why a login ended, as stored in `revoked_reason`. */
export type RevokeReason = 'logout' | 'reuse' | 'all_logins';

/** The `{access, refresh}` pair answered by sign-in, sign-up and a rotating refresh. */
export interface TokenPair {
  access: string;
  refresh: string;
}

/** What a refresh answers: a new access token, and the next refresh token when the client asked for rotation. */
export type RefreshResult = TokenPair | { access: string };

/** Detail of the 401 for a refresh token whose login has ended or was never opened. */
export const LOGIN_ENDED_MESSAGE = 'This login has ended. Please log in again.';
/** Detail of the 401 for a spent refresh token presented again: the login is ended at once. */
export const TOKEN_REUSED_MESSAGE = 'This refresh token was already used, so the login has been ended for safety. Please log in again.';

export interface SessionService {
  /**
   * Opens a login for a user and returns its first tokens. Also deletes the user's expired logins, and
   * at most once an hour ({@link EXPIRED_LOGINS_SWEEP_MS}) everyone's, so the table holds about the
   * logins of the last day.
   */
  start(userId: number): Promise<TokenPair>;
  /**
   * Refreshes a login: a new access token, and with `rotate` also the login's next refresh token (the
   * one sent is spent). Without `rotate` the token sent stays valid and only `{access}` is returned.
   *
   * @param refreshToken - the login's current refresh token (or, within {@link REFRESH_REUSE_GRACE_MS}
   *   of a rotation, the one it replaced)
   * @param options.rotate - true for a client that stores the next refresh token (Helix's own)
   * @throws {@link HttpError} `invalid_token` (401) for a token that is malformed, forged, expired or
   *   names no open login, and for a spent token outside the grace window, which also ends the login
   */
  refresh(refreshToken: string, options?: { rotate?: boolean }): Promise<RefreshResult>;
  /**
   * Ends one login (idempotent: ending an ended or deleted login does nothing).
   *
   * @returns true when an open login was ended
   */
  revoke(familyId: string, reason: RevokeReason): Promise<boolean>;
  /**
   * Ends every open login of a user: what a password change or reset does. Access tokens already
   * issued keep working until they expire (5 minutes, ACCESS_TOKEN_TTL_SECONDS).
   *
   * @param options.except - a login to keep open (the one changing its own password)
   * @returns how many logins were ended
   */
  revokeAllForUser(userId: number, options?: { except?: string | null }): Promise<number>;
}

export interface SessionServiceOptions {
  db: Database;
  tokens: TokenService;
  /** The clock; `() => new Date()` unless given. Must be the token service's clock. */
  now?: () => Date;
}

/** SHA-256 of a token, hex. Tokens carry 128+ bits of signed content, so no salt is needed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Creates the {@link SessionService} on a database (PGlite or PostgreSQL). Rotation is one conditional
 * `UPDATE`, so two servers, or two requests, can never both spend the same token.
 *
 * @example
 * const sessions = createSessionService({ db, tokens });
 * const { access, refresh } = await sessions.start(user.id);
 * const next = await sessions.refresh(refresh); // next.refresh replaces refresh
 */
export function createSessionService(options: SessionServiceOptions): SessionService {
  const { db, tokens } = options;
  const now = options.now ?? (() => new Date());
  let lastSweep = Number.NEGATIVE_INFINITY;

  async function revoke(familyId: string, reason: RevokeReason): Promise<boolean> {
    const ended = await db
      .update(refreshTokenFamilies)
      .set({ revokedAt: now(), revokedReason: reason })
      .where(and(eq(refreshTokenFamilies.id, familyId), isNull(refreshTokenFamilies.revokedAt)))
      .returning({ id: refreshTokenFamilies.id });
    return ended.length > 0;
  }

  /** The plain mode: the current token (or the one a rotation replaced, within the grace) gives an access token. */
  async function refreshWithoutRotation(claims: RefreshClaims, presentedHash: string, time: Date): Promise<{ access: string }> {
    const [family] = await db.select().from(refreshTokenFamilies).where(eq(refreshTokenFamilies.id, claims.familyId)).limit(1);
    if (family === undefined || family.userId !== claims.userId || family.revokedAt !== null) throw new HttpError('invalid_token', LOGIN_ENDED_MESSAGE);
    const current = family.tokenHash === presentedHash;
    const justReplaced = family.previousTokenHash === presentedHash && time.getTime() - family.rotatedAt.getTime() <= REFRESH_REUSE_GRACE_MS;
    if (current || justReplaced) return { access: await tokens.issueAccess(claims.userId, claims.familyId) };
    await revoke(claims.familyId, 'reuse');
    throw new HttpError('invalid_token', TOKEN_REUSED_MESSAGE);
  }

  return {
    async start(userId) {
      const time = now();
      const issuedAt = Math.floor(time.getTime() / 1000);
      const expiresAt = issuedAt + REFRESH_TOKEN_TTL_SECONDS;
      const familyId = randomBytes(16).toString('base64url');
      const refresh = await tokens.signRefresh({ userId, familyId, generation: 0, issuedAt, expiresAt });
      if (time.getTime() - lastSweep >= EXPIRED_LOGINS_SWEEP_MS) {
        lastSweep = time.getTime();
        await db.delete(refreshTokenFamilies).where(lt(refreshTokenFamilies.expiresAt, time));
      } else {
        await db.delete(refreshTokenFamilies).where(and(eq(refreshTokenFamilies.userId, userId), lt(refreshTokenFamilies.expiresAt, time)));
      }
      await db.insert(refreshTokenFamilies).values({
        id: familyId,
        userId,
        generation: 0,
        tokenHash: hashToken(refresh),
        rotatedAt: new Date(issuedAt * 1000),
        createdAt: time,
        expiresAt: new Date(expiresAt * 1000),
      });
      return { access: await tokens.issueAccess(userId, familyId), refresh };
    },

    async refresh(refreshToken, { rotate = false } = {}) {
      const claims = await tokens.verifyRefresh(refreshToken);
      if (claims === null) throw new HttpError('invalid_token');
      const presentedHash = hashToken(refreshToken);
      const time = now();
      if (!rotate) return refreshWithoutRotation(claims, presentedHash, time);
      const issuedAt = Math.floor(time.getTime() / 1000);
      const next = await tokens.signRefresh({ ...claims, generation: claims.generation + 1, issuedAt });

      const [rotated] = await db
        .update(refreshTokenFamilies)
        .set({
          generation: claims.generation + 1,
          tokenHash: hashToken(next),
          previousTokenHash: presentedHash,
          rotatedAt: new Date(issuedAt * 1000),
        })
        .where(
          and(
            eq(refreshTokenFamilies.id, claims.familyId),
            eq(refreshTokenFamilies.userId, claims.userId),
            eq(refreshTokenFamilies.tokenHash, presentedHash),
            isNull(refreshTokenFamilies.revokedAt),
          ),
        )
        .returning({ id: refreshTokenFamilies.id });
      if (rotated !== undefined) return { access: await tokens.issueAccess(claims.userId, claims.familyId), refresh: next };

      // Not the current token: the login ended, or the token was spent already.
      const [family] = await db.select().from(refreshTokenFamilies).where(eq(refreshTokenFamilies.id, claims.familyId)).limit(1);
      if (family === undefined || family.userId !== claims.userId || family.revokedAt !== null) throw new HttpError('invalid_token', LOGIN_ENDED_MESSAGE);
      const sinceRotation = time.getTime() - family.rotatedAt.getTime();
      if (family.previousTokenHash === presentedHash && sinceRotation <= REFRESH_REUSE_GRACE_MS) {
        // Grace: sign again exactly the token the rotation gave (signing is deterministic), and check it is.
        const current = await tokens.signRefresh({
          ...claims,
          generation: family.generation,
          issuedAt: Math.floor(family.rotatedAt.getTime() / 1000),
        });
        if (hashToken(current) === family.tokenHash) return { access: await tokens.issueAccess(claims.userId, claims.familyId), refresh: current };
      }
      await revoke(claims.familyId, 'reuse');
      throw new HttpError('invalid_token', TOKEN_REUSED_MESSAGE);
    },

    revoke,

    async revokeAllForUser(userId, options = {}) {
      const open = and(eq(refreshTokenFamilies.userId, userId), isNull(refreshTokenFamilies.revokedAt), gt(refreshTokenFamilies.expiresAt, now()));
      const ended = await db
        .update(refreshTokenFamilies)
        .set({ revokedAt: now(), revokedReason: 'all_logins' })
        .where(options.except ? and(open, ne(refreshTokenFamilies.id, options.except)) : open)
        .returning({ id: refreshTokenFamilies.id });
      return ended.length;
    },
  };
}
