import type { ModulePage } from '../site/sections.ts';

/**
 * A count badge in the navigation bar, read by screen readers as ", 6 unread" or ", 2 new feedback"
 * after the link's own name.
 *
 * @param count - shown as is; render no badge for 0
 * @param what - what is counted, for screen readers only ("unread", "new feedback")
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

/** The sum of the pages' unread feedback (`newFeedback`) as a badge, or nothing when there is none. */
export function NewFeedbackBadge({ pages }: { pages: readonly ModulePage[] }) {
  const count = pages.reduce((sum, page) => sum + (page.newFeedback ?? 0), 0);
  return count > 0 ? <CountBadge count={count} what="new feedback" /> : null;
}
