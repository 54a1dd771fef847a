/**
 * The admin's part of the console (docs/facilitators.md#admins): facilitator accounts, the students in
 * no class, and the audit log. A facilitator's token gets 403 `forbidden`, a student's too.
 */
import { asc, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { normalizeUsername, usernameProblem } from '../auth/credentials.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { SessionService } from '../auth/sessions.ts';
import { temporaryPassword } from '../auth/temporary-password.ts';
import { createUser, UsernameTakenError } from '../auth/users.ts';
import type { Database } from '../db/index.ts';
import { classFacilitators, users } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { readAudit } from '../facilitator/audit.ts';
import { findStaff, personColumns, toPersonResponse, unassignedStudents, type Staff } from '../facilitator/classes.ts';
import { resetPassword } from './facilitator.ts';
import { idParams } from './id-params.ts';
import { errorResponse, MAX_NAME_LENGTH, nameSchema } from './schemas.ts';

export interface AdminRoutesOptions {
  db: Database;
  passwords: PasswordHasher;
  sessions: SessionService;
  authenticate: onRequestAsyncHookHandler;
}

/** Registers the admin routes (a Fastify plugin; register with no prefix). */
export async function adminRoutes(app: FastifyInstance, options: AdminRoutesOptions): Promise<void> {
  const { db, passwords, sessions, authenticate } = options;

  const requireAdmin = async (request: FastifyRequest): Promise<Staff> => {
    if (request.user === null) throw new HttpError('not_authenticated');
    const staff = await findStaff(db, request.user.id);
    if (staff?.role !== 'admin') throw new HttpError('forbidden', 'Only an admin may do this.');
    return staff;
  };

  app.get(
    '/api/facilitator/facilitators/',
    { onRequest: authenticate, schema: { summary: 'Every facilitator and admin (admins only)', response: { '4xx': errorResponse } } },
    async (request) => {
      await requireAdmin(request);
      const classCount = sql<number>`(select count(*)::int from ${classFacilitators} cf where cf.user_id = ${users.id})`;
      const rows = await db
        .select({ ...personColumns, role: users.role, classCount })
        .from(users)
        .where(inArray(users.role, ['facilitator', 'admin']))
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
      return { results: rows.map((row) => ({ ...toPersonResponse(row), role: row.role, class_count: row.classCount })) };
    },
  );

  app.post<{ Body: { username: string; first_name: string; last_name: string } }>(
    '/api/facilitator/facilitators/',
    {
      onRequest: authenticate,
      schema: {
        summary: 'Create a facilitator account with a temporary password, shown once (admins only)',
        body: {
          type: 'object',
          required: ['username', 'first_name', 'last_name'],
          additionalProperties: false,
          properties: { username: nameSchema('Their username.'), first_name: nameSchema('Their first name.'), last_name: { type: 'string', maxLength: MAX_NAME_LENGTH } },
        },
        response: { '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      const username = normalizeUsername(request.body.username);
      const problem = usernameProblem(username);
      if (problem !== null) throw new HttpError('invalid_request', problem);
      const password = temporaryPassword();
      try {
        const created = await createUser(db, {
          username,
          passwordHash: await passwords.hash(password),
          firstName: request.body.first_name.trim(),
          lastName: request.body.last_name.trim(),
          classroomName: null,
          role: 'facilitator',
        });
        return await reply.code(201).send({ ...toPersonResponse(created), password });
      } catch (error) {
        if (error instanceof UsernameTakenError) throw new HttpError('username_taken');
        throw error;
      }
    },
  );

  app.post<{ Params: { id: number } }>(
    '/api/facilitator/facilitators/:id/password/',
    {
      onRequest: authenticate,
      schema: {
        summary: "Set a temporary password for a facilitator (shown once); ends their logins (admins only)",
        params: idParams({ id: ['The facilitator id.'] }),
        response: { '4xx': errorResponse },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const target = await findStaff(db, request.params.id);
      if (target === null) throw new HttpError('not_found', 'No facilitator has this id.');
      return { password: await resetPassword(db, passwords, sessions, target.id) };
    },
  );

  app.get(
    '/api/facilitator/unassigned/',
    { onRequest: authenticate, schema: { summary: 'Students on no class roster (admins only)', response: { '4xx': errorResponse } } },
    async (request) => {
      await requireAdmin(request);
      const students = await unassignedStudents(db);
      return { results: students.map((student) => ({ ...toPersonResponse(student), classroom_name: student.classroomName })) };
    },
  );

  app.get(
    '/api/facilitator/audit/',
    { onRequest: authenticate, schema: { summary: "The audit log, newest first: who opened whose answers and when (admins only)", response: { '4xx': errorResponse } } },
    async (request) => {
      await requireAdmin(request);
      const rows = await readAudit(db);
      const ids = [...new Set(rows.flatMap((row) => [row.actorId, row.studentId]).filter((id): id is number => id !== null))];
      const people = ids.length === 0 ? [] : await db.select(personColumns).from(users).where(inArray(users.id, ids));
      const person = (id: number | null, username: string) => {
        const found = people.find((each) => each.id === id);
        return found ? toPersonResponse(found) : { id, username, first_name: '', last_name: '' };
      };
      return {
        results: rows.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          facilitator: person(row.actorId, row.actorUsername),
          student: row.studentUsername === null ? null : person(row.studentId, row.studentUsername),
          class_id: row.classId,
          class_name: row.className,
          day: row.day,
          action: row.action,
        })),
      };
    },
  );
}

