import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import messages from '../../content/locales/en/app.json';
import { currentLocale, translator, useLocale, useMessages, type Translate } from '../../engine/index.ts';
import { inLanguage, type InboxMessage } from '../api/site-endpoints.ts';
import { useInbox } from '../layout/inbox-context.ts';
import { Loading } from '../layout/Loading.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';

/**
 * The inbox heading (docs/requirements.md#inbox): "Inbox (n Unread)", in the reader's language
 * (`inbox.heading` of content/locales/LOCALE/app.json).
 *
 * @param t - the app catalogue's messages; the reader's language unless given
 */
export function inboxHeading(unreadCount: number, t: Translate<typeof messages> = translator(messages)): string {
  return t('inbox.heading', { count: unreadCount });
}

/**
 * The locale a date is written in: the browser's own when it speaks the reader's language (so `en-GB`
 * keeps "23 Nov 2026"), else the reader's language.
 */
function dateLocale(language: string): string {
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages;
  return browser.find((each) => each.split('-')[0] === language) ?? language;
}

/**
 * A message date in the reader's language: the short form in the table, date and time in the detail
 * panel. An unreadable timestamp shows as an empty string.
 *
 * @param locale - BCP 47 locale to write the date in; the reader's language (in the browser's regional form when it has one) unless given
 */
export function formatMessageDate(timestamp: string, form: 'short' | 'long', locale: string = dateLocale(currentLocale())): string {
  const date = new Date(timestamp);
  if (!timestamp || Number.isNaN(date.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = form === 'short' ? { dateStyle: 'medium' } : { dateStyle: 'full', timeStyle: 'short' };
  return new Intl.DateTimeFormat(locale, options).format(date);
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
 * and in the nav badge; the server is told only when it was unread (docs/requirements.md#inbox). The
 * page's own words and the dates are in the reader's language (`inbox.*` of content/locales/LOCALE/app.json);
 * the messages are shown as they were written.
 */
export function InboxPage() {
  const { status, messages: written, unreadCount, refresh, markRead } = useInbox();
  const t = useMessages(messages);
  const locale = useLocale();
  // The welcome messages in the reader's language, when they have a translation into it.
  const inbox = useMemo(() => written.map((message) => inLanguage(message, locale)), [written, locale]);
  const [openId, setOpenId] = useState<string | null>(null);
  const opened = inbox.find((message) => message.id === openId) ?? null;
  const detailHeading = useRef<HTMLHeadingElement>(null);
  usePageTitle(status === 'ready' ? inboxHeading(unreadCount, t) : t('inbox.title'));

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
        <h1>{t('inbox.title')}</h1>
        <Loading />
      </main>
    );
  }

  if (status === 'failed') {
    return (
      <main className="page-column content-page" id="main">
        <h1>{t('inbox.title')}</h1>
        <p className="form-alert" role="alert">
          {t('inbox.failed')}
        </p>
        <p>
          <button type="button" className="button" onClick={() => void refresh()}>
            {t('inbox.tryAgain')}
          </button>
        </p>
      </main>
    );
  }

  return (
    <main className="page-column content-page" id="main">
      <h1>{inboxHeading(unreadCount, t)}</h1>
      {inbox.length === 0 ? (
        <p>{t('inbox.empty')}</p>
      ) : (
        <div className={`inbox${opened ? ' inbox--open' : ''}`}>
          <table className="inbox-table">
            <caption className="visually-hidden">{t('inbox.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('inbox.column.subject')}</th>
                <th scope="col" className="inbox-table__date">
                  {t('inbox.column.date')}
                </th>
              </tr>
            </thead>
            <tbody>
              {inbox.map((message) => (
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
                      {message.subject || t('inbox.noSubject')}
                    </button>
                    {message.isRead ? null : <span className="badge badge--unread">{t('inbox.unread')}</span>}
                  </td>
                  <td className="inbox-table__date">
                    <time dateTime={message.timestamp}>{formatMessageDate(message.timestamp, 'short', dateLocale(locale))}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {opened ? (
            <section id="inbox-detail" className="inbox-detail" aria-labelledby="inbox-detail-subject" onKeyDown={closeOnEscape}>
              <div className="inbox-detail__header">
                <h2 id="inbox-detail-subject" className="inbox-detail__subject" tabIndex={-1} ref={detailHeading}>
                  {opened.subject || t('inbox.noSubject')}
                </h2>
                <button type="button" className="button button--secondary inbox-detail__close" onClick={close}>
                  {t('inbox.close')}
                </button>
              </div>
              {opened.sender ? <p className="inbox-detail__sender">{t('inbox.from', { sender: opened.sender })}</p> : null}
              <p className="inbox-detail__date">
                <time dateTime={opened.timestamp}>{formatMessageDate(opened.timestamp, 'long', dateLocale(locale))}</time>
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
