import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inboxMessages, users } from '../db/schema.ts';
import { loadWelcomeMessages } from '../inbox/messages.ts';
import { ContentError } from '../markdown/markdown.ts';
import { bearer, DATABASE_KINDS, signUp, useTestApp } from '../test/harness.ts';

const INBOX_URL = '/api/student/inbox/';
const readUrl = (id: number | string) => `/api/student/inbox/${id}/read/`;

interface Message {
  id: number;
  subject: string;
  body: string;
  timestamp: string;
  is_read: boolean;
  translations: Record<string, { subject: string; body: string }>;
}

/** Six welcome messages, written in an order unlike their `order:` so the loader must sort, and the Spanish of one. */
function writeInbox(dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const order of [4, 2, 6, 1, 5, 3]) {
    writeFileSync(join(dir, `message-${7 - order}.md`), `---\nsubject: Message ${order}\norder: ${order}\n---\n\n# Heading ${order}\n\nFirst **paragraph** of ${order}.\n\nSecond paragraph.\n`);
  }
  writeFileSync(join(dir, 'README.md'), 'Notes for authors; not a message.\n');
  writeFileSync(join(dir, 'notes.txt'), 'Not Markdown.\n');
  // A translation of message 1 (docs/decisions/022-translations-beside-the-original.md): not a message of its own.
  writeFileSync(join(dir, 'message-6.es.md'), '---\nsubject: Mensaje 1\norder: 1\n---\n\nPrimer párrafo.\n');
}

describe('loadWelcomeMessages', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'helix-inbox-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the .md files by order, as plain text', () => {
    writeInbox(join(dir, 'good'));
    const messages = loadWelcomeMessages(join(dir, 'good'), () => undefined);
    expect(messages.map((message) => message.subject)).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5', 'Message 6']);
    expect(messages[0]).toEqual({
      fileName: 'message-6.md',
      subject: 'Message 1',
      order: 1,
      body: 'Heading 1\n\nFirst paragraph of 1.\n\nSecond paragraph.',
      translations: { es: { subject: 'Mensaje 1', body: 'Primer párrafo.' } },
    });
    expect(messages[1]!.translations).toEqual({});
  });

  it('warns and returns no messages when the directory is missing', () => {
    const warn = vi.fn();
    expect(loadWelcomeMessages(join(dir, 'missing'), warn)).toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toMatch(/No inbox content at .*missing/);
  });

  it.each([
    ['a missing subject', ['---\norder: 1\n---\nx'], /a\.md: the front matter needs a "subject:"/],
    ['a bad order', ['---\nsubject: s\norder: first\n---\nx'], /a\.md: "order:" must be a whole number from 1, got "first"/],
    ['order 0', ['---\nsubject: s\norder: 0\n---\nx'], /"order:" must be a whole number from 1/],
    ['a duplicate order', ['---\nsubject: s\norder: 1\n---\nx', '---\nsubject: t\norder: 1\n---\ny'], /b\.md: "order: 1" is also used by a\.md/],
  ])('throws ContentError for %s', (_case, files, message) => {
    const caseDir = mkdtempSync(join(dir, 'bad-'));
    files.forEach((source, index) => writeFileSync(join(caseDir, `${'ab'[index]}.md`), source));
    expect(() => loadWelcomeMessages(caseDir, () => undefined)).toThrow(ContentError);
    expect(() => loadWelcomeMessages(caseDir, () => undefined)).toThrow(message);
  });

  const realDir = resolve(process.cwd(), 'content/inbox');
  it.skipIf(!existsSync(realDir))('reads the real content/inbox: six messages, orders 1 to 6, none blank', () => {
    const messages = loadWelcomeMessages(realDir, () => undefined);
    expect(messages.map((message) => message.order)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const message of messages) {
      expect(message.subject.trim()).not.toBe('');
      expect(message.body.trim()).not.toBe('');
    }
  });
});

