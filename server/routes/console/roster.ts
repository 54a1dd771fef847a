/**
 * A class's roster (docs/facilitators.md#classes): adding a student by username, removing one (the account
 * and answers stay), and a student's temporary password (docs/facilitators.md#passwords).
 */
import { inArray } from 'drizzle-orm';
import { Type } from 'typebox';
import { usernameKey } from '../../auth/credentials.ts';
import { HttpError } from '../../errors.ts';
import { resetPassword } from '../../facilitator/accounts.ts';
import { recordAudit } from '../../facilitator/audit.ts';
import { temporaryPassword } from '../../auth/temporary-password.ts';
import { createUser, UsernameTakenError } from '../../auth/users.ts';
import { users } from '../../db/schema.ts';
import { changeRoster, findUserWithRole, toPersonResponse } from '../../facilitator/classes.ts';
import { readRoster, uniqueUsernames } from '../../facilitator/roster-import.ts';
import { deliverWelcomeMessages } from '../../inbox/messages.ts';
import type { ConsoleApp, ConsoleContext } from './context.ts';
import { CLASS_ID, errorReplies, noContent, pathIds, personReply, STUDENT_ID, usernameBody } from './schemas.ts';

/** The 200 body of a password reset: the temporary password, shown once. */
export const temporaryPasswordReply = Type.Object(
  { password: Type.String({ description: 'The temporary password (e.g. `kq7m-xt4a-93hw`): shown once, never stored in clear.' }) },
  { description: 'The new temporary password; every login of the account has been ended.' },
);

/**
 * A 400 of the roster route: any refusal (`invalid_request` for a body without `csv`, say), and for
 * `roster_invalid` every wrong row, by its line in the paste.
 */
const rosterProblems = Type.Object(
  {
    detail: Type.String({ description: 'What went wrong; for `roster_invalid`, every wrong row in one text, e.g. "Row 3: the last name is empty."' }),
    code: Type.String({ description: '`roster_invalid` when rows are wrong, else another code of the registry (server/errors.ts).' }),
    rows: Type.Optional(
      Type.Array(Type.Object({ row: Type.Integer({ minimum: 1, description: 'The line of the paste, from 1.' }), problem: Type.String() }), {
        description: 'With `roster_invalid`: each wrong row.',
      }),
    ),
  },
  { description: 'Nothing was made.' },
);

