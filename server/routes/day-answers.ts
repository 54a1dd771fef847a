/**
 * A day's saved answers (docs/requirements.md#api-calls):
 * `GET /api/student/modules/:day/response/detail/` and `POST /api/student/modules/:day/response/`.
 * A student only ever reads and writes their own: the user comes from the access token, never from the request.
 *
 * No lost work (docs/decisions/005-revisions-and-drafts.md): answers of an older shape are accepted,
 * migrated and normalised to today's shape (only wrong JSON types are refused), and a save naming
 * `base_revision` never overwrites a newer save from another tab or device: it answers 409
 * `revision_conflict` with what is stored.
 */
import type { FastifyInstance, FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import { LOCALES } from '../locales.ts';
import { loadAnswers, saveAnswers, saveAnswersIfRevision, type StoredAnswers } from '../answers/store.ts';
import type { AnswersValidator } from '../answers/validators.ts';
import { ACCOUNT_GONE_DETAIL, accountExists, isMissingAccountError } from '../auth/authenticate.ts';
import type { Database } from '../db/index.ts';
import type { Answers } from '../../engine/schema/index.ts';
import { HttpError } from '../errors.ts';
import { errorResponse } from './schemas.ts';
import { DAY_NUMBER, positiveIntegerParams } from './id-params.ts';

export interface DayAnswersRoutesOptions {
  db: Database;
  answersValidator: AnswersValidator;
  authenticate: onRequestAsyncHookHandler;
}

interface DayParams {
  day: number;
}

/** The body of a save (docs/requirements.md#api-calls, plus `base_revision`: docs/decisions/005-revisions-and-drafts.md). */
export interface SaveAnswersBody {
  /** The day's whole answers object, of any older shape as long as the JSON types fit. */
  answers: Answers;
  /**
   * The revision these answers were based on. Omitted: save unconditionally. `0` or `null` (a page
   * whose load failed): save only if nothing is stored yet. Otherwise: save only over that revision.
   */
  base_revision?: number | null;
}

/** The body of both routes' 200 responses ({@link savedAnswersBody} writes it). */
interface SavedAnswersResponse {
  answers: Answers;
  /** ISO 8601, UTC. */
  updated_at: string;
  revision: number;
}

/** The body of a save's 409 `revision_conflict`: the error and what is stored instead. */
export interface RevisionConflictResponse {
  detail: string;
  code: 'revision_conflict';
  /** The stored answers in today's shape; the defaults when nothing is stored. */
  answers: Answers;
  /** The stored revision; 0 when nothing is stored. */
  revision: number;
  /** When they were saved (ISO 8601, UTC); null when nothing is stored. */
  updated_at: string | null;
}

/** The route's `:day`: 1 to the highest day with a schema file (docs/authoring.md); written plainly (server/routes/id-params.ts). */
function dayParamsSchema(lastDay: number) {
  return positiveIntegerParams('day', DAY_NUMBER, lastDay);
}

const savedAnswersSchema = {
  type: 'object',
  required: ['answers', 'updated_at', 'revision'],
  properties: {
    answers: {
      type: 'object',
      additionalProperties: true,
      description: "The day's stored answers, in today's shape for a day with a schema (migrated and normalised), keys unknown to the schema kept.",
    },
    updated_at: { type: 'string', format: 'date-time', description: 'When they were last saved (ISO 8601, UTC).' },
    revision: { type: 'integer', minimum: 1, description: '1 after the first save; every save adds 1. Send it back as base_revision.' },
  },
} as const;

const revisionConflictSchema = {
  type: 'object',
  description: 'The save was based on a revision that is no longer the stored one; nothing was changed.',
  required: ['detail', 'code', 'answers', 'revision', 'updated_at'],
  properties: {
    detail: { type: 'string', description: 'What went wrong, for people.' },
    code: { type: 'string', enum: ['revision_conflict'], description: 'What went wrong, for programs.' },
    answers: { type: 'object', additionalProperties: true, description: "The stored answers in today's shape; the defaults when nothing is stored." },
    revision: { type: 'integer', minimum: 0, description: 'The stored revision; 0 when nothing is stored.' },
    updated_at: { type: ['string', 'null'], format: 'date-time', description: 'When the stored answers were saved (ISO 8601, UTC); null when nothing is stored.' },
  },
} as const;

/** What Fastify sends for a JSON body it serialises itself, for the bodies written here as text. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Answers 200 with a {@link SavedAnswersResponse} written as text: the answers' JSON text spliced in
 * as it is (the database's, or the repaired answers'), so they are neither parsed into objects nor
 * serialised again by the route's response schema (docs/scaling.md). `updated_at` is ISO 8601 digits
 * and `revision` an integer: nothing in them needs escaping.
 *
 * @param answersJson - JSON text of the answers in today's shape (an object)
 * @returns the body to return from the handler
 */
function savedAnswersBody(reply: FastifyReply, answersJson: string, stored: StoredAnswers): string {
  const { updated_at: updatedAt, revision }: Omit<SavedAnswersResponse, 'answers'> = { updated_at: stored.updatedAt, revision: stored.revision };
  void reply.header('content-type', JSON_CONTENT_TYPE);
  return `{"answers":${answersJson},"updated_at":"${updatedAt}","revision":${revision}}`;
}

/** Registers the module-response routes (a Fastify plugin; register with no prefix). */
export async function dayAnswersRoutes(app: FastifyInstance, options: DayAnswersRoutesOptions): Promise<void> {
  const { db, answersValidator, authenticate } = options;

  /**
   * Runs a save. `authenticate` checks the token, not the account, so a deleted
   * account's save reaches the database, whose foreign key refuses it: that is a 401, never a 500.
   */
  const whileAccountExists = async <T>(save: () => Promise<T>): Promise<T> => {
    try {
      return await save();
    } catch (error) {
      if (isMissingAccountError(error)) throw new HttpError('invalid_token', ACCOUNT_GONE_DETAIL);
      throw error;
    }
  };

  app.get<{ Params: DayParams }>(
    '/api/student/modules/:day/response/detail/',
    {
      onRequest: authenticate,
      schema: {
        summary: "Load a day's saved answers",
        // The signed-in student's saved answers for a day; 404 not_found before the first save.
        params: dayParamsSchema(answersValidator.lastDay),
        response: { 200: savedAnswersSchema, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      if (request.user === null) throw new HttpError('not_authenticated');
      const { day } = request.params;
      const saved = await loadAnswers(db, request.user.id, day);
      if (saved === null) {
        // Nothing stored: a day not saved yet, or an account deleted since its token was issued.
        if (!(await accountExists(db, request.user.id))) throw new HttpError('invalid_token', ACCOUNT_GONE_DETAIL);
        throw new HttpError('not_found', `Nothing is saved for day ${day} yet.`);
      }
      // Rows saved before a content change come back in today's shape.
      return savedAnswersBody(reply, answersValidator.repairJson(day, saved.answersJson), saved);
    },
  );

  app.post<{ Params: DayParams; Body: SaveAnswersBody }>(
    '/api/student/modules/:day/response/',
    {
      onRequest: authenticate,
      // /metrics counts each response to a save as acknowledged (200) or refused, by its error code (server/metrics.ts).
      config: { outcomeMetric: 'answer_save' },
      schema: {
        summary: "Save a day's answers (autosave and Save buttons)",
        // Save the signed-in student's answers for a day, whole, replacing the previous ones; with
        // base_revision, only if that is still the stored revision (else 409 revision_conflict).
        params: dayParamsSchema(answersValidator.lastDay),
        headers: {
          type: 'object',
          properties: {
            'content-language': {
              type: 'string',
              description: "Helix's addition, optional: the language the student was reading the day in (`es`), kept with the answers for the class's teacher; another value is ignored.",
            },
          },
        },
        body: {
          type: 'object',
          required: ['answers'],
          additionalProperties: false,
          properties: {
            answers: {
              type: 'object',
              description: "The day's whole answers object. Any older shape is accepted as long as the JSON types fit schemas/day-N.schema.json.",
            },
            base_revision: {
              type: ['integer', 'null'],
              minimum: 0,
              description: 'The revision the answers were based on. Omitted: save regardless. 0 or null: only if nothing is stored yet. Else: only over that revision.',
            },
          },
        },
        response: { 200: savedAnswersSchema, 409: revisionConflictSchema, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      if (request.user === null) throw new HttpError('not_authenticated');
      const userId = request.user.id;
      const { day } = request.params;
      const { answers: received, base_revision: baseRevision } = request.body;
      const prepared = answersValidator.prepare(day, received);
      if (prepared.problem !== null) throw new HttpError('invalid_answers', prepared.problem);
      const language = readingLanguage(request.headers['content-language']);
      // What was just stored is in today's shape (prepare normalised it): its text is answered as returned.
      if (baseRevision === undefined) {
        const saved = await whileAccountExists(() => saveAnswers(db, userId, day, prepared.answers, prepared.answered, language));
        return savedAnswersBody(reply, saved.answersJson, saved);
      }

      const outcome = await whileAccountExists(() => saveAnswersIfRevision(db, userId, day, prepared.answers, baseRevision ?? 0, prepared.answered, language));
      if (outcome.saved !== null) return savedAnswersBody(reply, outcome.saved.answersJson, outcome.saved);
      const stored = outcome.conflict;
      if (stored === null && !(await accountExists(db, userId))) throw new HttpError('invalid_token', ACCOUNT_GONE_DETAIL);
      const conflict: Omit<RevisionConflictResponse, 'detail' | 'code'> = {
        answers: answersValidator.repair(day, stored === null ? {} : (JSON.parse(stored.answersJson) as Answers)),
        revision: stored?.revision ?? 0,
        updated_at: stored?.updatedAt ?? null,
      };
      throw new HttpError(
        'revision_conflict',
        `Your answers for day ${day} were saved from somewhere else since this page loaded them: it sent base_revision ${baseRevision ?? 'null'}, the stored revision is ${conflict.revision}.`,
        conflict,
      );
    },
  );
}

/**
 * The language a save says its student was reading, from its `Content-Language` header (RFC 9110: the
 * language of the enclosed representation's audience): one of the site's languages, its first tag's
 * primary subtag (`es-419` is `es`); null when absent or another (docs/decisions/023-the-reader-s-language.md).
 */
function readingLanguage(header: string | undefined): string | null {
  const primary = header?.split(',')[0]?.trim().split('-')[0]?.toLowerCase();
  return primary !== undefined && LOCALES.includes(primary) ? primary : null;
}
