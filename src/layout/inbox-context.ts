import { createContext, useContext } from 'react';
import type { Feedback } from '../api/feedback-endpoints.ts';
import type { InboxMessage } from '../api/site-endpoints.ts';

/** Where the inbox stands: `loading` until the first answer, `failed` when it could not be loaded yet. */
export type InboxStatus = 'loading' | 'ready' | 'failed';

export interface InboxContextValue {
  status: InboxStatus;
  /** The student's messages, newest first; a message opened here is read even if the server was not told. */
  messages: readonly InboxMessage[];
  /** How many messages are unread: the nav badge and the inbox heading. */
  unreadCount: number;
  /** Fetches the messages again; a failure is logged and keeps what is shown. Never throws. */
  refresh(): Promise<void>;
  /**
   * Marks a message read at once, and tells the server only when it was unread. A failed call is logged;
   * the message stays read here (docs/requirements.md#inbox).
   */
  markRead(id: string): void;
  /**
   * The facilitators' feedback on the student's answers, every day, oldest first; empty until it has
   * loaded (or when it could not be). Feedback marked read here stays read whatever a later fetch says.
   */
  feedback: readonly Feedback[];
  /**
   * Marks feedback the page has shown read at once, and tells the server about each that was unread
   * (`PATCH /api/student/modules/{day}/feedback/{id}/read/`). A failed call is logged; it stays read here.
   */
  markFeedbackRead(shown: readonly Feedback[]): void;
}

export const InboxContext = createContext<InboxContextValue | null>(null);

/**
 * The shared inbox state of the enclosing {@link InboxProvider}.
 *
 * @throws Error when used outside an InboxProvider (a wiring mistake)
 */
export function useInbox(): InboxContextValue {
  const context = useContext(InboxContext);
  if (!context) throw new Error('useInbox must be used inside <InboxProvider> (see src/App.tsx).');
  return context;
}

/** The inbox state, or null outside an InboxProvider (the nav then shows no badge). */
export function useOptionalInbox(): InboxContextValue | null {
  return useContext(InboxContext);
}
