/**
 * Feedback on answers, the student's side (docs/facilitators.md#feedback): the signed-in student's own
 * feedback, every day's or one day's, and marking one read when the lesson has shown it. Anyone else's
 * feedback is 404, as if it did not exist. The console's side is server/routes/console/feedback.ts.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../db/index.ts';
import { HttpError } from '../errors.ts';
import { feedbackListSchema, feedbackSchema, listFeedback, markFeedbackRead, toFeedbackResponse } from '../facilitator/feedback.ts';
import { DAY_NUMBER, idParams } from './id-params.ts';
import { errorResponse } from './schemas.ts';

export interface StudentFeedbackRoutesOptions {
  db: Database;
  /** The highest day with a schema: the largest `{day}` accepted. */
  lastDay: number;
  authenticate: onRequestAsyncHookHandler;
}

/** Registers the student's feedback routes (a Fastify plugin; register with no prefix). */
export async function studentFeedbackRoutes(untyped: FastifyInstance, options: StudentFeedbackRoutesOptions): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, lastDay, authenticate } = options;
  const errors = { '4xx': errorResponse };

  const studentId = (request: FastifyRequest): number => {
    if (request.user === null) throw new HttpError('not_authenticated');
    return request.user.id;
  };
  const studentDayOnly = Type.Unsafe<{ day: number }>(idParams({ day: [DAY_NUMBER, lastDay] }));

  app.get(
    '/api/student/feedback/',
    {
      onRequest: authenticate,
      schema: {
        summary: "The signed-in student's feedback on every day, oldest first (for the count of unread feedback)",
        response: { 200: feedbackListSchema, ...errors },
      },
    },
    async (request) => {
      const id = studentId(request);
      return { results: (await listFeedback(db, { studentIds: [id] })).map((row) => toFeedbackResponse(row, id)) };
    },
  );

  app.get(
    '/api/student/modules/:day/feedback/',
    {
      onRequest: authenticate,
      schema: {
        summary: "The feedback on the signed-in student's answers for a day, oldest first",
        params: studentDayOnly,
        response: { 200: feedbackListSchema, ...errors },
      },
    },
    async (request) => {
      const id = studentId(request);
      return { results: (await listFeedback(db, { studentIds: [id], day: request.params.day })).map((row) => toFeedbackResponse(row, id)) };
    },
  );

  app.patch(
    '/api/student/modules/:day/feedback/:feedbackId/read/',
    {
      onRequest: authenticate,
      schema: {
        summary: 'Mark feedback read (no body); it keeps the time it was first read',
        params: Type.Unsafe<{ day: number; feedbackId: number }>(idParams({ day: [DAY_NUMBER, lastDay], feedbackId: ['The feedback id.'] })),
        response: { 200: feedbackSchema, ...errors },
      },
    },
    async (request) => {
      const id = studentId(request);
      const row = await markFeedbackRead(db, request.params.feedbackId, { studentId: id, day: request.params.day });
      if (row === null) throw new HttpError('not_found', 'No such feedback.');
      return toFeedbackResponse(row, id);
    },
  );
}
