/**
 * Reading and saving a student's answers for a day (`module_responses`).
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

/** Loads one student's answers for one day, or null when nothing was saved yet. */
export async function loadAnswers(db: Database, userId: number, day: number): Promise<SavedAnswers | null> {
  const [row] = await db
    .select({ answers: moduleResponses.answers, updatedAt: moduleResponses.updatedAt, revision: moduleResponses.revision })
    .from(moduleResponses)
    .where(and(eq(moduleResponses.userId, userId), eq(moduleResponses.day, day)))
    .limit(1);
  return row ?? null;
}

/**
 * Stores a day's answers whole, replacing what was there, in one upsert that increments the revision.
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
    .returning({ answers: moduleResponses.answers, updatedAt: moduleResponses.updatedAt, revision: moduleResponses.revision });
  if (row === undefined) throw new Error('INSERT ... ON CONFLICT ... RETURNING returned no row');
  return row;
}
