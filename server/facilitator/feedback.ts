/**
 * Feedback on answers (docs/facilitators.md#feedback): the rows of `answer_feedback` and their API shape,
 * shared by the console's routes and the student's.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { Database } from '../db/index.ts';
import { answerFeedback, users, type Role } from '../db/schema.ts';
import { onRoster, visibleClassScope, type Staff } from './classes.ts';

/** Longest feedback body, characters: a short comment, not an essay. */
export const MAX_FEEDBACK_LENGTH = 2_000;

/** A feedback row as stored. */
export type FeedbackRow = typeof answerFeedback.$inferSelect;

/** One piece of feedback as every route answers it. */
export const feedbackSchema = Type.Object(
  {
    id: Type.Integer(),
    student_id: Type.Integer({ description: 'The student whose answer it is about.' }),
    day: Type.Integer({ minimum: 1 }),
    field: Type.String({ description: "The answers path of the answer it is about, as the day's schema and the questions name it (`geneQ1`, `worksheet.2`)." }),
    body: Type.String({ description: 'Plain text, as written: show it as text, never as HTML.' }),
    author: Type.Object(
      { first_name: Type.String(), last_name: Type.String() },
      { description: "Who wrote it (names as they were when it was written; kept after the author's account is deleted)." },
    ),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time', description: 'When the body last changed; equals created_at until an edit.' }),
    read_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When the student first saw it in the lesson; null while unread, and again after an edit.' }),
    is_mine: Type.Boolean({ description: 'True when the signed-in facilitator wrote it (and so may edit or delete it); always false for a student.' }),
  },
  { additionalProperties: false },
);

/** The JSON of one piece of feedback. */
export type FeedbackResponse = Static<typeof feedbackSchema>;

/** `{"results": [feedback, ...]}`, oldest first. */
export const feedbackListSchema = Type.Object({ results: Type.Array(feedbackSchema, { description: 'Oldest first.' }) }, { additionalProperties: false });

/**
 * The API shape of a stored row.
 *
 * @param viewerId - the signed-in user's id: `is_mine` is true when they wrote it
 */
export function toFeedbackResponse(row: FeedbackRow, viewerId: number): FeedbackResponse {
  return {
    id: row.id,
    student_id: row.studentId,
    day: row.day,
    field: row.field,
    body: row.body,
    author: { first_name: row.authorFirstName, last_name: row.authorLastName },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
    is_mine: row.authorId === viewerId,
  };
}

/**
 * The feedback on some students' answers, oldest first.
 *
 * @param where - the students (one or a class's roster) and optionally one day
 */
export async function listFeedback(db: Database, where: { studentIds: readonly number[]; day?: number }): Promise<FeedbackRow[]> {
  if (where.studentIds.length === 0) return [];
  const students = sql`${answerFeedback.studentId} = ANY(${sql.param([...where.studentIds])}::int[])`;
  return db
    .select()
    .from(answerFeedback)
    .where(where.day === undefined ? students : and(students, eq(answerFeedback.day, where.day)))
    .orderBy(asc(answerFeedback.createdAt), asc(answerFeedback.id));
}

/**
 * What {@link readStudentDayFeedback} found: `role` null when the signed-in account is gone; `classFound`
 * false when the class does not exist or is not theirs; `studentFound` false when the student is not on
 * its roster (then `rows` is empty).
 */
export interface StudentDayFeedback {
  role: Role | null;
  classFound: boolean;
  studentFound: boolean;
  rows: FeedbackRow[];
}

/** A row of `answer_feedback` as PostgreSQL's `json_agg` writes it: the columns' names, times as text. */
interface FeedbackJson {
  id: number;
  student_id: number;
  day: number;
  field: string;
  body: string;
  author_id: number | null;
  author_first_name: string;
  author_last_name: string;
  created_at: string;
  updated_at: string;
  read_at: string | null;
}

const fromJson = (row: FeedbackJson): FeedbackRow => ({
  id: row.id,
  studentId: row.student_id,
  day: row.day,
  field: row.field,
  body: row.body,
  authorId: row.author_id,
  authorFirstName: row.author_first_name,
  authorLastName: row.author_last_name,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
  readAt: row.read_at === null ? null : new Date(row.read_at),
});

/**
 * The student-day feedback query as a prepared statement, one per database handle: the access check
 * ({@link visibleClassScope}), the roster check and the list in one round trip. Parameters: `userId`,
 * `classId`, `studentId`, `day`.
 */
