/**
 * The student inbox (docs/requirements.md#api-calls): `GET /api/student/inbox/` and
 * `PATCH /api/student/inbox/:id/read/`. A student only ever sees and changes their own messages: the user
 * comes from the access token.
 */
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { Database } from '../db/index.ts';
import { HttpError } from '../errors.ts';
import { listInbox, setMessageRead, type InboxMessage, type WelcomeMessage } from '../inbox/messages.ts';
import { positiveIntegerParams } from './id-params.ts';
import { errorResponse } from './schemas.ts';

export interface InboxRoutesOptions {
  db: Database;
  authenticate: onRequestAsyncHookHandler;
  /** The welcome messages, whose translations the inbox offers beside each stored copy; default none. */
  welcomeMessages?: readonly WelcomeMessage[];
}

/** A message as the API shows it (docs/requirements.md#records). */
export interface InboxMessageResponse {
  id: number;
  subject: string;
  /** Plain text; paragraphs separated by one blank line. */
  body: string;
  /** When it was sent: ISO 8601, UTC, e.g. `2026-11-22T09:30:00.000Z`. */
  timestamp: string;
  is_read: boolean;
  /** Helix's addition: who sent it ("Ms Rivera"); null for the welcome messages. */
  sender: string | null;
  /** Helix's addition: a facilitator's Markdown as sanitised HTML; null for plain-text messages (show `body`). */
  body_html: string | null;
  /** Helix's addition: a welcome message's subject and body in the site's other languages, by language (`es`); empty for other messages. */
  translations: Record<string, { subject: string; body: string }>;
}

/** The body of `GET /api/student/inbox/`: one page holding every message, newest first. */
export interface InboxPageResponse {
  count: number;
  next: null;
  previous: null;
  results: InboxMessageResponse[];
}

const messageSchema = {
  type: 'object',
  required: ['id', 'subject', 'body', 'timestamp', 'is_read'],
  properties: {
    id: { type: 'integer' },
    subject: { type: 'string' },
    body: { type: 'string', description: 'Plain text; paragraphs are separated by one blank line.' },
    timestamp: { type: 'string', format: 'date-time', description: 'When it was sent (ISO 8601, UTC).' },
    is_read: { type: 'boolean' },
    sender: { type: ['string', 'null'], description: "Helix's addition: who sent it; null for the welcome messages." },
    body_html: { type: ['string', 'null'], description: "Helix's addition: a facilitator's message as sanitised HTML; null for plain-text messages." },
    translations: {
      type: 'object',
      description: "Helix's addition: a welcome message's subject and body in the site's other languages, by language (`es`); empty for other messages.",
      additionalProperties: { type: 'object', required: ['subject', 'body'], properties: { subject: { type: 'string' }, body: { type: 'string' } } },
    },
  },
} as const;

/**
 * The API shape of a stored message.
 *
 * @param welcome - the welcome messages by file name, whose translations a stored welcome message gets
 */
export function toMessageResponse(message: InboxMessage, welcome: ReadonlyMap<string, WelcomeMessage> = new Map()): InboxMessageResponse {
  return {
    id: message.id,
    subject: message.subject,
    body: message.body,
    timestamp: message.sentAt.toISOString(),
    is_read: message.isRead,
    sender: message.sender,
    body_html: message.bodyHtml,
    translations: { ...(message.welcome === null ? {} : welcome.get(message.welcome)?.translations) },
  };
}

/** Registers the inbox routes (a Fastify plugin; register with no prefix). */
export async function inboxRoutes(app: FastifyInstance, options: InboxRoutesOptions): Promise<void> {
  const { db, authenticate } = options;
  const welcome = new Map((options.welcomeMessages ?? []).map((message) => [message.fileName, message]));

  app.get(
    '/api/student/inbox/',
    {
      onRequest: authenticate,
      schema: {
        summary: "The signed-in student's inbox",
        // The signed-in student's messages, newest first, all on one page (next and previous are always null).
        response: {
          200: {
            type: 'object',
            required: ['count', 'next', 'previous', 'results'],
            properties: {
              count: { type: 'integer', minimum: 0, description: 'How many messages `results` holds.' },
              next: { type: 'null', description: 'Always null: there is one page.' },
              previous: { type: 'null', description: 'Always null: there is one page.' },
              results: { type: 'array', items: messageSchema },
            },
          },
          '4xx': errorResponse,
        },
      },
    },
    async (request): Promise<InboxPageResponse> => {
      if (request.user === null) throw new HttpError('not_authenticated');
      const results = (await listInbox(db, request.user.id)).map((message) => toMessageResponse(message, welcome));
      return { count: results.length, next: null, previous: null, results };
    },
  );

  app.patch<{ Params: { id: number }; Body: { is_read: boolean } }>(
    '/api/student/inbox/:id/read/',
    {
      onRequest: authenticate,
      schema: {
        summary: 'Mark a message read or unread',
        // Mark one of the signed-in student's messages read (or unread); 404 not_found for anyone else's.
        params: positiveIntegerParams('id', 'The message id.'),
        body: {
          type: 'object',
          required: ['is_read'],
          additionalProperties: false,
          // An enum, not `type: 'boolean'`, so Fastify's type coercion cannot turn null, 0 or "false" into a boolean.
          properties: { is_read: { enum: [true, false], description: 'true marks the message read, false unread. Nothing else.' } },
        },
        response: { 200: messageSchema, '4xx': errorResponse },
      },
    },
    async (request): Promise<InboxMessageResponse> => {
      if (request.user === null) throw new HttpError('not_authenticated');
      const updated = await setMessageRead(db, request.user.id, request.params.id, request.body.is_read);
      if (updated === null) throw new HttpError('not_found', 'No such message.');
      return toMessageResponse(updated);
    },
  );
}
