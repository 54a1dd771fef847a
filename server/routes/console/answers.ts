/**
 * Students' answers as facilitators read them (docs/facilitators.md#answers-in-context): one student's
 * day, and every student's answers to a day for the by-question view. Each is repaired to today's shape
 * by the day's answers schema, and each read is recorded in the audit log (docs/facilitators.md#privacy).
 */
import { and, inArray } from 'drizzle-orm';
import { Type } from 'typebox';
import type { Answers } from '../../../engine/schema/index.ts';
import type { AnswersValidator } from '../../answers/validators.ts';
import type { Database } from '../../db/index.ts';
import { dayAnswers } from '../../db/schema.ts';
import { recordAudit } from '../../facilitator/audit.ts';
import { rosterOf, toPersonResponse } from '../../facilitator/classes.ts';
import type { ConsoleApp, ConsoleContext } from './context.ts';
import { answersObject, CLASS_ID, dayParam, errorReplies, isoTime, nullable, pathIds, person, personProperties, STUDENT_ID } from './schemas.ts';

/** A student's stored answers to one day, repaired. */
interface RepairedAnswers {
  answers: Answers;
  revision: number;
  updatedAt: Date;
  /** The language the student was reading at the last save; null when their client did not say. */
  language: string | null;
}

/**
 * The stored answers of some students for some days, each repaired to today's shape by its day's schema.
 *
 * @returns by student id, then by day; a day a student never saved is absent
 */
export async function answersOf(db: Database, validator: AnswersValidator, studentIds: readonly number[], days: readonly number[]): Promise<Map<number, Map<number, RepairedAnswers>>> {
  const byStudent = new Map<number, Map<number, RepairedAnswers>>();
  if (studentIds.length === 0 || days.length === 0) return byStudent;
  const rows = await db
    .select({ userId: dayAnswers.userId, day: dayAnswers.day, answers: dayAnswers.answers, revision: dayAnswers.revision, updatedAt: dayAnswers.updatedAt, language: dayAnswers.language })
    .from(dayAnswers)
    .where(and(inArray(dayAnswers.userId, [...studentIds]), inArray(dayAnswers.day, [...days])));
  for (const row of rows) {
    let saved = byStudent.get(row.userId);
    if (saved === undefined) byStudent.set(row.userId, (saved = new Map()));
    saved.set(row.day, { answers: validator.repair(row.day, row.answers), revision: row.revision, updatedAt: row.updatedAt, language: row.language });
  }
  return byStudent;
}

const revision = Type.Integer({ minimum: 0, description: "The server's revision of the day's answers: 0 when nothing was saved, 1 after the first save." });
const updatedAt = nullable(isoTime('When the answers were last saved, or null when never.'));
const language = nullable(
  Type.String({ description: "The language the student was reading the day in at the last save (one of the site's languages), for showing the prompts as they read them; null when never saved or not said." }),
);

/** Declares the answers routes on the console's app. */
export function answersRoutes(app: ConsoleApp, { db, answersValidator, guards }: ConsoleContext): void {
  const day = dayParam(answersValidator.lastDay);

  app.get(
    '/api/facilitator/classes/:id/students/:studentId/days/:day/',
    {
      ...guards.staff,
      schema: {
        summary: "A student's answers for a day, in today's shape (recorded in the audit log)",
        params: pathIds({ id: CLASS_ID, studentId: STUDENT_ID, day }),
        response: {
          200: Type.Object(
            { student: person, day: Type.Integer({ minimum: 1, description: 'The day number.' }), answers: answersObject, revision, updated_at: updatedAt, language },
            { description: "The student's answers to the day, as the lesson shows them." },
          ),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const classRow = await guards.classOf(request, request.params.id);
      const student = await guards.studentOf(classRow, request.params.studentId);
      const { day } = request.params;
      const saved = (await answersOf(db, answersValidator, [student.id], [day])).get(student.id)?.get(day);
      const schema = answersValidator.schema(day);
      await recordAudit(db, guards.staffOf(request), [{ action: 'view_day', student, classRow, day }]);
      return {
        student: toPersonResponse(student),
        day,
        answers: saved?.answers ?? (schema ? answersValidator.repair(day, {}) : {}),
        revision: saved?.revision ?? 0,
        updated_at: saved?.updatedAt.toISOString() ?? null,
        language: saved?.language ?? null,
      };
    },
  );

  app.get(
    '/api/facilitator/classes/:id/days/:day/answers/',
    {
      ...guards.staff,
      schema: {
        summary: "Every student's answers for a day, for the by-question view (recorded in the audit log)",
        params: pathIds({ id: CLASS_ID, day }),
        response: {
          200: Type.Object(
            {
              day: Type.Integer({ minimum: 1, description: 'The day number.' }),
              students: Type.Array(Type.Object({ ...personProperties, answers: answersObject, revision, updated_at: updatedAt, language }), {
                description: 'Every student on the roster, by last name, then first name.',
              }),
            },
            { description: "Every student's answers to the day." },
          ),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const classRow = await guards.classOf(request, request.params.id);
      const { day } = request.params;
      const roster = await rosterOf(db, classRow);
      const saved = await answersOf(
        db,
        answersValidator,
        roster.map(({ id }) => id),
        [day],
      );
      await recordAudit(
        db,
        guards.staffOf(request),
        roster.map((student) => ({ action: 'view_question' as const, student, classRow, day })),
      );
      return {
        day,
        students: roster.map((student) => {
          const stored = saved.get(student.id)?.get(day);
          return {
            ...toPersonResponse(student),
            answers: stored?.answers ?? answersValidator.repair(day, {}),
            revision: stored?.revision ?? 0,
            updated_at: stored?.updatedAt.toISOString() ?? null,
            language: stored?.language ?? null,
          };
        }),
      };
    },
  );
}
