/**
 * Queries on the `users` table.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { users } from '../db/schema.ts';

/** A student as stored. */
export type User = typeof users.$inferSelect;

/** What sign-up stores. Names are already trimmed; `classroomName` is null when none was given. */
export interface NewUser {
  username: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  classroomName: string | null;
}

/** Thrown by {@link createUser} when the username exists in any letter case. */
export class UsernameTakenError extends Error {
  constructor(username: string) {
    super(`The username "${username}" is taken.`);
    this.name = 'UsernameTakenError';
  }
}

/**
 * Inserts a student.
 *
 * @returns the stored row
 * @throws {@link UsernameTakenError} when `lower(username)` already exists (the unique index decides, so two
 *   simultaneous sign-ups cannot both win)
 */
export async function createUser(db: Database, user: NewUser): Promise<User> {
  try {
    const [created] = await db.insert(users).values(user).returning();
    if (created === undefined) throw new Error('INSERT ... RETURNING returned no row');
    return created;
  } catch (error) {
    if (isUniqueViolation(error)) throw new UsernameTakenError(user.username);
    throw error;
  }
}

/** Finds a student by username, ignoring letter case (uses the `lower(username)` index). */
export async function findUserByUsername(db: Database, username: string): Promise<User | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return user ?? null;
}

/** Finds a student by id. */
export async function findUserById(db: Database, id: number): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

/** SQLSTATE 23505, which drizzle wraps in a DrizzleQueryError whose `cause` is the driver's error. */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; typeof current === 'object' && current !== null; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
