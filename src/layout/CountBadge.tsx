import messages from '../../content/locales/en/bar.json';
import { useMessages } from '../../engine/index.ts';
import type { ModulePage } from '../site/sections.ts';

/**
 * A count badge in the navigation bar, read by screen readers as ", 6 unread" or ", 2 new feedback"
 * after the link's own name.
 *
 * @param count - shown as is; render no badge for 0
 * @param what - what is counted, for screen readers only ("unread", "new feedback"), in the reader's language
 */
export function CountBadge({ count, what }: { count: number; what: string }) {
  return (
    <span className="badge badge--count">
      <span className="visually-hidden">, </span>
      {count}
      <span className="visually-hidden"> {what}</span>
    </span>
  );
}

/**
 * The sum of the pages' unread feedback (`newFeedback`) as a badge, or nothing when there is none; read
 * as ", 2 new feedback" (`countBadge.newFeedback` of content/locales/LOCALE/app.json, a plural).
 */
export function NewFeedbackBadge({ pages }: { pages: readonly ModulePage[] }) {
  const t = useMessages(messages);
  const count = pages.reduce((sum, page) => sum + (page.newFeedback ?? 0), 0);
  return count > 0 ? <CountBadge count={count} what={t('countBadge.newFeedback', { count })} /> : null;
}