function prepareStudentDay(db: Database) {
  const userId = sql.placeholder('userId');
  const studentId = sql`${sql.placeholder('studentId')}::int`;
  return db
    .select({
      role: sql<Role | null>`x.role`,
      class_id: sql<number | null>`x.class_id`,
      student_id: sql<number | null>`x.student_id`,
      rows: sql<string | null>`x.rows`,
    })
    .from(
      sql`(
    with ${visibleClassScope(userId, sql.placeholder('classId'))},
    student as (
      select ${users.id} as id from visible v join ${users} on ${users.id} = ${studentId}
      where ${onRoster(sql`v.id`, sql`v.name_key`, sql`${users.id}`)}
    )
    select me.role, v.id as class_id, s.id as student_id,
      (select json_agg(f order by f.created_at, f.id) from ${answerFeedback} f
        where f.student_id = s.id and f.day = ${sql.placeholder('day')}::smallint)::text as rows
    from me
    left join visible v on true
    left join student s on true) as x`,
    )
    .prepare('helix_student_day_feedback');
}

const studentDayByDatabase = new WeakMap<Database, ReturnType<typeof prepareStudentDay>>();

/**
 * The feedback on a student's day as the console opens it, oldest first, read with the access checks in
 * one query (`npm run bench:api`, "feedback": four queries made it the slowest console read).
 *
 * @param userId - the signed-in user, any role: the role comes back for `decideAccess`
 * @param where - the class of the path, its student and the day
 */
export async function readStudentDayFeedback(db: Database, userId: number, where: { classId: number; studentId: number; day: number }): Promise<StudentDayFeedback> {
  let statement = studentDayByDatabase.get(db);
  if (statement === undefined) {
    statement = prepareStudentDay(db);
    studentDayByDatabase.set(db, statement);
  }
  const [found] = (await statement.execute({ userId, ...where })) as { role: Role | null; class_id: number | null; student_id: number | null; rows: string | null }[];
  if (found === undefined) return { role: null, classFound: false, studentFound: false, rows: [] };
  const rows = found.rows === null ? [] : (JSON.parse(found.rows) as FeedbackJson[]).map(fromJson);
  return { role: found.role, classFound: found.class_id !== null, studentFound: found.student_id !== null, rows };
}

/** Stores a facilitator's new feedback on one answer. */
export async function addFeedback(db: Database, author: Staff, on: { studentId: number; day: number; field: string }, body: string): Promise<FeedbackRow> {
  const [row] = await db
    .insert(answerFeedback)
    .values({ ...on, body, authorId: author.id, authorFirstName: author.firstName, authorLastName: author.lastName })
    .returning();
  if (row === undefined) throw new Error('INSERT ... RETURNING returned no row');
  return row;
}

/** One piece of feedback on a student's day, or null when there is none with this id there. */
export async function findFeedback(db: Database, id: number, on: { studentId: number; day: number }): Promise<FeedbackRow | null> {
  const [row] = await db
    .select()
    .from(answerFeedback)
    .where(and(eq(answerFeedback.id, id), eq(answerFeedback.studentId, on.studentId), eq(answerFeedback.day, on.day)))
    .limit(1);
  return row ?? null;
}

/** Replaces a feedback's body; the student has not read the new text, so it is unread again. */
export async function editFeedback(db: Database, id: number, body: string): Promise<FeedbackRow> {
  const [row] = await db.update(answerFeedback).set({ body, updatedAt: sql`now()`, readAt: null }).where(eq(answerFeedback.id, id)).returning();
  if (row === undefined) throw new Error('UPDATE ... RETURNING returned no row');
  return row;
}

/** Deletes one piece of feedback. */
export async function deleteFeedback(db: Database, id: number): Promise<void> {
  await db.delete(answerFeedback).where(eq(answerFeedback.id, id));
}

/**
 * Marks one of a student's feedback read, keeping the first time it was read.
 *
 * @returns the row, or null when the student has no feedback with this id on this day
 */
export async function markFeedbackRead(db: Database, id: number, on: { studentId: number; day: number }): Promise<FeedbackRow | null> {
  const mine = and(eq(answerFeedback.id, id), eq(answerFeedback.studentId, on.studentId), eq(answerFeedback.day, on.day));
  const [updated] = await db
    .update(answerFeedback)
    .set({ readAt: sql`now()` })
    .where(and(mine, isNull(answerFeedback.readAt)))
    .returning();
  return updated ?? (await findFeedback(db, id, on));
}
