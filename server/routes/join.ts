/**
 * Class join links, the student's side (docs/decisions/024-class-join-links.md): `GET /api/join/{code}/`
 * names the class a link leads to, for the join page, and `POST /api/join/{code}/` puts the signed-in
 * student in it. Signing up through a link is `POST /api/student/signup/` with `join_code`.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { classKey } from '../auth/credentials.ts';
import type { Database } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { classByJoinCode } from '../facilitator/join-codes.ts';
import { errorResponse } from './schemas.ts';

export interface JoinRoutesOptions {
  db: Database;
  authenticate: onRequestAsyncHookHandler;
}

const codeParams = {
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'string', maxLength: 32, description: "The join link's code, in any letter case, e.g. K7QX2M." } },
} as const;

const joinedClass = {
  type: 'object',
  required: ['class_name'],
  properties: { class_name: { type: 'string', description: "The class's name: the student's classroom_name once they join." } },
} as const;

/** Registers the join routes (a Fastify plugin; register with no prefix). */
export async function joinRoutes(app: FastifyInstance, { db, authenticate }: JoinRoutesOptions): Promise<void> {
  app.get<{ Params: { code: string } }>(
    '/api/join/:code/',
    {
      schema: {
        summary: "The class a join link leads to (Helix's addition)",
        security: [],
        params: codeParams,
        response: { 200: joinedClass, '4xx': errorResponse },
      },
    },
    async (request) => {
      const joined = await classByJoinCode(db, request.params.code);
      if (joined === null) throw new HttpError('join_code_unknown');
      return { class_name: joined.name };
    },
  );

  app.post<{ Params: { code: string } }>(
    '/api/join/:code/',
    {
      onRequest: authenticate,
      schema: {
        summary: "Join the class of a join link as the signed-in student (Helix's addition)",
        params: codeParams,
        response: { 200: joinedClass, '4xx': errorResponse },
      },
    },
    async (request) => {
      if (request.user === null) throw new HttpError('not_authenticated');
      const joined = await classByJoinCode(db, request.params.code);
      if (joined === null) throw new HttpError('join_code_unknown');
      const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, request.user.id)).limit(1);
      if (user === undefined) throw new HttpError('invalid_token');
      if (user.role !== 'student') throw new HttpError('forbidden', 'Only a student joins a class through its link; a facilitator is added by its creator.');
      await db.update(users).set({ classroomName: joined.name, classroomKey: classKey(joined.name) }).where(eq(users.id, request.user.id));
      return { class_name: joined.name };
    },
  );
}
