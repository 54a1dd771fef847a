/**
 * The admin's part of the console (docs/facilitators.md#admins): facilitator accounts and their
 * temporary passwords, the students in no class, and the audit log (docs/facilitators.md#privacy).
 * Every route is an admin's (`guards.admin`, server/routes/console/guards.ts): a facilitator's token or a
 * student's gets 403.
 */
import { asc, inArray, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { normalizeUsername, usernameProblem } from '../../auth/credentials.ts';
import { temporaryPassword } from '../../auth/temporary-password.ts';
import { createUser, UsernameTakenError } from '../../auth/users.ts';
import { classFacilitators, users, type Role } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { resetPassword } from '../../facilitator/accounts.ts';
import { AUDIT_PAGE_SIZE, readAudit, type AuditAction } from '../../facilitator/audit.ts';
import { findStaff, personColumns, toPersonResponse, unassignedStudents } from '../../facilitator/classes.ts';
import { MAX_NAME_LENGTH, nameSchema } from '../schemas.ts';
import type { ConsoleApp, ConsoleContext } from './context.ts';
import { temporaryPasswordReply } from './roster.ts';
import { errorReplies, isoTime, nullable, pathIds, personProperties } from './schemas.ts';

const staffRole = Type.Enum(['facilitator', 'admin'], { description: '`admin` also manages facilitators and sees every class.' });

/** One row of the audit log. */
const auditEntry = Type.Object({
  id: Type.Integer({ description: 'The entry id.' }),
  at: isoTime('When it was done.'),
  facilitator: Type.Object(
    { ...personProperties, id: nullable(Type.Integer({ description: 'Their user id; null once their account is deleted.' })) },
    { description: 'Who did it. Once their account is deleted: the username recorded then, empty names and a null id.' },
  ),
  student: Type.Union(
    [
      Type.Object(
        { ...personProperties, id: nullable(Type.Integer({ description: 'Their user id; null once their account is deleted.' })) },
        { description: 'Whose answers or password; as for `facilitator` once their account is deleted.' },
      ),
      Type.Null(),
    ],
    { description: 'Whose answers or password; null for an action on a whole class.' },
  ),
  class_id: nullable(Type.Integer({ description: 'The class acted in; null once it is deleted, or for an action outside a class.' })),
  class_name: nullable(Type.String({ description: "The class's name when it was done." })),
  day: nullable(Type.Integer({ minimum: 1, description: 'The day viewed or exported; null for every day or no day.' })),
  action: Type.Enum(['view_day', 'view_question', 'export', 'reset_password', 'delete_class', 'create_account', 'sign_in_provider', 'link_provider', 'unlink_provider'], {
    description: "`view_day`: a student's day; `view_question`: a day's answers by question; `export`: the CSV; `reset_password`; `delete_class`; `create_account`: a student's account made from a pasted roster; `sign_in_provider`, `link_provider`, `unlink_provider`: a user's own sign-in through a school's identity provider, and linking or unlinking one (the actor is the user).",
  }),
});

/** Declares the admin routes on the console's app. */
export function adminRoutes(app: ConsoleApp, { db, passwords, sessions, guards }: ConsoleContext): void {
  app.get(
    '/api/facilitator/facilitators/',
    {
      ...guards.admin,
      schema: {
        summary: 'Every facilitator and admin (admins only)',
        response: {
          200: Type.Object(
            {
              results: Type.Array(
                Type.Object({ ...personProperties, role: staffRole, class_count: Type.Integer({ minimum: 0, description: 'How many classes they facilitate.' }) }),
                { description: 'By last name, then first name.' },
              ),
            },
            { description: 'Every facilitator and admin account.' },
          ),
          ...errorReplies,
        },
      },
    },
    async () => {
      const classCount = sql<number>`(select count(*)::int from ${classFacilitators} cf where cf.user_id = ${users.id})`;
      const rows = await db
        .select({ ...personColumns, role: users.role, classCount })
        .from(users)
        .where(inArray(users.role, ['facilitator', 'admin']))
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
      // The query selects facilitators and admins only.
      return { results: rows.map((row) => ({ ...toPersonResponse(row), role: row.role as Exclude<Role, 'student'>, class_count: row.classCount })) };
    },
  );

  app.post(
    '/api/facilitator/facilitators/',
    {
      ...guards.admin,
      schema: {
        summary: 'Create a facilitator account with a temporary password, shown once (admins only)',
        body: Type.Object(
          {
            username: Type.Unsafe<string>(nameSchema('Their username.')),
            first_name: Type.Unsafe<string>(nameSchema('Their first name.')),
            last_name: Type.String({ maxLength: MAX_NAME_LENGTH, description: 'Their last name; may be empty.' }),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object(
            { ...personProperties, password: Type.String({ description: 'Their temporary password: shown once, never stored in clear.' }) },
            { description: 'The new facilitator account, with its temporary password.' },
          ),
          ...errorReplies,
        },
      },
    },
    async (request, reply) => {
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

  app.post(
    '/api/facilitator/facilitators/:id/password/',
    {
      ...guards.admin,
      schema: {
        summary: 'Set a temporary password for a facilitator (shown once); ends their logins (admins only)',
        params: pathIds({ id: ['The facilitator id.'] }),
        response: { 200: temporaryPasswordReply, ...errorReplies },
      },
    },
    async (request) => {
      const target = await findStaff(db, request.params.id);
      if (target === null) throw new HttpError('not_found', 'No facilitator has this id.');
      return { password: await resetPassword(db, passwords, sessions, target.id) };
    },
  );

  app.get(
    '/api/facilitator/unassigned/',
    {
      ...guards.admin,
      schema: {
        summary: 'Students on no class roster (admins only)',
        response: {
          200: Type.Object(
            {
              results: Type.Array(Type.Object({ ...personProperties, classroom_name: nullable(Type.String({ description: 'The Classroom Name they gave at sign-up, or null.' })) }), {
                description: 'By last name, then first name.',
              }),
            },
            { description: "The students whose Classroom Name matches no class and whom no facilitator added to one." },
          ),
          ...errorReplies,
        },
      },
    },
    async () => {
      const students = await unassignedStudents(db);
      return { results: students.map((student) => ({ ...toPersonResponse(student), classroom_name: student.classroomName })) };
    },
  );

  app.get(
    '/api/facilitator/audit/',
    {
      ...guards.admin,
      schema: {
        summary: 'The audit log, newest first: who opened whose answers and when (admins only)',
        response: {
          200: Type.Object({ results: Type.Array(auditEntry, { description: `The newest ${AUDIT_PAGE_SIZE} entries, newest first.` }) }, { description: 'The audit log.' }),
          ...errorReplies,
        },
      },
    },
    async () => {
      const rows = await readAudit(db);
      const ids = [...new Set(rows.flatMap((row) => [row.actorId, row.studentId]).filter((id): id is number => id !== null))];
      const people = ids.length === 0 ? [] : await db.select(personColumns).from(users).where(inArray(users.id, ids));
      const personOf = (id: number | null, username: string) => {
        const found = people.find((each) => each.id === id);
        return found ? toPersonResponse(found) : { id, username, first_name: '', last_name: '' };
      };
      return {
        results: rows.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          facilitator: personOf(row.actorId, row.actorUsername),
          student: row.studentUsername === null ? null : personOf(row.studentId, row.studentUsername),
          class_id: row.classId,
          class_name: row.className,
          day: row.day,
          // Written by recordAudit (server/facilitator/audit.ts), always one of its actions.
          action: row.action as AuditAction,
        })),
      };
    },
  );
}
