import messages from '../../content/locales/en/console.json';
import { useLocale, useMessages } from '../../engine/index.ts';
import type { SentMessage } from '../api/facilitator-endpoints.ts';
import { exactTime, formatLocale, fullName } from './format.ts';

/**
 * The messages sent to a class, newest first: subject, when and by whom, the body (the server's
 * sanitised HTML of the Markdown), and who has read it: "n of m read", then each recipient with
 * "Read" or "Unread" in words. A message whose sender's account was deleted says it is from "a deleted account".
 * Its words are `sentMessages.*` in content/locales/LOCALE/console.json; the time is in the reader's language.
 */
export function SentMessages({ messages: sent }: { messages: readonly SentMessage[] }) {
  const t = useMessages(messages);
  const locale = formatLocale(useLocale());
  if (sent.length === 0) return <p>{t('sentMessages.empty')}</p>;
  return (
    <ul className="sent-messages">
      {sent.map((message) => {
        const read = message.recipients.filter((recipient) => recipient.is_read).length;
        return (
          <li key={message.id} className="console-card">
            <h3 className="sent-messages__subject">{message.subject}</h3>
            <p className="console-card__meta">
              <time dateTime={message.sent_at}>{exactTime(message.sent_at, locale)}</time> ·{' '}
              {message.sender ? t('sentMessages.from', { name: fullName(message.sender) }) : t('sentMessages.fromDeletedAccount')} ·{' '}
              {t('sentMessages.readCount', { read, total: message.recipients.length })}
            </p>
            {/* Sanitised by the server (docs/decisions/009-facilitator-console.md). */}
            <div className="sent-messages__body" dangerouslySetInnerHTML={{ __html: message.body_html }} />
            <details>
              <summary>{t('sentMessages.whoRead')}</summary>
              <ul className="sent-messages__recipients">
                {message.recipients.map((recipient) => (
                  <li key={recipient.id} data-state={recipient.is_read ? 'read' : 'unread'}>
                    {t(recipient.is_read ? 'sentMessages.recipientRead' : 'sentMessages.recipientUnread', { name: fullName(recipient) })}
                  </li>
                ))}
              </ul>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
