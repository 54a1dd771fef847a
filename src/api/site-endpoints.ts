import { apiClient, ApiError, isRecord, type ApiClient } from './client.ts';

/** A message in the student's inbox (docs/requirements.md#records), in the app's own names. */
export interface InboxMessage {
  id: string;
  subject: string;
  /** Plain text; paragraphs are separated by blank lines. */
  body: string;
  /** When it was sent (ISO 8601 as the server sent it), or an empty string when missing. */
  timestamp: string;
  isRead: boolean;
  /** Who wrote it, e.g. "Ms Rivera"; null for the welcome messages (docs/decisions/009-facilitator-console.md). */
  sender: string | null;
  /** A facilitator's Markdown as HTML, sanitised by the server; null for a plain-text message, whose `body` is shown. */
  bodyHtml: string | null;
  /** A welcome message's subject and body in other languages, by language (Helix's `translations`); empty for other messages. */
  translations: Readonly<Record<string, { subject: string; body: string }>>;
}

/**
 * A message as a reader of `locale` reads it: its translation into that language when it has one (the
 * welcome messages, docs/decisions/022-translations-beside-the-original.md), else as it was written.
 */
export function inLanguage(message: InboxMessage, locale: string): InboxMessage {
  const translation = message.translations[locale];
  return translation ? { ...message, subject: translation.subject, body: translation.body } : message;
}

/** A workbook as listed by `GET /api/workbooks/workbooks/` (docs/requirements.md#records). */
export interface WorkbookSummary {
  id: string;
  title: string;
  description: string;
  /** How many sections it has; the list labels its button Continue when above 0, else Start (docs/requirements.md#workbooks). */
  sectionCount: number;
  /** Helix's addition: its title and description in other languages, by language (`es`). */
  translations: Readonly<Record<string, { title: string; description: string }>>;
}

/** An image of a workbook section. */
export interface WorkbookImage {
  id: string;
  /** The image's URL. */
  image: string;
  /** Empty when it has none. */
  caption: string;
}

/** A section of a workbook, as the reader shows it. */
export interface WorkbookSection {
  id: string;
  heading: string;
  /** HTML, already sanitised by the server. */
  contentHtml: string;
  images: WorkbookImage[];
}

/** A whole workbook with its sections, for the reader. */
export interface Workbook {
  id: string;
  title: string;
  description: string;
  sections: WorkbookSection[];
  /** Helix's addition: the workbook in other languages, by language (`es`); sections with the original's ids. */
  translations: Readonly<Record<string, Omit<Workbook, 'id' | 'translations'>>>;
}

/**
 * A workbook (or its summary) as a reader of `locale` reads it: its translation into that language when
 * it has one (docs/decisions/022-translations-beside-the-original.md), else as it was written.
 */
export function workbookIn<T extends { translations: Readonly<Record<string, object>> }>(workbook: T, locale: string): T {
  const translation = workbook.translations[locale];
  return translation ? { ...workbook, ...translation } : workbook;
}

/**
 * A response's `translations` (Helix's addition: a text in other languages, by language), each read by
 * `read`; an entry that is not an object, or that `read` refuses (null), is left out.
 */
function translationsOf<T>(value: unknown, read: (translation: Record<string, unknown>) => T | null): Record<string, T> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).flatMap(([locale, translation]) => {
      const texts = isRecord(translation) ? read(translation) : null;
      return texts === null ? [] : [[locale, texts]];
    }),
  );
}

/** Pages of the inbox followed at most, so a server that keeps answering `next` cannot loop the app. */
export const MAX_INBOX_PAGES = 20;

/**
 * Loads the student's messages, newest first: `GET /api/student/inbox/`, following the `next` page
 * links of the paginated response (`{count, next, previous, results}`).
 *
 * @returns every message; an item without an id is left out
 * @throws {@link ApiError} on any failure (the caller logs it; docs/requirements.md#error-messages)
 */
export async function fetchInbox(client: ApiClient = apiClient): Promise<InboxMessage[]> {
  const messages: InboxMessage[] = [];
  let path: string | null = '/api/student/inbox/';
  for (let page = 0; path && page < MAX_INBOX_PAGES; page += 1) {
    const body: unknown = await client.request<unknown>(path);
    const results = isRecord(body) ? body.results : body;
    if (!Array.isArray(results)) throw new ApiError(200, 'invalid_response', 'The inbox has no list of results.');
    for (const item of results) {
      const message = toInboxMessage(item);
      if (message) messages.push(message);
    }
    path = isRecord(body) && typeof body.next === 'string' && body.next ? toPath(body.next) : null;
  }
  return messages;
}

