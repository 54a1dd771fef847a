/**
 * The facilitator console's API (docs/facilitators.md#api): classes, live progress, a student's
 * answers, the by-question view, the CSV export, messages and password resets. Every route needs a
 * facilitator's or an admin's access token: a student's gets 403 `forbidden`, and a class or student the
 * facilitator does not facilitate gets 404 `not_found`, so nothing reveals that it exists.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Answers } from '../../engine/schema/index.ts';
import type { AnswersValidator } from '../answers/validators.ts';
import { ACCOUNT_GONE_DETAIL } from '../auth/authenticate.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { SessionService } from '../auth/sessions.ts';
import { temporaryPassword } from '../auth/temporary-password.ts';
import { usernameKey } from '../auth/credentials.ts';
import type { Database } from '../db/index.ts';
import { classMessages, dayAnswers, inboxMessages, users } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { recordAudit } from '../facilitator/audit.ts';
import {
  addFacilitator,
  changeRoster,
  ClassNameTakenError,
  createClass,
  deleteClassAndStudents,
  displayName,
  facilitatorsOf,
  findStaff,
  findUserWithRole,
  listClasses,
  onRoster,
  personColumns,
  rosterOf,
  toPersonResponse,
  visibleClass,
  type ClassRow,
  type Person,
  type Staff,
} from '../facilitator/classes.ts';
import { answersCsv, type ExportColumn } from '../facilitator/export.ts';
import { readProgress } from '../facilitator/progress.ts';
import { markdownToPlainText, renderMessageHtml } from '../markdown/markdown.ts';
import type { Question } from '../../scripts/questions/questions.ts';
import type { Week } from '../week.ts';
import { idParams } from './id-params.ts';
import { errorResponse, MAX_NAME_LENGTH } from './schemas.ts';

export interface FacilitatorRoutesOptions {
  db: Database;
  answersValidator: AnswersValidator;
  passwords: PasswordHasher;
  sessions: SessionService;
  authenticate: onRequestAsyncHookHandler;
  /** The published days a facilitator reads, in order, with their titles (`loadWeek`, server/week.ts). */
  week: Week;
  /** A day's questions as its students see them, or null for a day without both files (scripts/questions/questions.ts). */
  questions: (day: number) => Question[] | null;
}

/** `GET /api/facilitator/days/{day}/questions/`: what each input of a day asks, in lesson order. */
const questionsResponse = {
  type: 'object',
  required: ['day', 'questions'],
  additionalProperties: false,
  properties: {
    day: { type: 'integer', minimum: 1 },
    questions: {
      type: 'array',
      description: 'One entry per input, in the order the lesson shows them.',
      items: {
        type: 'object',
        required: ['path', 'prompt', 'part', 'kind'],
        additionalProperties: false,
        properties: {
          path: { type: 'string', description: "The answers path of the input's field, as the day's answers and the CSV name it (e.g. `worksheet.2`)." },
          prompt: { type: 'string', description: 'What the lesson asks beside the input; a blank shows as ____ in its sentence.' },
          part: { type: 'string', description: 'The heading of the part of the lesson it sits in; empty before the first.' },
          kind: { enum: ['free_text', 'blank_choice', 'table_cell', 'ordering'] },
          options: { type: 'array', items: { type: 'string' }, description: 'The choices offered (a blank, a select cell); absent for other inputs.' },
        },
      },
    },
  },
} as const;

/** Longest message subject, characters. */
export const MAX_SUBJECT_LENGTH = 200;
/** Longest message body (Markdown), characters. */
export const MAX_MESSAGE_LENGTH = 20_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in facilitator or admin, set by the console's `preHandler`; null elsewhere. */
    staff: Staff | null;
  }
}

const personSchema = {
  type: 'object',
  required: ['id', 'username', 'first_name', 'last_name'],
  properties: { id: { type: 'integer' }, username: { type: 'string' }, first_name: { type: 'string' }, last_name: { type: 'string' } },
} as const;

