/**
 * Which Helix account a provider's verified ID token is (docs/decisions/025-school-sign-in.md): found by
 * the provider's issuer and `sub`, never by email alone; made, as a student with no password, at the
 * first sign-in of an account of an allowed domain; linked to the signed-in user when they asked to link.
 * A provider sign-in never makes a facilitator or an admin.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { userIdentities, users } from '../../db/schema.ts';
import { recordAudit } from '../../facilitator/audit.ts';
import type { ClassRow } from '../../facilitator/classes.ts';
import { deliverWelcomeMessages, type WelcomeMessage } from '../../inbox/messages.ts';
import { MAX_NAME_LENGTH } from '../../routes/schemas.ts';
import { RateLimitedError, type SignupLimiter } from '../abuse-limits.ts';
import { classKey, normalizeUsername } from '../credentials.ts';
import { createUser, isUniqueViolation, UsernameTakenError, type User } from '../users.ts';

/**
 * Why a sign-in through a provider was refused: the code of the page the student is sent to
 * (src/pages/SignInReturnPage.tsx) and the `reason` of `helix_login_failures_total`.
 */
export type SignInRefusal =
  | 'provider_unknown'
  | 'provider_unavailable'
  | 'return_to_invalid'
  | 'state_invalid'
  | 'provider_refused'
  | 'token_invalid'
  | 'email_unverified'
  | 'domain_not_allowed'
  | 'join_code_unknown'
  | 'identity_taken'
  | 'account_gone'
  | 'rate_limited';

/** Thrown where a sign-in is refused; nothing has been created or changed. */
export class SignInRefused extends Error {
  readonly reason: SignInRefusal;
  constructor(reason: SignInRefusal, detail?: string) {
    super(detail ?? reason);
    this.name = 'SignInRefused';
    this.reason = reason;
  }
}

/** The ID token claims Helix reads (OpenID Connect Core §5.1; `hd` is Google's Workspace domain). */
export interface ProviderClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  hd?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
}

/**
 * Whether the account belongs to one of the schools: its `hd` claim, or else its email's domain, is
 * one of `allowedDomains` (lower case). An empty list allows no one.
 */
export function domainAllowed(claims: ProviderClaims, allowedDomains: readonly string[]): boolean {
  if (typeof claims.hd === 'string' && claims.hd !== '') return allowedDomains.includes(claims.hd.toLowerCase());
  const domain = typeof claims.email === 'string' ? claims.email.split('@').pop()?.toLowerCase() : undefined;
  return domain !== undefined && allowedDomains.includes(domain);
}

export interface ResolveAccountOptions {
  provider: string;
  issuer: string;
  claims: ProviderClaims;
  allowedDomains: readonly string[];
  /** The class of the join link the student came through, or null. */
  joinClass: ClassRow | null;
  /** The signed-in user linking the provider, or null for a sign-in. */
  linkUserId: number | null;
  signupLimiter: SignupLimiter;
  /** The student's address, for the sign-up limits (docs/security.md#abuse-limits). */
  address: string;
  welcomeMessages: readonly WelcomeMessage[];
  now: Date;
}

/**
 * The account the provider's ID token signs in to (already verified by openid-client): found, made or linked.
 *
 * @returns the user's id, and whether the account was made now
 * @throws {@link SignInRefused} `email_unverified`, `domain_not_allowed`, `identity_taken` (linking an
 *   account another user holds), `account_gone` (the linking user was deleted) or `rate_limited`; nothing changed then
 */
