/**
 * Queries on the `users` table.
 */
import { eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { classes, users, type Role } from '../db/schema.ts';
import { classKey, usernameKey } from './credentials.ts';

/** A student as stored. */
export type User = typeof users.$inferSelect;

/** What sign-up stores. The username is already normalised (`normalizeUsername`), names trimmed; `classroomName` is null when none was given. */
export interface NewUser {
  username: string;
  /** Null for a student who signs in only through a school's identity provider. */
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  classroomName: string | null;
  /** Default `student`; only the console and `npm run facilitator` make others. */
  role?: Role;
  /** Default false; true for a one-time password the user must replace at first sign-in. */
  passwordChangeRequired?: boolean;
}

/** Thrown by {@link createUser} when the username's key (`usernameKey`) exists already. */
export class UsernameTakenError extends Error {
  constructor(username: string) {
    super(`The username "${username}" is taken.`);
    this.name = 'UsernameTakenError';
  }
}

/**
 * Inserts a student, keyed by `usernameKey(user.username)`.
 *
 * @returns the stored row
 * @throws {@link UsernameTakenError} when the key already exists (the unique index decides, so two
 *   simultaneous sign-ups cannot both win)
 */
export async function createUser(db: Database, user: NewUser): Promise<User> {
  try {
    const [created] = await db
      .insert(users)
      .values({
        ...user,
        usernameKey: usernameKey(user.username),
        classroomKey: user.classroomName === null ? null : classKey(user.classroomName),
        // A student starts in their class's language, when its facilitator set one (docs/decisions/023-the-reader-s-language.md).
        language: user.classroomName === null ? null : sql`(select ${classes.language} from ${classes} where ${classes.nameKey} = ${classKey(user.classroomName)})`,
      })
      .returning();
    if (created === undefined) throw new Error('INSERT ... RETURNING returned no row');
    return created;
  } catch (error) {
    if (isUniqueViolation(error)) throw new UsernameTakenError(user.username);
    throw error;
  }
}

/** Finds a student by username as typed: any letter case, any Unicode compatibility form (NFKC), spaces around ignored. */
export async function findUserByUsername(db: Database, username: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.usernameKey, usernameKey(username))).limit(1);
  return user ?? null;
}

/**
 * Keys the users stored before the `username_key` column whose username is not printable ASCII (the
 * migration keys the others). A user whose key is already taken by another (two spellings PostgreSQL's
 * `lower()` told apart but NFKC and JavaScript do not) gets `<key>#<id>`, which they can sign in with,
 * and is reported. Run at start-up; cheap when there is nothing to do (one indexed query).
 *
 * @returns how many users were keyed, and the ids of those given a `#<id>` key
 */
export async function fillUsernameKeys(db: Database): Promise<{ keyed: number; renamed: number[] }> {
  const pending = await db.select({ id: users.id, username: users.username }).from(users).where(isNull(users.usernameKey)).orderBy(users.id);
  const renamed: number[] = [];
  for (const { id, username } of pending) {
    const key = usernameKey(username);
    try {
      await db.update(users).set({ usernameKey: key }).where(eq(users.id, id));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await db.update(users).set({ usernameKey: `${key}#${id}` }).where(eq(users.id, id));
      renamed.push(id);
    }
  }
  return { keyed: pending.length, renamed };
}

/** SQLSTATE 23505, which drizzle wraps in a DrizzleQueryError whose `cause` is the driver's error. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; typeof current === 'object' && current !== null; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
