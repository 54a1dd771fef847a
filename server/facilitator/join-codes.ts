/**
 * Class join links (docs/decisions/024-class-join-links.md): a class's code, `/join/CODE`, lets a student
 * sign up, or sign in, straight into the class, without typing the Classroom Name. A student who joins
 * gets the class's name as their Classroom Name, so the roster rule of server/facilitator/classes.ts
 * holds them as if they had typed it.
 */
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { classes } from '../db/schema.ts';
import type { ClassRow } from './classes.ts';

/**
 * The characters of a join code: capital letters and digits without the look-alikes a pupil misreads
 * from the back of a room (0 and O, 1, I and L). 31 characters, so 6 make 887 million codes.
 */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Characters in a join code. */
export const JOIN_CODE_LENGTH = 6;

/** A new random join code, e.g. `K7QX2M` (crypto.randomInt, so no code follows from another). */
export function newJoinCode(): string {
  return Array.from({ length: JOIN_CODE_LENGTH }, () => JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)]).join('');
}

/**
 * A code as a person typed or a link carried it, in the stored form: upper case, spaces and dashes
 * removed. Null when it cannot be a code (another length, or a character outside the alphabet).
 *
 * @example normalJoinCode('k7q-x2m') // 'K7QX2M'
 */
export function normalJoinCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  return code.length === JOIN_CODE_LENGTH && [...code].every((character) => JOIN_CODE_ALPHABET.includes(character)) ? code : null;
}

/**
 * Opens the class's join link with a new code, replacing any code it had (the old link stops working).
 *
 * @returns the new code
 * @throws when no free code is found in 5 tries (only in a deployment of hundreds of millions of classes)
 */
export async function openJoinLink(db: Database, classId: number): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = newJoinCode();
    const [taken] = await db.select({ id: classes.id }).from(classes).where(eq(classes.joinCode, code)).limit(1);
    if (taken !== undefined) continue;
    await db.update(classes).set({ joinCode: code }).where(eq(classes.id, classId));
    return code;
  }
  throw new Error('No free join code was found in 5 tries.');
}

/** Closes the class's join link: its code stops working until a new one is made. */
export async function closeJoinLink(db: Database, classId: number): Promise<void> {
  await db.update(classes).set({ joinCode: null }).where(eq(classes.id, classId));
}

/**
 * The class whose join link is open with `typed`, in any letter case, with or without spaces and dashes.
 *
 * @returns null for a closed, unknown or malformed code (the three read the same to a student)
 */
export async function classByJoinCode(db: Database, typed: string): Promise<ClassRow | null> {
  const code = normalJoinCode(typed);
  if (code === null) return null;
  const [row] = await db.select().from(classes).where(eq(classes.joinCode, code)).limit(1);
  return row ?? null;
}