export async function resolveAccount(db: Database, options: ResolveAccountOptions): Promise<{ userId: number; created: boolean }> {
  const { claims, issuer, provider, now } = options;
  if (claims.email_verified !== true || typeof claims.email !== 'string') throw new SignInRefused('email_unverified');
  if (!domainAllowed(claims, options.allowedDomains)) throw new SignInRefused('domain_not_allowed');
  const email = claims.email;
  const [identity] = await db
    .select({ id: userIdentities.id, userId: userIdentities.userId, username: users.username, role: users.role })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, claims.sub)))
    .limit(1);

  if (options.linkUserId !== null) {
    if (identity !== undefined && identity.userId !== options.linkUserId) throw new SignInRefused('identity_taken');
    const [user] = await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, options.linkUserId)).limit(1);
    if (user === undefined) throw new SignInRefused('account_gone');
    if (identity === undefined) {
      try {
        await db.insert(userIdentities).values({ userId: user.id, provider, issuer, subject: claims.sub, email, createdAt: now, lastSignInAt: now });
      } catch (error) {
        // Linked to someone else at the same moment.
        if (isUniqueViolation(error)) throw new SignInRefused('identity_taken');
        throw error;
      }
      await recordAudit(db, user, [{ action: 'link_provider', student: user }]);
    }
    return { userId: user.id, created: false };
  }

  if (identity !== undefined) {
    await db.update(userIdentities).set({ lastSignInAt: now, email }).where(eq(userIdentities.id, identity.id));
    if (options.joinClass !== null && identity.role === 'student') {
      await db.update(users).set({ classroomName: options.joinClass.name, classroomKey: classKey(options.joinClass.name) }).where(eq(users.id, identity.userId));
    }
    await recordAudit(db, { id: identity.userId, username: identity.username }, [
      { action: 'sign_in_provider', student: { id: identity.userId, username: identity.username }, classRow: options.joinClass },
    ]);
    return { userId: identity.userId, created: false };
  }

  try {
    await options.signupLimiter.take(options.address, options.joinClass?.joinCode ?? undefined);
  } catch (error) {
    if (error instanceof RateLimitedError) throw new SignInRefused('rate_limited', error.message);
    throw error;
  }
  const created = await createStudent(db, options, email);
  await recordAudit(db, created, [{ action: 'sign_in_provider', student: created, classRow: options.joinClass }]);
  return { userId: created.id, created: true };
}

/** The most usernames tried for one new account (`ana.garcia`, `ana.garcia2`, …) before giving up. */
const USERNAME_ATTEMPTS = 50;

/** A new student with the identity, and their welcome messages, in one transaction; the username from the email, made unique. */
async function createStudent(db: Database, options: ResolveAccountOptions, email: string): Promise<User> {
  const { claims } = options;
  const base = usernameFromEmail(email);
  const names = namesFrom(claims, base);
  for (let attempt = 1; attempt <= USERNAME_ATTEMPTS; attempt += 1) {
    const username = attempt === 1 ? base : `${base}${attempt}`;
    try {
      return await db.transaction(async (tx) => {
        const user = await createUser(tx, { username, passwordHash: null, ...names, classroomName: options.joinClass?.name ?? null });
        await tx.insert(userIdentities).values({
          userId: user.id,
          provider: options.provider,
          issuer: options.issuer,
          subject: claims.sub,
          email,
          createdAt: options.now,
          lastSignInAt: options.now,
        });
        await deliverWelcomeMessages(tx, user.id, user.createdAt, options.welcomeMessages);
        return user;
      });
    } catch (error) {
      if (error instanceof UsernameTakenError) continue;
      throw error;
    }
  }
  throw new Error(`No free username from "${base}" in ${USERNAME_ATTEMPTS} tries.`);
}

/**
 * A username from an email's local part: lower case, letters, digits, `.`, `_` and `-` only (so it
 * is easy to type on another device), at most 40 characters; `student` when nothing is left.
 *
 * @example usernameFromEmail('Ana.García@lincoln.example') // 'ana.garcia'
 */
export function usernameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  const plain = normalizeUsername(local)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, 40);
  return plain === '' ? 'student' : plain;
}

function claimText(value: unknown): string {
  return typeof value === 'string' ? value.trim().slice(0, MAX_NAME_LENGTH) : '';
}

/** First and last name from the claims, else split from `name`, else the username. */
function namesFrom(claims: ProviderClaims, username: string): { firstName: string; lastName: string } {
  const given = claimText(claims.given_name);
  const family = claimText(claims.family_name);
  if (given !== '') return { firstName: given, lastName: family };
  const [first = '', ...rest] = claimText(claims.name).split(/\s+/);
  return first === '' ? { firstName: username, lastName: '' } : { firstName: first, lastName: rest.join(' ') };
}
