/**
 * Messages to a class (docs/facilitators.md#messages): a facilitator writes Markdown to the whole class or
 * to chosen students, each gets a copy in their inbox (rendered and sanitised like the workbooks), and the
 * console lists what was sent with who has read it.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import { Type } from 'typebox';
import { classMessages, inboxMessages, users } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { displayName, personColumns, rosterOf, toPersonResponse } from '../../facilitator/classes.ts';
import { markdownToPlainText, renderMessageHtml } from '../../markdown/markdown.ts';
import type { ConsoleApp, ConsoleContext } from './context.ts';
import { CLASS_ID, errorReplies, isoTime, pathIds, person, personProperties } from './schemas.ts';

/** Longest message subject, characters. */
export const MAX_SUBJECT_LENGTH = 200;
/** Longest message body (Markdown), characters. */
export const MAX_MESSAGE_LENGTH = 20_000;

/** One message in the list of what was sent to a class. */
const sentMessage = Type.Object({
  id: Type.Integer({ description: 'The message id.' }),
  subject: Type.String({ description: 'The subject, trimmed.' }),
  body: Type.String({ description: 'The body in Markdown, as written.' }),
  body_html: Type.String({ description: 'The body rendered to HTML and sanitised, as the students read it.' }),
  sent_at: isoTime('When it was sent.'),
  sender: Type.Union([person, Type.Null()], { description: 'Who sent it; null once their account is deleted.' }),
  recipients: Type.Array(Type.Object({ ...personProperties, is_read: Type.Boolean({ description: 'Whether they have opened their copy.' }) }), {
    description: 'Who it went to, by last then first name (a deleted account drops out).',
  }),
});

/** Declares the message routes on the console's app. */
export function messageRoutes(app: ConsoleApp, { db, guards }: ConsoleContext): void {
  app.post(
    '/api/facilitator/classes/:id/messages/',
    {
      ...guards.staff,
      schema: {
        summary: "Send a message to the class's inboxes (or to chosen students)",
        params: pathIds({ id: CLASS_ID }),
        body: Type.Object(
          {
            subject: Type.String({ minLength: 1, maxLength: MAX_SUBJECT_LENGTH, pattern: '\\S', description: 'The subject; not blank.' }),
            body: Type.String({ minLength: 1, maxLength: MAX_MESSAGE_LENGTH, pattern: '\\S', description: 'Markdown; rendered and sanitised like the workbooks.' }),
            student_ids: Type.Optional(
              Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 1000, uniqueItems: true, description: 'The students to send it to, all on the roster. Omitted: the whole class.' }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object(
            {
              id: Type.Integer({ description: 'The message id.' }),
              subject: Type.String({ description: 'The subject, trimmed.' }),
              recipients: Type.Integer({ minimum: 0, description: 'How many students it went to.' }),
            },
            { description: 'Sent: a copy is in each recipient’s inbox, unread.' },
          ),
          ...errorReplies,
        },
      },
    },
    async (request, reply) => {
      const staff = guards.staffOf(request);
      const classRow = await guards.classOf(request, request.params.id);
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

  app.get(
    '/api/facilitator/classes/:id/messages/',
    {
      ...guards.staff,
      schema: {
        summary: 'The messages sent to the class, newest first, with who has read each',
        params: pathIds({ id: CLASS_ID }),
        response: {
          200: Type.Object({ results: Type.Array(sentMessage, { description: 'Newest first.' }) }, { description: 'What was sent to the class, with who has read it.' }),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const classRow = await guards.classOf(request, request.params.id);
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
}
