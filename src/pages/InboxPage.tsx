import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { InboxMessage } from '../api/site-endpoints.ts';
import { useInbox } from '../layout/inbox-context.ts';
import { Loading } from '../layout/Loading.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';

/** The inbox heading (docs/requirements.md#inbox): "Inbox (n Unread)". */
export function inboxHeading(unreadCount: number): string {
  return `Inbox (${unreadCount} Unread)`;
}

/**
 * A message date in the student's own locale: the short form in the table, date and time in the
 * detail panel. An unreadable timestamp shows as an empty string.
 */
export function formatMessageDate(timestamp: string, form: 'short' | 'long'): string {
  const date = new Date(timestamp);
  if (!timestamp || Number.isNaN(date.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = form === 'short' ? { dateStyle: 'medium' } : { dateStyle: 'full', timeStyle: 'short' };
  return new Intl.DateTimeFormat(undefined, options).format(date);
}

/** A plain-text body as paragraphs: blank lines separate them (single line breaks are kept by CSS). */
export function paragraphsOf(body: string): string[] {
  return body
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

function openerId(id: string): string {
  return `inbox-message-${id}`;
}

/**
 * The inbox at /inbox (docs/requirements.md#inbox): the heading "Inbox (n Unread)", a table of messages
 * (Subject, Date; unread rows carry an "Unread" badge) and, for the opened message, a detail panel with
 * its subject, date and body and a Close button. A facilitator's message also says who sent it ("From Ms
 * Rivera") and shows its body as the HTML the server sanitised (docs/decisions/009-facilitator-console.md). Opening an unread message marks it read at once, here
 * and in the nav badge; the server is told only when it was unread (docs/requirements.md#inbox).
 */
export function InboxPage() {
  const { status, messages, unreadCount, refresh, markRead } = useInbox();
  const [openId, setOpenId] = useState<string | null>(null);
  const opened = messages.find((message) => message.id === openId) ?? null;
  const detailHeading = useRef<HTMLHeadingElement>(null);
  usePageTitle(status === 'ready' ? inboxHeading(unreadCount) : 'Inbox');

  // New messages may have arrived since the app loaded the inbox.
  useEffect(() => {
    void refresh();
  }, [refresh]);

  useEffect(() => {
    if (openId) detailHeading.current?.focus();
  }, [openId]);

  function open(message: InboxMessage) {
    setOpenId(message.id);
    markRead(message.id);
  }

  function close() {
    const id = openId;
    setOpenId(null);
    if (id) document.getElementById(openerId(id))?.focus();
  }

  function closeOnEscape(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape') close();
  }

  if (status === 'loading') {
    return (
      <main className="page-column content-page" id="main">
        <h1>Inbox</h1>
        <Loading />
      </main>
    );
  }

  if (status === 'failed') {
    return (
      <main className="page-column content-page" id="main">
        <h1>Inbox</h1>
        <p className="form-alert" role="alert">
          Unable to load your messages. Check the Wi-Fi, then try again.
        </p>
        <p>
          <button type="button" className="button" onClick={() => void refresh()}>
            Try again
          </button>
        </p>
      </main>
    );
  }

  return (
    <main className="page-column content-page" id="main">
      <h1>{inboxHeading(unreadCount)}</h1>
      {messages.length === 0 ? (
        <p>No messages yet. Messages from the programme's scientists will appear here.</p>
      ) : (
        <div className={`inbox${opened ? ' inbox--open' : ''}`}>
          <table className="inbox-table">
            <caption className="visually-hidden">Messages, newest first. Choose a subject to read the message.</caption>
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col" className="inbox-table__date">
                  Date
                </th>
              </tr>
            </thead>
            <tbody>
              {messages.map((message) => (
                <tr
                  key={message.id}
                  className={`inbox-table__row${message.isRead ? '' : ' inbox-table__row--unread'}${message.id === openId ? ' inbox-table__row--open' : ''}`}
                  onClick={() => open(message)}
                >
                  <td>
                    <button
                      type="button"
                      id={openerId(message.id)}
                      className="inbox-table__open"
                      aria-expanded={message.id === openId}
                      aria-controls={message.id === openId ? 'inbox-detail' : undefined}
                    >
                      {message.subject || '(no subject)'}
                    </button>
                    {message.isRead ? null : <span className="badge badge--unread">Unread</span>}
                  </td>
                  <td className="inbox-table__date">
                    <time dateTime={message.timestamp}>{formatMessageDate(message.timestamp, 'short')}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {opened ? (
            <section id="inbox-detail" className="inbox-detail" aria-labelledby="inbox-detail-subject" onKeyDown={closeOnEscape}>
              <div className="inbox-detail__header">
                <h2 id="inbox-detail-subject" className="inbox-detail__subject" tabIndex={-1} ref={detailHeading}>
                  {opened.subject || '(no subject)'}
                </h2>
                <button type="button" className="button button--secondary inbox-detail__close" onClick={close}>
                  Close
                </button>
              </div>
              {opened.sender ? <p className="inbox-detail__sender">From {opened.sender}</p> : null}
              <p className="inbox-detail__date">
                <time dateTime={opened.timestamp}>{formatMessageDate(opened.timestamp, 'long')}</time>
              </p>
              {opened.bodyHtml ? (
                // A facilitator's Markdown, as HTML the server sanitised (docs/decisions/009-facilitator-console.md).
                <div className="inbox-detail__body" dangerouslySetInnerHTML={{ __html: opened.bodyHtml }} />
              ) : (
                <div className="inbox-detail__body">
                  {paragraphsOf(opened.body).map((paragraph, index) => (
                    <p key={index}>{paragraph}</p>
                  ))}
                </div>
              )}
            </section>
          ) : null}
        </div>
      )}
    </main>
  );
}
