import type { SentMessage } from '../api/facilitator-endpoints.ts';
import { exactTime, fullName } from './format.ts';

/**
 * The messages sent to a class, newest first: subject, when and by whom, the body (the server's
 * sanitised HTML of the Markdown), and who has read it: "n of m read", then each recipient with
 * "Read" or "Unread" in words. A message whose sender's account was deleted says it is from "a deleted account".
 */
export function SentMessages({ messages }: { messages: readonly SentMessage[] }) {
  if (messages.length === 0) return <p>No message sent to this class yet.</p>;
  return (
    <ul className="sent-messages">
      {messages.map((message) => {
        const read = message.recipients.filter((recipient) => recipient.is_read).length;
        return (
          <li key={message.id} className="console-card">
            <h3 className="sent-messages__subject">{message.subject}</h3>
            <p className="console-card__meta">
              <time dateTime={message.sent_at}>{exactTime(message.sent_at)}</time> · from {message.sender ? fullName(message.sender) : 'a deleted account'} · {read} of {message.recipients.length} read
            </p>
            {/* Sanitised by the server (docs/decisions/009-facilitator-console.md). */}
            <div className="sent-messages__body" dangerouslySetInnerHTML={{ __html: message.body_html }} />
            <details>
              <summary>Who has read it</summary>
              <ul className="sent-messages__recipients">
                {message.recipients.map((recipient) => (
                  <li key={recipient.id} data-state={recipient.is_read ? 'read' : 'unread'}>
                    {fullName(recipient)}: {recipient.is_read ? 'Read' : 'Unread'}
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
