/**
 * A day's saved answers (spec section 7):
 * `GET /api/student/modules/:day/response/detail/` and `POST /api/student/modules/:day/response/`.
 * A student only ever reads and writes their own: the user comes from the access token, never from the request.
 */
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { loadAnswers, saveAnswers, type SavedAnswers } from '../answers/store.ts';
import { FIRST_DAY, LAST_DAY, type AnswersValidator } from '../answers/validators.ts';
import type { Database } from '../db/index.ts';
import type { Answers } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { errorResponse } from './schemas.ts';

export interface ModuleResponseRoutesOptions {
  db: Database;
  answersValidator: AnswersValidator;
  authenticate: onRequestAsyncHookHandler;
}

interface DayParams {
  day: number;
}

/** The body of both routes' 200 responses. */
export interface SavedAnswersResponse {
  answers: Answers;
  /** ISO 8601, UTC. */
  updated_at: string;
  revision: number;
}

const dayParamsSchema = {
  type: 'object',
  required: ['day'],
  properties: {
    day: { type: 'integer', minimum: FIRST_DAY, maximum: LAST_DAY, description: 'The day number, 1 to 5 (spec section 1).' },
  },
} as const;

const savedAnswersSchema = {
  type: 'object',
  required: ['answers', 'updated_at', 'revision'],
  properties: {
    answers: { type: 'object', additionalProperties: true, description: "The day's answers object exactly as last saved." },
    updated_at: { type: 'string', format: 'date-time', description: 'When they were last saved (ISO 8601, UTC).' },
    revision: { type: 'integer', minimum: 1, description: '1 after the first save; every save adds 1.' },
  },
} as const;

function toResponse(saved: SavedAnswers): SavedAnswersResponse {
  return { answers: saved.answers, updated_at: saved.updatedAt.toISOString(), revision: saved.revision };
}

/** Registers the module-response routes (a Fastify plugin; register with no prefix). */
export async function moduleResponseRoutes(app: FastifyInstance, options: ModuleResponseRoutesOptions): Promise<void> {
  const { db, answersValidator, authenticate } = options;

  app.get<{ Params: DayParams }>(
    '/api/student/modules/:day/response/detail/',
    {
      onRequest: authenticate,
      schema: {
        // The signed-in student's saved answers for a day; 404 not_found before the first save.
        params: dayParamsSchema,
        response: { 200: savedAnswersSchema, '4xx': errorResponse },
      },
    },
    async (request) => {
      if (request.user === null) throw new ApiError('not_authenticated');
      const saved = await loadAnswers(db, request.user.id, request.params.day);
      if (saved === null) throw new ApiError('not_found', `Nothing is saved for day ${request.params.day} yet.`);
      return toResponse(saved);
    },
  );

  app.post<{ Params: DayParams; Body: { answers: Answers } }>(
    '/api/student/modules/:day/response/',
    {
      onRequest: authenticate,
      schema: {
        // Save the signed-in student's answers for a day, whole, replacing the previous ones.
        params: dayParamsSchema,
        body: {
          type: 'object',
          required: ['answers'],
          additionalProperties: false,
          properties: {
            answers: { type: 'object', description: "The day's whole answers object, checked against schemas/day-N.schema.json." },
          },
        },
        response: { 200: savedAnswersSchema, '4xx': errorResponse },
      },
    },
    async (request) => {
      if (request.user === null) throw new ApiError('not_authenticated');
      const { day } = request.params;
      const problem = answersValidator.check(day, request.body.answers);
      if (problem !== null) throw new ApiError('invalid_answers', problem);
      return toResponse(await saveAnswers(db, request.user.id, day, request.body.answers));
    },
  );
}