const classIdParam = ['The class id.'] as const;

/** The stored, repaired answers of some students for some days, by student then day. */
async function answersOf(db: Database, validator: AnswersValidator, studentIds: readonly number[], days: readonly number[]) {
  const byStudent = new Map<number, Map<number, { answers: Answers; revision: number; updatedAt: Date }>>();
  if (studentIds.length === 0 || days.length === 0) return byStudent;
  const rows = await db
    .select({ userId: dayAnswers.userId, day: dayAnswers.day, answers: dayAnswers.answers, revision: dayAnswers.revision, updatedAt: dayAnswers.updatedAt })
    .from(dayAnswers)
    .where(and(inArray(dayAnswers.userId, [...studentIds]), inArray(dayAnswers.day, [...days])));
  for (const row of rows) {
    let days = byStudent.get(row.userId);
    if (days === undefined) byStudent.set(row.userId, (days = new Map()));
    days.set(row.day, { answers: validator.repair(row.day, row.answers), revision: row.revision, updatedAt: row.updatedAt });
  }
  return byStudent;
}

/** A quoted `filename` for Content-Disposition: the class name's letters, digits and dashes only. */
function csvFileName(className: string, day: number | null): string {
  const base = className.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'class';
  return `${base}-${day === null ? 'all-days' : `day-${day}`}.csv`;
}

