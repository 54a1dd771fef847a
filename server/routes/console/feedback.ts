/**
 * Feedback on answers, the console's side (docs/facilitators.md#feedback): a facilitator writes a short
 * plain-text comment on one answer of a student's day, reads whether the student has seen it, and edits
 * or deletes their own. The access rules are the console's (server/routes/console/guards.ts), plus one:
 * only a feedback's author may change it (403 `forbidden`). A field the day's schema does not have is
 * 400 `unknown_field`. The student's side is server/routes/feedback.ts.
 */
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { HttpError, NOT_BLANK_PATTERN } from '../../errors.ts';
import { rosterOf, type Staff } from '../../facilitator/classes.ts';
import {
  addFeedback,
  deleteFeedback,
  editFeedback,
  feedbackListSchema,
  feedbackSchema,
  findFeedback,
  listFeedback,
  MAX_FEEDBACK_LENGTH,
  readStudentDayFeedback,
  toFeedbackResponse,
  type FeedbackRow,
} from '../../facilitator/feedback.ts';
import { classNotFound, decideAccess, signedInUserId, studentNotFound } from './guards.ts';
import type { ConsoleApp, ConsoleContext } from './context.ts';
import { CLASS_ID, dayParam, errorReplies, noContent, pathIds, STUDENT_ID } from './schemas.ts';

const FEEDBACK_ID = ['The feedback id.'] as const;

const bodySchema = Type.String({
  minLength: 1,
  maxLength: MAX_FEEDBACK_LENGTH,
  pattern: NOT_BLANK_PATTERN,
  description: `Plain text, 1 to ${MAX_FEEDBACK_LENGTH.toLocaleString('en')} characters, not blank; stored without its leading and trailing white space.`,
});

/** Declares the feedback routes on the console's app. */
export function feedbackRoutes(app: ConsoleApp, { db, answersValidator, guards }: ConsoleContext): void {
  const day = dayParam(answersValidator.lastDay);
  const studentDayParams = pathIds({ id: CLASS_ID, studentId: STUDENT_ID, day });
  const oneParams = pathIds({ id: CLASS_ID, studentId: STUDENT_ID, day, feedbackId: FEEDBACK_ID });

  /** The class and student of the path, or 404. */
  const studentDay = async (request: FastifyRequest, params: { id: number; studentId: number; day: number }) => {
    const staff = guards.staffOf(request);
    const classRow = await guards.classOf(request, params.id);
    const student = await guards.studentOf(classRow, params.studentId);
    return { staff, on: { studentId: student.id, day: params.day } };
  };
  /** The feedback of the path, written by the signed-in facilitator, or 404 / 403. */
  const ownFeedback = async (request: FastifyRequest, params: { id: number; studentId: number; day: number; feedbackId: number }): Promise<{ staff: Staff; row: FeedbackRow }> => {
    const { staff, on } = await studentDay(request, params);
    const row = await findFeedback(db, params.feedbackId, on);
    if (row === null) throw new HttpError('not_found', 'No such feedback on this student’s day.');
    if (row.authorId !== staff.id) throw new HttpError('forbidden', 'Only the facilitator who wrote this feedback may change or delete it.');
    return { staff, row };
  };

  app.get(
    '/api/facilitator/classes/:id/days/:day/feedback/',
    {
      ...guards.staff,
      schema: {
        summary: "Every student's feedback of the class for a day, for the by-question view",
        params: pathIds({ id: CLASS_ID, day }),
        response: { 200: feedbackListSchema, ...errorReplies },
      },
    },
    async (request) => {
      const staff = guards.staffOf(request);
      const classRow = await guards.classOf(request, request.params.id);
      const roster = await rosterOf(db, classRow);
      const rows = await listFeedback(db, { studentIds: roster.map(({ id }) => id), day: request.params.day });
      return { results: rows.map((row) => toFeedbackResponse(row, staff.id)) };
    },
  );

  app.get(
    '/api/facilitator/classes/:id/students/:studentId/days/:day/feedback/',
    {
      // The role, the class and the student are checked by the list's own query, so the route runs
      // `authenticate` alone (as the progress route does).
      onRequest: guards.staff.onRequest,
      schema: {
        summary: "The feedback on a student's answers for a day, with when the student read each",
        params: studentDayParams,
        response: { 200: feedbackListSchema, ...errorReplies },
      },
    },
    async (request) => {
      const userId = signedInUserId(request);
      const { id: classId, studentId, day } = request.params;
      const found = await readStudentDayFeedback(db, userId, { classId, studentId, day });
      const refused = decideAccess(found.role, 'staff');
      if (refused !== null) throw refused;
      if (!found.classFound) throw classNotFound();
      if (!found.studentFound) throw studentNotFound();
      return { results: found.rows.map((row) => toFeedbackResponse(row, userId)) };
    },
  );

  app.post(
    '/api/facilitator/classes/:id/students/:studentId/days/:day/feedback/',
    {
      ...guards.staff,
      schema: {
        summary: "Write feedback on one answer of a student's day",
        params: studentDayParams,
        body: Type.Object(
          {
            field: Type.String({ minLength: 1, maxLength: 200, description: "The answers path of the answer, one of the day's questions (GET /api/facilitator/days/{day}/questions/)." }),
            body: bodySchema,
          },
          { additionalProperties: false },
        ),
        response: { 201: feedbackSchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const { staff, on } = await studentDay(request, request.params);
      const { field } = request.body;
      if (!answersValidator.fields(on.day).some((each) => each.path === field)) {
        throw new HttpError('unknown_field', `Day ${on.day} has no answer field "${field}": use a path from the day's questions, such as "${answersValidator.fields(on.day)[0]?.path ?? 'geneQ1'}".`);
      }
      const row = await addFeedback(db, staff, { ...on, field }, request.body.body.trim());
      return reply.code(201).send(toFeedbackResponse(row, staff.id));
    },
  );

  app.patch(
    '/api/facilitator/classes/:id/students/:studentId/days/:day/feedback/:feedbackId/',
    {
      ...guards.staff,
      schema: {
        summary: 'Change the text of feedback you wrote (it becomes unread again)',
        params: oneParams,
        body: Type.Object({ body: bodySchema }, { additionalProperties: false }),
        response: { 200: feedbackSchema, ...errorReplies },
      },
    },
    async (request) => {
      const { staff, row } = await ownFeedback(request, request.params);
      return toFeedbackResponse(await editFeedback(db, row.id, request.body.body.trim()), staff.id);
    },
  );

  app.delete(
    '/api/facilitator/classes/:id/students/:studentId/days/:day/feedback/:feedbackId/',
    {
      ...guards.staff,
      schema: {
        summary: 'Delete feedback you wrote',
        params: oneParams,
        response: { 204: noContent('Deleted.'), ...errorReplies },
      },
    },
    async (request, reply) => {
      const { row } = await ownFeedback(request, request.params);
      await deleteFeedback(db, row.id);
      return reply.code(204).send();
    },
  );
}