/**
 * Marks a message read: `PATCH /api/student/inbox/{id}/read/` with `{is_read: true}`.
 *
 * @throws {@link ApiError} on any failure (the inbox logs it and keeps the message read;
 * docs/requirements.md#inbox)
 */
export async function markMessageRead(id: string, client: ApiClient = apiClient): Promise<void> {
  await client.request<unknown>(`/api/student/inbox/${encodeURIComponent(id)}/read/`, { method: 'PATCH', body: { is_read: true } });
}

/**
 * Loads the workbook list: `GET /api/workbooks/workbooks/`. A response without `results` is an empty
 * list (docs/requirements.md#api-calls).
 *
 * @throws {@link ApiError} on any failure (the page shows "Failed to load workbooks.")
 */
export async function fetchWorkbooks(client: ApiClient = apiClient): Promise<WorkbookSummary[]> {
  const body = await client.request<unknown>('/api/workbooks/workbooks/');
  const results: unknown[] = isRecord(body) && Array.isArray(body.results) ? body.results : Array.isArray(body) ? body : [];
  return results.filter(isRecord).flatMap((item) => {
    const id = idOf(item.id);
    if (!id) return [];
    return [
      {
        id,
        title: textOf(item.title),
        description: textOf(item.description),
        sectionCount: Array.isArray(item.sections) ? item.sections.length : 0,
        translations: translationsOf(item.translations, (translation) => ({ title: textOf(translation.title), description: textOf(translation.description) })),
      },
    ];
  });
}

/**
 * Loads one workbook with its sections: `GET /api/workbooks/workbooks/{id}/?include_toc=true`.
 *
 * @param id - the workbook's id from the list (or the URL)
 * @throws {@link ApiError} 404 when there is no such workbook, or any other failure (the reader shows "Failed to load workbook.")
 */
export async function fetchWorkbook(id: string, client: ApiClient = apiClient): Promise<Workbook> {
  const body = await client.request<unknown>(`/api/workbooks/workbooks/${encodeURIComponent(id)}/?include_toc=true`);
  if (!isRecord(body)) throw new ApiError(200, 'invalid_response', 'The workbook is not a JSON object.');
  return { id: idOf(body.id) ?? id, ...workbookTexts(body), translations: translationsOf(body.translations, workbookTexts) };
}

/** A workbook response's title, description and sections, or those of one of its translations. */
function workbookTexts(body: Record<string, unknown>): Omit<Workbook, 'id' | 'translations'> {
  const sections = Array.isArray(body.sections) ? body.sections.filter(isRecord) : [];
  return {
    title: textOf(body.title),
    description: textOf(body.description),
    sections: sections.map((section, index) => ({
      id: idOf(section.id) ?? `section-${index + 1}`,
      heading: textOf(section.heading),
      contentHtml: textOf(section.content_html),
      images: (Array.isArray(section.images) ? section.images.filter(isRecord) : []).flatMap((image, imageIndex) =>
        typeof image.image === 'string' && image.image
          ? [{ id: idOf(image.id) ?? `image-${imageIndex + 1}`, image: image.image, caption: textOf(image.caption) }]
          : [],
      ),
    })),
  };
}

function toInboxMessage(item: unknown): InboxMessage | null {
  if (!isRecord(item)) return null;
  const id = idOf(item.id);
  if (!id) return null;
  return {
    id,
    subject: textOf(item.subject),
    body: textOf(item.body),
    timestamp: textOf(item.timestamp),
    isRead: item.is_read === true,
    sender: textOf(item.sender).trim() || null,
    bodyHtml: textOf(item.body_html) || null,
    translations: translationsOf(item.translations, (each) => (typeof each.subject === 'string' && typeof each.body === 'string' ? { subject: each.subject, body: each.body } : null)),
  };
}

function idOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim()) return value;
  return null;
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The path and query of a page link, which a paginating server may send as a full URL. */
function toPath(link: string): string {
  const url = new URL(link, 'http://same-origin.invalid');
  return url.pathname + url.search;
}