/** Registers the console's routes (a Fastify plugin; register with no prefix). */
export async function facilitatorRoutes(app: FastifyInstance, options: FacilitatorRoutesOptions): Promise<void> {
  const { db, answersValidator, passwords, sessions, authenticate } = options;
  const readableDays = options.week.map(({ day }) => day);
  app.decorateRequest('staff', null);

  /** The console's guard, after `authenticate`: 403 for a student, 401 for an account deleted since its token. */
  const requireStaff = async (request: FastifyRequest) => {
    if (request.user === null) throw new HttpError('not_authenticated');
    const staff = await findStaff(db, request.user.id);
    if (staff === null) {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, request.user.id)).limit(1);
      if (user === undefined) throw new HttpError('invalid_token', ACCOUNT_GONE_DETAIL);
      throw new HttpError('forbidden', 'Only facilitators and admins may use the facilitator console.');
    }
    request.staff = staff;
  };
  const staffOf = (request: FastifyRequest): Staff => {
    if (request.staff === null) throw new HttpError('not_authenticated');
    return request.staff;
  };
  const classOf = async (request: FastifyRequest, classId: number): Promise<ClassRow> => {
    const found = await visibleClass(db, staffOf(request), classId);
    if (found === null) throw new HttpError('not_found', 'No class with this id is yours.');
    return found;
  };
  /** A student on the class's roster, or 404. */
  const studentOf = async (classRow: ClassRow, studentId: number): Promise<Person> => {
    const [student] = await db
      .select(personColumns)
      .from(users)
      .where(and(eq(users.id, studentId), onRoster(classRow.id, classRow.nameKey, sql`${users.id}`)))
      .limit(1);
    if (student === undefined) throw new HttpError('not_found', 'This student is not in this class.');
    return student;
  };
  const guarded = { onRequest: authenticate, preHandler: requireStaff };
  const dayParam = ['The day number.', answersValidator.lastDay] as const;
  // The week as the progress table shows it, computed once: each day's title and answer fields.
  const week = options.week.map(({ day, title }) => ({ day, title, fields: answersValidator.fields(day).length }));
  const weekJson = JSON.stringify(week);

  app.get(
    '/api/facilitator/classes/',
    {
      ...guarded,
      schema: {
        summary: 'List the classes the facilitator runs (an admin: every class)',
        response: { '4xx': errorResponse },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const found = await listClasses(db, staff);
      const facilitators = await facilitatorsOf(
        db,
        found.map(({ id }) => id),
      );
      return {
        results: found.map((each) => ({
          id: each.id,
          name: each.name,
          student_count: each.studentCount,
          facilitators: (facilitators.get(each.id) ?? []).map(toPersonResponse),
          is_creator: each.createdBy === staff.id,
        })),
      };
    },
  );

  app.post<{ Body: { name: string } }>(
    '/api/facilitator/classes/',
    {
      ...guarded,
      schema: {
        summary: 'Create a class',
        body: {
          type: 'object',
          required: ['name'],
          additionalProperties: false,
          properties: { name: { type: 'string', minLength: 1, maxLength: MAX_NAME_LENGTH, pattern: '\\S', description: "The class's name, unique in the deployment (trimmed, NFKC, case-insensitive)." } },
        },
        response: { 201: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } }, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const name = request.body.name.normalize('NFKC').trim();
      try {
        const created = await createClass(db, staffOf(request), name);
        return await reply.code(201).send({ id: created.id, name: created.name });
      } catch (error) {
        if (error instanceof ClassNameTakenError) throw new HttpError('class_name_taken', `A class named "${name}" already exists. Choose another name.`);
        throw error;
      }
    },
  );

  app.delete<{ Params: { id: number }; Body: { confirm: string } }>(
    '/api/facilitator/classes/:id/',
    {
      ...guarded,
      schema: {
        summary: "Delete a class with its students' accounts and answers (admins only)",
        params: idParams({ id: classIdParam }),
        body: { type: 'object', required: ['confirm'], additionalProperties: false, properties: { confirm: { type: 'string', maxLength: MAX_NAME_LENGTH, description: "The class's exact name, typed." } } },
        response: { 204: { type: 'null' }, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      if (staff.role !== 'admin') throw new HttpError('forbidden', 'Only an admin may delete a class.');
      const classRow = await classOf(request, request.params.id);
      if (request.body.confirm !== classRow.name) throw new HttpError('confirmation_mismatch', `Type the class's name exactly, "${classRow.name}", to delete it.`);
      const deleted = await deleteClassAndStudents(db, classRow);
      await recordAudit(db, staff, [{ action: 'delete_class', classRow }]);
      request.log.info({ classId: classRow.id, deletedStudents: deleted }, 'class deleted');
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/facilitator/classes/:id/progress/',
    {
      onRequest: authenticate,
      schema: {
        summary: "A class's progress: answered fields per student and day (ETag; If-None-Match answers 304)",
        params: idParams({ id: classIdParam }),
        response: { '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      if (request.user === null) throw new HttpError('not_authenticated');
      // One query: the role, the class and the counts together (server/facilitator/progress.ts).
      const progress = await readProgress(db, request.user.id, request.params.id, week);
      if (progress.role === null) throw new HttpError('invalid_token', ACCOUNT_GONE_DETAIL);
      if (progress.role === 'student') throw new HttpError('forbidden', 'Only facilitators and admins may use the facilitator console.');
      if (progress.class === null) throw new HttpError('not_found', 'No class with this id is yours.');
      const classJson = JSON.stringify({
        id: progress.class.id,
        name: progress.class.name,
        is_creator: progress.class.createdBy === request.user.id,
        facilitators: progress.class.facilitators.map(toPersonResponse),
      });
      const body = `{"class":${classJson},"days":${weekJson},"students":${progress.studentsJson}}`;
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      void reply.header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  app.post<{ Params: { id: number }; Body: { username: string } }>(
    '/api/facilitator/classes/:id/students/',
    {
      ...guarded,
      schema: {
        summary: 'Add a student to the class by username',
        params: idParams({ id: classIdParam }),
        body: { type: 'object', required: ['username'], additionalProperties: false, properties: { username: { type: 'string', minLength: 1, maxLength: MAX_NAME_LENGTH } } },
        response: { 201: personSchema, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const classRow = await classOf(request, request.params.id);
      const student = await findUserWithRole(db, usernameKey(request.body.username), ['student']);
      if (student === null) throw new HttpError('no_such_student', `No student has the username "${request.body.username.trim()}".`);
      await changeRoster(db, classRow.id, student.id, true);
      return reply.code(201).send(toPersonResponse(student));
    },
  );

  app.delete<{ Params: { id: number; studentId: number } }>(
    '/api/facilitator/classes/:id/students/:studentId/',
    {
      ...guarded,
      schema: {
        summary: "Remove a student from the class's roster (the account and answers stay)",
        params: idParams({ id: classIdParam, studentId: ['The student id.'] }),
        response: { 204: { type: 'null' }, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const classRow = await classOf(request, request.params.id);
      const student = await studentOf(classRow, request.params.studentId);
      await changeRoster(db, classRow.id, student.id, false);
      return reply.code(204).send();
    },
  );

  app.post<{ Params: { id: number }; Body: { username: string } }>(
    '/api/facilitator/classes/:id/facilitators/',
    {
      ...guarded,
      schema: {
        summary: 'Add a co-facilitator to the class (its creator or an admin)',
        params: idParams({ id: classIdParam }),
        body: { type: 'object', required: ['username'], additionalProperties: false, properties: { username: { type: 'string', minLength: 1, maxLength: MAX_NAME_LENGTH } } },
        response: { 201: personSchema, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const classRow = await classOf(request, request.params.id);
      if (staff.role !== 'admin' && classRow.createdBy !== staff.id) throw new HttpError('forbidden', "Only the class's creator or an admin may add a co-facilitator.");
      const facilitator = await findUserWithRole(db, usernameKey(request.body.username), ['facilitator', 'admin']);
      if (facilitator === null) throw new HttpError('no_such_facilitator', `No facilitator has the username "${request.body.username.trim()}".`);
      await addFacilitator(db, classRow.id, facilitator.id);
      return reply.code(201).send(toPersonResponse(facilitator));
    },
  );

  app.get<{ Params: { day: number } }>(
    '/api/facilitator/days/:day/questions/',
    {
      ...guarded,
      schema: {
        summary: 'Every question of a published day as its students see it, one per input, in lesson order',
        params: idParams({ day: dayParam }),
        response: { 200: questionsResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const { day } = request.params;
      const questions = options.week.some((each) => each.day === day) ? options.questions(day) : null;
      if (questions === null) throw new HttpError('not_found', `Day ${day} is not published.`);
      return { day, questions };
    },
  );

  app.get<{ Params: { id: number; studentId: number; day: number } }>(
    '/api/facilitator/classes/:id/students/:studentId/days/:day/',
    {
      ...guarded,
      schema: {
        summary: "A student's answers for a day, in today's shape (recorded in the audit log)",
        params: idParams({ id: classIdParam, studentId: ['The student id.'], day: dayParam }),
        response: { '4xx': errorResponse },
      },
    },
    async (request) => {
      const classRow = await classOf(request, request.params.id);
      const student = await studentOf(classRow, request.params.studentId);
      const { day } = request.params;
      const saved = (await answersOf(db, answersValidator, [student.id], [day])).get(student.id)?.get(day);
      const schema = answersValidator.schema(day);
      await recordAudit(db, staffOf(request), [{ action: 'view_day', student, classRow, day }]);
      return {
        student: toPersonResponse(student),
        day,
        answers: saved?.answers ?? (schema ? answersValidator.repair(day, {}) : {}),
        revision: saved?.revision ?? 0,
        updated_at: saved?.updatedAt.toISOString() ?? null,
      };
    },
  );

  app.get<{ Params: { id: number; day: number } }>(
    '/api/facilitator/classes/:id/days/:day/answers/',
    {
      ...guarded,
      schema: {
        summary: "Every student's answers for a day, for the by-question view (recorded in the audit log)",
        params: idParams({ id: classIdParam, day: dayParam }),
        response: { '4xx': errorResponse },
      },
    },
    async (request) => {
      const classRow = await classOf(request, request.params.id);
      const { day } = request.params;
      const roster = await rosterOf(db, classRow);
      const saved = await answersOf(
        db,
        answersValidator,
        roster.map(({ id }) => id),
        [day],
      );
      await recordAudit(
        db,
        staffOf(request),
        roster.map((student) => ({ action: 'view_question' as const, student, classRow, day })),
      );
      return {
        day,
        students: roster.map((student) => {
          const stored = saved.get(student.id)?.get(day);
          return {
            ...toPersonResponse(student),
            answers: stored?.answers ?? answersValidator.repair(day, {}),
            revision: stored?.revision ?? 0,
            updated_at: stored?.updatedAt.toISOString() ?? null,
          };
        }),
      };
    },
  );

  app.get<{ Params: { id: number }; Querystring: { day?: number } }>(
    '/api/facilitator/classes/:id/export.csv',
    {
      ...guarded,
      schema: {
        summary: "The class's answers as CSV: one row a student, one column an answer field (UTF-8 with BOM)",
        params: idParams({ id: classIdParam }),
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { day: { type: 'integer', minimum: 1, maximum: answersValidator.lastDay, description: 'One day; omitted: every day.' } },
        },
        response: { '4xx': errorResponse },
      },
    },
    async (request, reply: FastifyReply) => {
      const classRow = await classOf(request, request.params.id);
      const day = request.query.day ?? null;
      const days = day === null ? readableDays : [day];
      const roster = await rosterOf(db, classRow);
      const saved = await answersOf(
        db,
        answersValidator,
        roster.map(({ id }) => id),
        days,
      );
      await recordAudit(db, staffOf(request), [{ action: 'export', classRow, day }]);
      const columns: ExportColumn[] = days.flatMap((each) => {
        // In lesson order, each headed by its question; a field the lesson does not ask (none, by scripts/questions/questions.test.ts) keeps the schema's place and description.
        const asked = new Map((options.questions(each) ?? []).map((question, index) => [question.path, { index, question }]));
        return answersValidator
          .fields(each)
          .map((field, index) => ({ day: each, field, question: asked.get(field.path)?.question ?? null, order: asked.get(field.path)?.index ?? asked.size + index }))
          .sort((a, b) => a.order - b.order)
          .map(({ order: _order, ...column }) => column);
      });
      const students = roster.map((student) => ({
        ...student,
        answers: new Map([...(saved.get(student.id)?.entries() ?? [])].map(([each, stored]) => [each, stored.answers])),
      }));
      void reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${csvFileName(classRow.name, day)}"`);
      return reply.send(answersCsv(columns, students));
    },
  );

  app.post<{ Params: { id: number }; Body: { subject: string; body: string; student_ids?: number[] } }>(
    '/api/facilitator/classes/:id/messages/',
    {
      ...guarded,
      schema: {
        summary: "Send a message to the class's inboxes (or to chosen students)",
        params: idParams({ id: classIdParam }),
        body: {
          type: 'object',
          required: ['subject', 'body'],
          additionalProperties: false,
          properties: {
            subject: { type: 'string', minLength: 1, maxLength: MAX_SUBJECT_LENGTH, pattern: '\\S' },
            body: { type: 'string', minLength: 1, maxLength: MAX_MESSAGE_LENGTH, pattern: '\\S', description: 'Markdown; rendered and sanitised like the workbooks.' },
            student_ids: { type: 'array', minItems: 1, maxItems: 1000, uniqueItems: true, items: { type: 'integer', minimum: 1 }, description: 'Omitted: the whole class.' },
          },
        },
        response: { 201: { type: 'object', required: ['id', 'subject', 'recipients'], properties: { id: { type: 'integer' }, subject: { type: 'string' }, recipients: { type: 'integer' } } }, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const classRow = await classOf(request, request.params.id);
      const roster = await rosterOf(db, classRow);
      const chosen = request.body.student_ids;
      const rosterIds = new Set(roster.map(({ id }) => id));
      const missing = chosen?.find((id) => !rosterIds.has(id));
      if (missing !== undefined) throw new HttpError('not_in_class', `The student ${missing} is not in this class.`);
      const recipients = chosen ?? [...rosterIds];
      const subject = request.body.subject.trim();
      const markdown = request.body.body;
      const sent = await db.transaction(async (tx) => {
        const [message] = await tx.insert(classMessages).values({ classId: classRow.id, senderId: staff.id, subject, body: markdown }).returning();
        if (message === undefined) throw new Error('INSERT ... RETURNING returned no row');
        if (recipients.length > 0) {
          const plain = markdownToPlainText(markdown);
          const html = renderMessageHtml(markdown);
          await tx.insert(inboxMessages).values(
            recipients.map((userId) => ({ userId, subject, body: plain, bodyHtml: html, sender: displayName(staff), sentAt: message.sentAt, classMessageId: message.id })),
          );
        }
        return message;
      });
      return reply.code(201).send({ id: sent.id, subject: sent.subject, recipients: recipients.length });
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/facilitator/classes/:id/messages/',
    {
      ...guarded,
      schema: {
        summary: 'The messages sent to the class, newest first, with who has read each',
        params: idParams({ id: classIdParam }),
        response: { '4xx': errorResponse },
      },
    },
    async (request) => {
      const classRow = await classOf(request, request.params.id);
      const sent = await db
        .select({ id: classMessages.id, subject: classMessages.subject, body: classMessages.body, sentAt: classMessages.sentAt, senderId: classMessages.senderId })
        .from(classMessages)
        .where(eq(classMessages.classId, classRow.id))
        .orderBy(desc(classMessages.sentAt), desc(classMessages.id));
      const ids = sent.map(({ id }) => id);
      const copies =
        ids.length === 0
          ? []
          : await db
              .select({ messageId: inboxMessages.classMessageId, isRead: inboxMessages.isRead, ...personColumns })
              .from(inboxMessages)
              .innerJoin(users, eq(users.id, inboxMessages.userId))
              .where(inArray(inboxMessages.classMessageId, ids))
              .orderBy(users.lastName, users.firstName);
      const senderIds = [...new Set(sent.map(({ senderId }) => senderId).filter((id): id is number => id !== null))];
      const senders = senderIds.length === 0 ? [] : await db.select(personColumns).from(users).where(inArray(users.id, senderIds));
      return {
        results: sent.map((message) => {
          const sender = senders.find(({ id }) => id === message.senderId);
          return {
            id: message.id,
            subject: message.subject,
            body: message.body,
            body_html: renderMessageHtml(message.body),
            sent_at: message.sentAt.toISOString(),
            sender: sender ? toPersonResponse(sender) : null,
            recipients: copies.filter(({ messageId }) => messageId === message.id).map((copy) => ({ ...toPersonResponse(copy), is_read: copy.isRead })),
          };
        }),
      };
    },
  );

  app.post<{ Params: { id: number; studentId: number } }>(
    '/api/facilitator/classes/:id/students/:studentId/password/',
    {
      ...guarded,
      schema: {
        summary: "Set a temporary password for a student of the class (shown once); ends the student's logins",
        params: idParams({ id: classIdParam, studentId: ['The student id.'] }),
        response: { 200: { type: 'object', required: ['password'], properties: { password: { type: 'string' } } }, '4xx': errorResponse },
      },
    },
    async (request) => {
      const classRow = await classOf(request, request.params.id);
      const student = await studentOf(classRow, request.params.studentId);
      const password = await resetPassword(db, passwords, sessions, student.id);
      await recordAudit(db, staffOf(request), [{ action: 'reset_password', student, classRow }]);
      return { password };
    },
  );
}

/**
 * Gives a user a new {@link temporaryPassword} and ends every login they have (docs/facilitators.md#passwords).
 *
 * @returns the password, to show once
 */
export async function resetPassword(db: Database, passwords: PasswordHasher, sessions: SessionService, userId: number): Promise<string> {
  const password = temporaryPassword();
  await db
    .update(users)
    .set({ passwordHash: await passwords.hash(password) })
    .where(eq(users.id, userId));
  await sessions.revokeAllForUser(userId);
  return password;
}

