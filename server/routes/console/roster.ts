/**
 * A class's roster (docs/facilitators.md#classes): adding a student by username, removing one (the account
 * and answers stay), and a student's temporary password (docs/facilitators.md#passwords).
 */
import { Type } from 'typebox';
import { usernameKey } from '../../auth/credentials.ts';
import { HttpError } from '../../errors.ts';
import { resetPassword } from '../../facilitator/accounts.ts';
import { recordAudit } from '../../facilitator/audit.ts';
import { changeRoster, findUserWithRole, toPersonResponse } from '../../facilitator/classes.ts';
import type { ConsoleApp, ConsoleContext } from './context.ts';
import { CLASS_ID, errorReplies, noContent, pathIds, personReply, STUDENT_ID, usernameBody } from './schemas.ts';

/** The 200 body of a password reset: the temporary password, shown once. */
export const temporaryPasswordReply = Type.Object(
  { password: Type.String({ description: 'The temporary password (e.g. `kq7m-xt4a-93hw`): shown once, never stored in clear.' }) },
  { description: 'The new temporary password; every login of the account has been ended.' },
);

/** Declares the roster routes on the console's app. */
export function rosterRoutes(app: ConsoleApp, { db, passwords, sessions, guards }: ConsoleContext): void {
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
