/**
 * A signed-in user's own account (docs/facilitators.md#passwords): `POST /api/account/password/`
 * changes their password, every role alike, and ends their other logins.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { ACCOUNT_GONE_DETAIL } from '../auth/authenticate.ts';
import { newPasswordProblem } from '../auth/credentials.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { SessionService } from '../auth/sessions.ts';
import type { Database } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { errorResponse, passwordSchema } from './schemas.ts';

export interface AccountRoutesOptions {
  db: Database;
  passwords: PasswordHasher;
  sessions: SessionService;
  authenticate: onRequestAsyncHookHandler;
}

/** Registers the account routes (a Fastify plugin; register with no prefix). */
export async function accountRoutes(app: FastifyInstance, options: AccountRoutesOptions): Promise<void> {
  const { db, passwords, sessions, authenticate } = options;

  app.post<{ Body: { current_password: string; new_password: string } }>(
    '/api/account/password/',
    {
      onRequest: authenticate,
      schema: {
        summary: "Change the signed-in user's password (the current one required); ends their other logins",
        body: {
          type: 'object',
          required: ['current_password', 'new_password'],
          additionalProperties: false,
          properties: { current_password: passwordSchema, new_password: passwordSchema },
        },
        response: { 204: { type: 'null' }, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      if (request.user === null) throw new HttpError('not_authenticated');
      const { current_password: current, new_password: next } = request.body;
      const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, request.user.id)).limit(1);
      if (user === undefined) throw new HttpError('invalid_token', ACCOUNT_GONE_DETAIL);
      if (!(await passwords.verify(user.passwordHash, current))) throw new HttpError('wrong_password');
      const problem = newPasswordProblem(next);
      if (problem !== null) throw new HttpError('invalid_request', problem);
      await db
        .update(users)
        .set({ passwordHash: await passwords.hash(next), passwordChangeRequired: false })
        .where(eq(users.id, request.user.id));
      await sessions.revokeAllForUser(request.user.id, { except: request.user.familyId });
      return reply.code(204).send();
    },
  );
}
