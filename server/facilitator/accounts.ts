/**
 * Facilitator and admin accounts made outside the public sign-up (docs/facilitators.md#setting-up):
 * by `npm run facilitator -- add`, directly on the database or through a running server's pending
 * folder, and by admins in the console; and the temporary passwords the console gives any account
 * (docs/facilitators.md#passwords).
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { normalizeUsername, usernameProblem } from '../auth/credentials.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { SessionService } from '../auth/sessions.ts';
import { temporaryPassword } from '../auth/temporary-password.ts';
import { createUser, UsernameTakenError } from '../auth/users.ts';
import type { Database } from '../db/index.ts';
import { users, type Role } from '../db/schema.ts';

/** A facilitator or admin to create, with the password already hashed (argon2id PHC string). */
export interface StaffAccountRequest {
  username: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  role: Exclude<Role, 'student'>;
}

/** What became of a {@link StaffAccountRequest}: the new account's id, or why there is none. */
export type StaffAccountResult = { ok: true; id: number } | { ok: false; error: string };

/**
 * Creates a facilitator or admin account.
 *
 * @returns `{ ok: true, id }`, or `{ ok: false, error }` for a username that is taken or not allowed
 *   (docs/requirements.md#records: the sign-up rules apply)
 */
export async function createStaffAccount(db: Database, request: StaffAccountRequest): Promise<StaffAccountResult> {
  const username = normalizeUsername(request.username);
  const problem = usernameProblem(username);
  if (problem !== null) return { ok: false, error: problem };
  try {
    const created = await createUser(db, { ...request, username, classroomName: null });
    return { ok: true, id: created.id };
  } catch (error) {
    if (error instanceof UsernameTakenError) return { ok: false, error: `The username "${username}" is taken.` };
    throw error;
  }
}

/** Where a running server on PGlite picks up account requests: `${DATA_DIR}/pending-accounts`. */
export function pendingAccountsDir(dataDir: string): string {
  return join(dataDir, 'pending-accounts');
}

/** How often a running server looks for account requests, ms. */
export const PENDING_ACCOUNTS_POLL_MS = 500;

/**
 * Leaves an account request for the server holding the data folder: `<id>.request.json` (written
 * whole, then renamed, so the server never reads half a file). The server answers `<id>.result.json`.
 *
 * @returns the request's id
 */
export function leaveAccountRequest(dataDir: string, request: StaffAccountRequest, id: string): void {
  const dir = pendingAccountsDir(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const partial = join(dir, `${id}.partial`);
  writeFileSync(partial, JSON.stringify(request), { mode: 0o600 });
  renameSync(partial, join(dir, `${id}.request.json`));
}

/** The server's answer to request `id`, removed once read; null while there is none. */
export function takeAccountResult(dataDir: string, id: string): StaffAccountResult | null {
  const file = join(pendingAccountsDir(dataDir), `${id}.result.json`);
  try {
    const result = JSON.parse(readFileSync(file, 'utf8')) as StaffAccountResult;
    rmSync(file, { force: true });
    return result;
  } catch {
    return null;
  }
}

/** Withdraws a request no server took up. */
export function withdrawAccountRequest(dataDir: string, id: string): void {
  rmSync(join(pendingAccountsDir(dataDir), `${id}.request.json`), { force: true });
}

/**
 * Creates the accounts requested in the pending folder and answers each, once. What the server on
 * PGlite runs every {@link PENDING_ACCOUNTS_POLL_MS}; a malformed request is answered with an error.
 *
 * @returns how many requests were handled
 */
export async function handleAccountRequests(db: Database, dataDir: string): Promise<number> {
  const dir = pendingAccountsDir(dataDir);
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.request.json'));
  } catch {
    return 0;
  }
  for (const file of files) {
    const id = file.slice(0, -'.request.json'.length);
    const path = join(dir, file);
    let result: StaffAccountResult;
    try {
      const request = JSON.parse(readFileSync(path, 'utf8')) as StaffAccountRequest;
      result =
        typeof request.username === 'string' && typeof request.passwordHash === 'string' && (request.role === 'facilitator' || request.role === 'admin')
          ? await createStaffAccount(db, { ...request, firstName: String(request.firstName ?? ''), lastName: String(request.lastName ?? '') })
          : { ok: false, error: 'The request is not an account request.' };
    } catch (error) {
      result = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    rmSync(path, { force: true });
    writeFileSync(join(dir, `${id}.result.json`), JSON.stringify(result), { mode: 0o600 });
  }
  return files.length;
}

/**
 * Gives a user a new {@link temporaryPassword} and ends every login they have (docs/facilitators.md#passwords):
 * what a facilitator does for a student of their class, and an admin for a facilitator.
 *
 * @param userId - the account whose password is replaced (any role; the caller decides who may)
 * @returns the password in clear, to show once: only its argon2id hash is stored
 */
export async function resetPassword(db: Database, passwords: PasswordHasher, sessions: SessionService, userId: number): Promise<string> {
  const password = temporaryPassword();
  await db
    .update(users)
    .set({ passwordHash: await passwords.hash(password) })
    .where(eq(users.id, userId));
  await sessions.revokeAllForUser(userId);
  return password;
}
