/**
 * Sign-ins through an identity provider while they are under way (docs/decisions/025-school-sign-in.md),
 * in the `oidc_sign_ins` table so that any of several API processes can finish what another began:
 *
 * 1. {@link beginSignIn} when the student leaves for the provider: a random `state`, PKCE verifier and
 *    `nonce`, bound to the browser by a random cookie (a stolen callback address is useless in another browser).
 * 2. {@link spendSignIn} when the provider sends them back: the state is spent once, within
 *    {@link SIGN_IN_TTL_MS}, and only by the browser that began it.
 * 3. {@link handOff} once the account is known: a one-time code for the page, which
 *    {@link redeemHandoff} exchanges for Helix's tokens within {@link HANDOFF_TTL_MS}.
 *
 * Only SHA-256 hashes of the state, the cookie and the handoff code are stored.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import * as client from 'openid-client';
import type { Database } from '../../db/index.ts';
import { oidcSignIns } from '../../db/schema.ts';
import { hashToken } from '../sessions.ts';

/** How long a student has at the provider's pages, ms: long enough to type a forgotten password twice. */
export const SIGN_IN_TTL_MS = 10 * 60_000;
/** How long the page has to exchange its handoff code for tokens, ms; it does so at once. */
export const HANDOFF_TTL_MS = 2 * 60_000;

/** What a sign-in remembers while the student is at the provider. */
export interface SignInIntent {
  provider: string;
  /** A path on this site, e.g. `/sections/day-1` (checked by `safeReturnPath`). */
  returnTo: string;
  /** The stored join code the student came through, or null. */
  joinCode: string | null;
  /** The signed-in user linking the provider to their account, or null for a sign-in. */
  linkUserId: number | null;
}

/** A sign-in the provider has sent the student back from. */
export interface SpentSignIn extends SignInIntent {
  stateHash: string;
  codeVerifier: string;
  nonce: string;
}

/**
 * Records a sign-in about to leave for the provider, and sweeps expired ones.
 *
 * @param browserSecret - the browser's sign-in cookie (kept when it has one, so two tabs signing in at once both succeed)
 * @returns the `state`, `nonce` and PKCE `codeChallenge` to send, and the cookie to set
 */
export async function beginSignIn(
  db: Database,
  intent: SignInIntent,
  browserSecret: string | undefined,
  now: Date,
): Promise<{ state: string; nonce: string; codeChallenge: string; browserSecret: string }> {
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const secret = browserSecret !== undefined && /^[\w-]{22,64}$/.test(browserSecret) ? browserSecret : randomBytes(24).toString('base64url');
  await db.delete(oidcSignIns).where(lt(oidcSignIns.expiresAt, now));
  await db.insert(oidcSignIns).values({
    stateHash: hashToken(state),
    browserHash: hashToken(secret),
    provider: intent.provider,
    codeVerifier,
    nonce,
    returnTo: intent.returnTo,
    joinCode: intent.joinCode,
    linkUserId: intent.linkUserId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SIGN_IN_TTL_MS),
  });
  return { state, nonce, codeChallenge: await client.calculatePKCECodeChallenge(codeVerifier), browserSecret: secret };
}

/**
 * Spends the sign-in a callback's `state` names: one conditional UPDATE, so a replayed callback, even
 * on another server at the same moment, finds it spent.
 *
 * @returns the sign-in, or null when the state is unknown, expired, spent already, or was begun in another browser
 */
export async function spendSignIn(db: Database, state: string, browserSecret: string | undefined, now: Date): Promise<SpentSignIn | null> {
  if (browserSecret === undefined) return null;
  const [row] = await db
    .update(oidcSignIns)
    .set({ spentAt: now })
    .where(
      and(
        eq(oidcSignIns.stateHash, hashToken(state)),
        eq(oidcSignIns.browserHash, hashToken(browserSecret)),
        isNull(oidcSignIns.spentAt),
        gt(oidcSignIns.expiresAt, now),
      ),
    )
    .returning();
  if (row === undefined) return null;
  return {
    stateHash: row.stateHash,
    provider: row.provider,
    codeVerifier: row.codeVerifier,
    nonce: row.nonce,
    returnTo: row.returnTo,
    joinCode: row.joinCode,
    linkUserId: row.linkUserId,
  };
}

/**
 * Gives a finished sign-in its one-time handoff code, for the page that will exchange it for tokens.
 *
 * @returns the code (32 random bytes, base64url)
 */
export async function handOff(db: Database, stateHash: string, userId: number, now: Date): Promise<string> {
  const handoff = randomBytes(32).toString('base64url');
  await db
    .update(oidcSignIns)
    .set({ handoffHash: hashToken(handoff), userId, expiresAt: new Date(now.getTime() + HANDOFF_TTL_MS) })
    .where(eq(oidcSignIns.stateHash, stateHash));
  return handoff;
}

/**
 * Exchanges a handoff code, once: the row is deleted as it is read.
 *
 * @returns who signed in, with which provider and where to go, or null for a code that is unknown, expired or spent
 */
export async function redeemHandoff(db: Database, handoff: string, now: Date): Promise<{ userId: number; provider: string; returnTo: string } | null> {
  const [row] = await db
    .delete(oidcSignIns)
    .where(and(eq(oidcSignIns.handoffHash, hashToken(handoff)), gt(oidcSignIns.expiresAt, now)))
    .returning({ userId: oidcSignIns.userId, provider: oidcSignIns.provider, returnTo: oidcSignIns.returnTo });
  if (row === undefined || row.userId === null) return null;
  return { userId: row.userId, provider: row.provider, returnTo: row.returnTo };
}

/**
 * The path to go to after signing in, if `value` is a path on this site; null for anything that could
 * leave it (`https://…`, `//host`, `/\host`, a scheme) or is not a path at all.
 *
 * @example safeReturnPath('/sections/day-1') // '/sections/day-1'
 * @example safeReturnPath('//evil.example/') // null
 */
export function safeReturnPath(value: string): string | null {
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || value.length > 512) return null;
  // Parsed against a placeholder origin: a path that lands elsewhere was not a path of this site.
  const parsed = new URL(value, 'http://helix.invalid');
  if (parsed.origin !== 'http://helix.invalid' || /\p{Cc}/u.test(value)) return null;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
