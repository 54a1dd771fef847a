/**
 * Reading and saving a student's answers for a day (`module_responses`). Every save adds 1 to the
 * row's revision; a save may name the revision it was based on and then only happens if that is
 * still the stored one (issue 6, "Revisions": optimistic concurrency, no lost work).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { moduleResponses, type Answers } from '../db/schema.ts';

/** A day's stored answers. */
export interface SavedAnswers {
  answers: Answers;
  /** When they were last saved. */
  updatedAt: Date;
  /** 1 after the first save, +1 on every save. */
  revision: number;
}

/** The outcome of {@link saveAnswersIfRevision}: what is now stored, or, on a conflict, what was stored instead (null: nothing). */
export type ConditionalSave = { saved: SavedAnswers; conflict: null } | { saved: null; conflict: SavedAnswers | null };

const returnedColumns = { answers: moduleResponses.answers, updatedAt: moduleResponses.updatedAt, revision: moduleResponses.revision };

/** Loads one student's answers for one day, or null when nothing was saved yet. */
export async function loadAnswers(db: Database, userId: number, day: number): Promise<SavedAnswers | null> {
  const [row] = await db
    .select(returnedColumns)
    .from(moduleResponses)
    .where(and(eq(moduleResponses.userId, userId), eq(moduleResponses.day, day)))
    .limit(1);
  return row ?? null;
}

/**
 * Stores a day's answers whole, replacing what was there, in one upsert that increments the revision
 * (unconditional: the spec's payload without `base_revision`, section 7).
 *
 * @returns what is now stored
 */
export async function saveAnswers(db: Database, userId: number, day: number, answers: Answers): Promise<SavedAnswers> {
  const [row] = await db
    .insert(moduleResponses)
    .values({ userId, day, answers, revision: 1, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [moduleResponses.userId, moduleResponses.day],
      set: { answers: sql`excluded.answers`, revision: sql`${moduleResponses.revision} + 1`, updatedAt: sql`now()` },
    })
    .returning(returnedColumns);
  if (row === undefined) throw new Error('INSERT ... ON CONFLICT ... RETURNING returned no row');
  return row;
}

/**
 * Stores a day's answers only if the stored revision is still `baseRevision`, atomically (issue 6,
 * "Revisions"). `0` means "I saw nothing stored": it saves only while no row exists
 * (`INSERT … ON CONFLICT DO NOTHING RETURNING`). Any other value saves only over that revision
 * (`UPDATE … WHERE revision = $base RETURNING`, which PostgreSQL re-checks after waiting on a
 * concurrent update). Of two concurrent saves on the same base, exactly one wins.
 *
 * @param baseRevision - the revision the client's answers were based on, integer >= 0
 * @returns `{ saved }` with what is now stored, or `{ conflict }` with what is stored instead
 *   (`conflict: null` when nothing is stored, i.e. a base above 0 for a day never saved); nothing is
 *   changed on a conflict
 */
export async function saveAnswersIfRevision(
  db: Database,
  userId: number,
  day: number,
  answers: Answers,
  baseRevision: number,
): Promise<ConditionalSave> {
  const [row] =
    baseRevision === 0
      ? await db
          .insert(moduleResponses)
          .values({ userId, day, answers, revision: 1, updatedAt: sql`now()` })
          .onConflictDoNothing({ target: [moduleResponses.userId, moduleResponses.day] })
          .returning(returnedColumns)
      : await db
          .update(moduleResponses)
          .set({ answers, revision: sql`${moduleResponses.revision} + 1`, updatedAt: sql`now()` })
          .where(and(eq(moduleResponses.userId, userId), eq(moduleResponses.day, day), eq(moduleResponses.revision, baseRevision)))
          .returning(returnedColumns);
  if (row !== undefined) return { saved: row, conflict: null };
  return { saved: null, conflict: await loadAnswers(db, userId, day) };
}
