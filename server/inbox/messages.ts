/**
 * The student inbox (docs/requirements.md#inbox): the welcome
 * messages every new student receives, read once at start-up from `content/inbox/*.md`, and the
 * queries behind `GET /api/student/inbox/` and `PATCH /api/student/inbox/:id/read/`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { inboxMessages } from '../db/schema.ts';
import { ContentError, markdownFiles, markdownToPlainText, parseFrontMatter } from '../markdown/markdown.ts';

/** A welcome message as authored. */
export interface WelcomeMessage {
  /** The file it came from, e.g. `01-welcome.md`. */
  fileName: string;
  subject: string;
  /** Plain text; paragraphs separated by one blank line (see `markdownToPlainText`). */
  body: string;
  /** Its `order:` (1 is the first message a student should read). Unique among the messages. */
  order: number;
  /**
   * Its translations, from the files beside it (`01-welcome.es.md` is `01-welcome.md` in Spanish), by
   * language: subject and plain-text body (docs/decisions/022-translations-beside-the-original.md).
   */
  translations: Readonly<Record<string, { subject: string; body: string }>>;
}

/** Receives warnings about content, e.g. Fastify's `app.log.warn`. */
export type WarnFunction = (message: string) => void;

/**
 * Reads the welcome messages from `dir`: every `*.md` file except `README.md`, each a front matter
 * block with `subject:` (not blank) and `order:` (a whole number ≥ 1, unique), then a Markdown body
 * that is stored as plain text. The result is sorted by `order`.
 *
 * @param dir - absolute path, usually `config.inboxDir` (INBOX_DIR, default `<cwd>/content/inbox`)
 * @param warn - called once when `dir` does not exist (then no messages are sent)
 * @returns the messages by ascending `order`; empty when `dir` is missing or has no `.md` files
 * @throws {@link ContentError} naming the file, for a missing or bad front matter, subject or order, or a duplicate order
 * @example
 * const welcome = loadWelcomeMessages(config.inboxDir, (message) => app.log.warn(message));
 */
export function loadWelcomeMessages(dir: string, warn: WarnFunction): WelcomeMessage[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    warn(`No inbox content at ${dir}: new students will receive no welcome messages.`);
    return [];
  }
  const messages: WelcomeMessage[] = [];
  for (const fileName of markdownFiles(dir)) {
    const { attributes, body } = parseFrontMatter(readFileSync(join(dir, fileName), 'utf8'), fileName);
    const subject = attributes.subject?.trim() ?? '';
    if (subject === '') throw new ContentError(`${fileName}: the front matter needs a "subject:".`);
    const rawOrder = attributes.order?.trim() ?? '';
    const order = Number(rawOrder);
    if (!/^\d+$/.test(rawOrder) || order < 1) throw new ContentError(`${fileName}: "order:" must be a whole number from 1, got "${rawOrder}".`);
    const clash = messages.find((message) => message.order === order);
    if (clash) throw new ContentError(`${fileName}: "order: ${order}" is also used by ${clash.fileName}.`);
    messages.push({ fileName, subject, body: markdownToPlainText(body), order, translations: translationsOf(dir, fileName) });
  }
  return messages.sort((a, b) => a.order - b.order);
}

/** The translations beside a welcome message's file: `<name>.<locale>.md`, each with a subject. */
function translationsOf(dir: string, fileName: string): Record<string, { subject: string; body: string }> {
  const stem = fileName.slice(0, -'.md'.length);
  const translations: Record<string, { subject: string; body: string }> = {};
  for (const name of readdirSync(dir)) {
    const locale = name.startsWith(`${stem}.`) && name.endsWith('.md') ? name.slice(stem.length + 1, -'.md'.length) : '';
    if (!/^[a-z]{2,3}$/.test(locale)) continue;
    const { attributes, body } = parseFrontMatter(readFileSync(join(dir, name), 'utf8'), name);
    const subject = attributes.subject?.trim() ?? '';
    if (subject === '') throw new ContentError(`${name}: the front matter needs a "subject:".`);
    translations[locale] = { subject, body: markdownToPlainText(body) };
  }
  return translations;
}

/**
 * When a welcome message counts as sent: `signedUpAt` minus `order` seconds. So every message
 * predates the sign-up by a few seconds, and newest first lists them by `order`: order 1 (the
 * welcome) on top.
 */
export function welcomeSentAt(signedUpAt: Date, order: number): Date {
  return new Date(signedUpAt.getTime() - order * 1000);
}

/**
 * Gives a new student the welcome messages, unread. Run it in the sign-up transaction.
 *
 * @param db - the database or the sign-up's transaction
 * @param userId - the new student's id
 * @param signedUpAt - the account's `created_at`; see {@link welcomeSentAt}
 */
export async function deliverWelcomeMessages(db: Database, userId: number, signedUpAt: Date, messages: readonly WelcomeMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await db.insert(inboxMessages).values(
    messages.map((message) => ({ userId, subject: message.subject, body: message.body, sentAt: welcomeSentAt(signedUpAt, message.order), isRead: false, welcome: message.fileName })),
  );
}

/** A stored inbox message. */
export type InboxMessage = typeof inboxMessages.$inferSelect;

/** A student's messages, newest first (ties: the later-inserted first). */
export async function listInbox(db: Database, userId: number): Promise<InboxMessage[]> {
  return db.select().from(inboxMessages).where(eq(inboxMessages.userId, userId)).orderBy(desc(inboxMessages.sentAt), desc(inboxMessages.id));
}

/**
 * Sets a message's read flag, if it is the student's.
 *
 * @returns the updated message; null when there is no message `id` belonging to `userId`
 */
export async function setMessageRead(db: Database, userId: number, id: number, isRead: boolean): Promise<InboxMessage | null> {
  const [updated] = await db
    .update(inboxMessages)
    .set({ isRead })
    .where(and(eq(inboxMessages.id, id), eq(inboxMessages.userId, userId)))
    .returning();
  return updated ?? null;
}