/** Declares the roster routes on the console's app. */
export function rosterRoutes(app: ConsoleApp, { db, passwords, sessions, guards, welcomeMessages = [] }: ConsoleContext): void {
  app.post(
    '/api/facilitator/classes/:id/roster/',
    {
      ...guards.staff,
      schema: {
        summary: 'Make the accounts of a pasted roster in the class, each with a one-time password (any of its facilitators)',
        params: pathIds({ id: CLASS_ID }),
        body: Type.Object(
          {
            csv: Type.String({
              minLength: 1,
              maxLength: 65_536,
              description: 'CSV rows of first name, last name, and a username or an email; a header row optional; comma, semicolon or tab between columns.',
            }),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object(
            {
              students: Type.Array(
                Type.Object({
                  first_name: Type.String(),
                  last_name: Type.String(),
                  username: Type.String({ description: 'As given, or made from the email and made unique (`ana`, `ana2`; `s1`, `s1-2`).' }),
                  password: Type.String({ description: 'The one-time password, shown once: the student chooses their own at first sign-in.' }),
                }),
                { description: 'In the order of the paste.' },
              ),
            },
            { description: 'Every account made, in the class.' },
          ),
          400: rosterProblems,
          ...errorReplies,
        },
      },
    },
    async (request, reply) => {
      const staff = guards.staffOf(request);
      const classRow = await guards.classOf(request, request.params.id);
      const read = readRoster(request.body.csv);
      const unique = await uniqueUsernames(read.students, async (keys) => {
        if (keys.length === 0) return new Set();
        const found = await db.select({ key: users.usernameKey }).from(users).where(inArray(users.usernameKey, keys));
        return new Set(found.flatMap(({ key }) => (key === null ? [] : [key])));
      });
      const problems = [...read.problems, ...unique.problems].sort((a, b) => a.row - b.row);
      if (problems.length > 0) {
        const detail = `No account was made. ${problems.map(({ row, problem }) => `Row ${row}: ${problem}`).join(' ')}`;
        throw new HttpError('roster_invalid', detail, { rows: problems });
      }
      const made = await Promise.all(unique.students.map(async (student) => ({ student, password: temporaryPassword(), hash: '' })));
      for (const each of made) each.hash = await passwords.hash(each.password);
      const accounts: { id: number; username: string }[] = [];
      try {
        await db.transaction(async (tx) => {
          for (const { student, hash } of made) {
            const created = await createUser(tx, {
              username: student.username,
              passwordHash: hash,
              firstName: student.firstName,
              lastName: student.lastName,
              classroomName: classRow.name,
              passwordChangeRequired: true,
            });
            await deliverWelcomeMessages(tx, created.id, created.createdAt, welcomeMessages);
            accounts.push({ id: created.id, username: created.username });
          }
        });
      } catch (error) {
        // Another sign-up took a name between the check and the insert: nothing was made.
        if (error instanceof UsernameTakenError) throw new HttpError('roster_invalid', `No account was made: the username "${error.message}" was just taken. Paste the roster again.`, { rows: [] });
        throw error;
      }
      await recordAudit(db, staff, accounts.map((student) => ({ action: 'create_account' as const, student, classRow })));
      return reply.code(201).send({
        students: made.map(({ student, password }) => ({ first_name: student.firstName, last_name: student.lastName, username: student.username, password })),
      });
    },
  );

  app.post(
    '/api/facilitator/classes/:id/students/',
    {
      ...guards.staff,
      schema: {
        summary: 'Add a student to the class by username',
        params: pathIds({ id: CLASS_ID }),
        body: usernameBody("The student's username, in any letter case."),
        response: { 201: personReply('The student, now on the roster.'), ...errorReplies },
      },
    },
    async (request, reply) => {
      const classRow = await guards.classOf(request, request.params.id);
      const student = await findUserWithRole(db, usernameKey(request.body.username), ['student']);
      if (student === null) throw new HttpError('no_such_student', `No student has the username "${request.body.username.trim()}".`);
      await changeRoster(db, classRow.id, student.id, true);
      return reply.code(201).send(toPersonResponse(student));
    },
  );

  app.delete(
    '/api/facilitator/classes/:id/students/:studentId/',
    {
      ...guards.staff,
      schema: {
        summary: "Remove a student from the class's roster (the account and answers stay)",
        params: pathIds({ id: CLASS_ID, studentId: STUDENT_ID }),
        response: { 204: noContent('Removed from the roster.'), ...errorReplies },
      },
    },
    async (request, reply) => {
      const classRow = await guards.classOf(request, request.params.id);
      const student = await guards.studentOf(classRow, request.params.studentId);
      await changeRoster(db, classRow.id, student.id, false);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/facilitator/classes/:id/students/:studentId/password/',
    {
      ...guards.staff,
      schema: {
        summary: "Set a temporary password for a student of the class (shown once); ends the student's logins",
        params: pathIds({ id: CLASS_ID, studentId: STUDENT_ID }),
        response: { 200: temporaryPasswordReply, ...errorReplies },
      },
    },
    async (request) => {
      const classRow = await guards.classOf(request, request.params.id);
      const student = await guards.studentOf(classRow, request.params.studentId);
      const password = await resetPassword(db, passwords, sessions, student.id);
      await recordAudit(db, guards.staffOf(request), [{ action: 'reset_password', student, classRow }]);
      return { password };
    },
  );
}