describe.each(DATABASE_KINDS)('the inbox (%s)', (kind) => {
  const contentDir = mkdtempSync(join(tmpdir(), 'helix-inbox-content-'));
  const server = useTestApp(kind, {
    config: () => {
      writeInbox(join(contentDir, 'inbox'));
      return { inboxDir: join(contentDir, 'inbox') };
    },
  });

  afterAll(() => {
    rmSync(contentDir, { recursive: true, force: true });
    expect(server.errors).toEqual([]);
  });

  const inbox = async (access: string): Promise<Message[]> => {
    const response = await server.app.inject({ method: 'GET', url: INBOX_URL, headers: bearer(access) });
    expect(response.statusCode).toBe(200);
    const page = response.json<{ count: number; next: null; previous: null; results: Message[] }>();
    expect(page).toEqual({ count: page.results.length, next: null, previous: null, results: expect.any(Array) });
    return page.results;
  };

  describe('GET /api/student/inbox/', () => {
    it('gives a new student six unread welcome messages, newest first with order 1 on top', async () => {
      const before = Date.now();
      const { access } = await signUp(server.app, 'inbox-new');
      const messages = await inbox(access);
      expect(messages).toHaveLength(6);
      expect(messages.map((message) => message.subject)).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5', 'Message 6']);
      expect(messages.every((message) => message.is_read === false)).toBe(true);
      expect(messages[0]).toEqual({
        id: expect.any(Number),
        subject: 'Message 1',
        body: 'Heading 1\n\nFirst paragraph of 1.\n\nSecond paragraph.',
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        is_read: false,
        sender: null,
        body_html: null,
        // The Spanish beside the message's file, for a student reading Spanish.
        translations: { es: { subject: 'Mensaje 1', body: 'Primer párrafo.' } },
      });
      expect(messages[1]!.translations).toEqual({});
      const times = messages.map((message) => Date.parse(message.timestamp));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(new Set(times).size).toBe(6);
      // Sent `order` seconds before the sign-up.
      expect(times[0]).toBeGreaterThanOrEqual(before - 2000);
      expect(times[0]).toBeLessThanOrEqual(Date.now());
    });

    it('shows a student only their own messages', async () => {
      const first = await signUp(server.app, 'inbox-own-1');
      const second = await signUp(server.app, 'inbox-own-2');
      const firstIds = (await inbox(first.access)).map((message) => message.id);
      const secondIds = (await inbox(second.access)).map((message) => message.id);
      expect(firstIds).toHaveLength(6);
      expect(secondIds).toHaveLength(6);
      expect(firstIds.filter((id) => secondIds.includes(id))).toEqual([]);
    });

    it('answers 401 not_authenticated without a token', async () => {
      const response = await server.app.inject({ method: 'GET', url: INBOX_URL });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Authentication credentials were not provided.', code: 'not_authenticated' });
    });

    it('deletes a student\'s messages with the student', async () => {
      const { access } = await signUp(server.app, 'inbox-deleted');
      const [message] = await inbox(access);
      const db = server.database.database.db;
      const [row] = await db.select({ userId: inboxMessages.userId }).from(inboxMessages).where(eq(inboxMessages.id, message?.id ?? 0));
      await db.delete(users).where(eq(users.id, row?.userId ?? 0));
      expect(await db.select().from(inboxMessages).where(eq(inboxMessages.userId, row?.userId ?? 0))).toEqual([]);
    });
  });

  describe('PATCH /api/student/inbox/:id/read/', () => {
    it('marks a message read, answers the message, and the change persists', async () => {
      const { access } = await signUp(server.app, 'inbox-read');
      const [first, second] = await inbox(access);
      if (first === undefined || second === undefined) throw new Error('no messages');
      const response = await server.app.inject({ method: 'PATCH', url: readUrl(second.id), headers: bearer(access), payload: { is_read: true } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...second, is_read: true });
      const after = await inbox(access);
      expect(after.filter((message) => message.is_read).map((message) => message.id)).toEqual([second.id]);
      // Marking it again is harmless, and false marks it unread.
      expect((await server.app.inject({ method: 'PATCH', url: readUrl(second.id), headers: bearer(access), payload: { is_read: true } })).statusCode).toBe(200);
      const unread = await server.app.inject({ method: 'PATCH', url: readUrl(second.id), headers: bearer(access), payload: { is_read: false } });
      expect(unread.json()).toEqual({ ...second, is_read: false });
      expect((await inbox(access)).every((message) => !message.is_read)).toBe(true);
    });

    it("answers 404 not_found for another student's message and leaves it unread", async () => {
      const owner = await signUp(server.app, 'inbox-owner');
      const intruder = await signUp(server.app, 'inbox-intruder');
      const [message] = await inbox(owner.access);
      const response = await server.app.inject({ method: 'PATCH', url: readUrl(message?.id ?? 0), headers: bearer(intruder.access), payload: { is_read: true } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'No such message.', code: 'not_found' });
      expect((await inbox(owner.access))[0]?.is_read).toBe(false);
    });

    it('answers 404 not_found for an id that does not exist', async () => {
      const { access } = await signUp(server.app, 'inbox-missing');
      const response = await server.app.inject({ method: 'PATCH', url: readUrl(2_000_000_000), headers: bearer(access), payload: { is_read: true } });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('not_found');
    });

    it.each([['abc'], ['0'], ['-1'], ['1.5'], ['99999999999']])('answers 400 invalid_request for id %s', async (id) => {
      const { access } = await signUp(server.app, `inbox-bad-id-${id}`);
      const response = await server.app.inject({ method: 'PATCH', url: readUrl(id), headers: bearer(access), payload: { is_read: true } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: expect.stringMatching(/^params\/id /), code: 'invalid_request' });
    });

    it.each([
      ['no is_read', {}],
      ['a string is_read', { is_read: 'maybe' }],
      ['a null is_read', { is_read: null }],
      ['a numeric is_read', { is_read: 1 }],
      ['a "true" string', { is_read: 'true' }],
      ['an array body', [true]],
    ])('answers 400 invalid_request for %s', async (_case, payload) => {
      const { access } = await signUp(server.app, `inbox-bad-body-${_case.replace(/\W/g, '-')}`);
      const [message] = await inbox(access);
      const response = await server.app.inject({ method: 'PATCH', url: readUrl(message?.id ?? 0), headers: bearer(access), payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_request');
      expect((await inbox(access))[0]?.is_read).toBe(false);
    });

    it('answers 400 malformed_json for a body that is not JSON', async () => {
      const { access } = await signUp(server.app, 'inbox-malformed');
      const [message] = await inbox(access);
      const response = await server.app.inject({
        method: 'PATCH',
        url: readUrl(message?.id ?? 0),
        headers: { ...bearer(access), 'content-type': 'application/json' },
        payload: '{"is_read": tru',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('malformed_json');
    });

    it('answers 401 not_authenticated without a token', async () => {
      const response = await server.app.inject({ method: 'PATCH', url: readUrl(1), payload: { is_read: true } });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('not_authenticated');
    });
  });
});
