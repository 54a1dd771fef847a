import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { apiClient, type ApiClient } from '../api/client.ts';
import { fetchMyFeedback, markFeedbackRead as sendFeedbackRead, type Feedback } from '../api/feedback-endpoints.ts';
import { fetchInbox, markMessageRead, type InboxMessage } from '../api/site-endpoints.ts';
import { useAuth } from '../auth/auth-context.ts';
import { InboxContext, type InboxContextValue, type InboxStatus } from './inbox-context.ts';

interface InboxState {
  /** Whose inbox this is (the signed-in student's id or username); state of another owner is stale. */
  owner: string | null;
  status: InboxStatus;
  messages: InboxMessage[];
  /** Ids marked read here; kept read over any later fetch, whatever the server answered. */
  readHere: ReadonlySet<string>;
  /** The facilitators' feedback on the student's answers, every day, oldest first. */
  feedback: Feedback[];
  /** Feedback ids shown here, and so read, whatever a later fetch says. */
  feedbackReadHere: ReadonlySet<number>;
}

const NO_MESSAGES: InboxMessage[] = [];
const NONE_READ: ReadonlySet<string> = new Set();
const NO_FEEDBACK: Feedback[] = [];
const NO_FEEDBACK_READ: ReadonlySet<number> = new Set();

function emptyState(owner: string | null): InboxState {
  return { owner, status: 'loading', messages: NO_MESSAGES, readHere: NONE_READ, feedback: NO_FEEDBACK, feedbackReadHere: NO_FEEDBACK_READ };
}

/** The feedback with what was shown here marked read (at the time it was shown, as far as the page knows). */
function withFeedbackReadHere(feedback: Feedback[], readHere: ReadonlySet<number>, now: string): Feedback[] {
  return feedback.map((each) => (each.read_at === null && readHere.has(each.id) ? { ...each, read_at: now } : each));
}

function withReadHere(messages: InboxMessage[], readHere: ReadonlySet<string>): InboxMessage[] {
  return messages.map((message) => (!message.isRead && readHere.has(message.id) ? { ...message, isRead: true } : message));
}

/** How often the inbox is asked again while the page is in view, ms: a facilitator's message shows in the unread count within a minute. */
export const INBOX_REFRESH_MS = 60_000;

export interface InboxProviderProps {
  /** The API client; the app's shared one unless given. */
  client?: ApiClient;
  children: ReactNode;
}

/**
 * Holds the signed-in student's inbox and the facilitators' feedback on their answers, shared by the
 * nav's badges, the inbox page and the day pages, so reading a message or opening a day with feedback
 * drops the badge at once. Loads the messages when a student signs in, then every
 * {@link INBOX_REFRESH_MS} while the page is in view and whenever it comes back into view; a failure is logged only
 * (docs/requirements.md#error-messages). Outside a student's sign-in (signed out, or a facilitator) it
 * holds nothing and calls nothing.
 */
export function InboxProvider({ client = apiClient, children }: InboxProviderProps) {
  const { user } = useAuth();
  // Only students have an inbox; the console's staff get none (docs/decisions/009-facilitator-console.md).
  const owner = user?.role === 'student' ? String(user.id ?? user.username) : null;
  const [stored, setStored] = useState<InboxState>(() => emptyState(owner));
  const state = stored.owner === owner ? stored : emptyState(owner);

  // One fetch at a time per student: the provider and the inbox page may both ask on first load.
  const inFlight = useRef<{ owner: string; done: Promise<void> } | null>(null);

  const refresh = useCallback((): Promise<void> => {
    if (!owner) return Promise.resolve();
    if (inFlight.current?.owner === owner) return inFlight.current.done;
    const feedbackDone = fetchMyFeedback(client).then(
      (feedback) =>
        setStored((previous) => {
          const base = previous.owner === owner ? previous : emptyState(owner);
          return { ...base, feedback: withFeedbackReadHere(feedback, base.feedbackReadHere, new Date().toISOString()) };
        }),
      // Like the unread count, feedback that cannot be fetched is logged only; what is shown stays.
      (error: unknown) => console.error('The feedback on your answers could not be loaded.', error),
    );
    const messagesDone = fetchInbox(client)
      .then(
        (messages) =>
          setStored((previous) => {
            const base = previous.owner === owner ? previous : emptyState(owner);
            return { ...base, status: 'ready', messages: withReadHere(messages, base.readHere) };
          }),
        (error: unknown) => {
          // A failure to fetch the unread count is logged only (docs/requirements.md#error-messages).
          console.error('The inbox could not be loaded.', error);
          setStored((previous) =>
            previous.owner === owner ? { ...previous, status: previous.status === 'ready' ? 'ready' : 'failed' } : { ...emptyState(owner), status: 'failed' },
          );
        },
      );
    const done = Promise.all([messagesDone, feedbackDone])
      .then(() => undefined)
      .finally(() => {
        if (inFlight.current?.done === done) inFlight.current = null;
      });
    inFlight.current = { owner, done };
    return done;
  }, [client, owner]);

  useEffect(() => {
    void refresh();
    if (!owner) return;
    // A facilitator's message arrives during the lesson: ask again while the page is in view, and at once when it comes back into view.
    const poll = setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, INBOX_REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(poll);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh, owner]);

  const markRead = useCallback(
    (id: string) => {
      const message = state.messages.find((each) => each.id === id);
      if (!message || message.isRead) return;
      setStored((previous) => {
        const base = previous.owner === owner ? previous : emptyState(owner);
        const readHere = new Set(base.readHere).add(id);
        return { ...base, readHere, messages: withReadHere(base.messages, readHere) };
      });
      markMessageRead(id, client).catch((error: unknown) => console.error(`Message ${id} could not be marked read on the server.`, error));
    },
    [client, owner, state.messages],
  );

  const markFeedbackRead = useCallback(
    (shown: readonly Feedback[]) => {
      const unread = shown.filter((each) => each.read_at === null && !state.feedbackReadHere.has(each.id));
      if (unread.length === 0) return;
      setStored((previous) => {
        const base = previous.owner === owner ? previous : emptyState(owner);
        const feedbackReadHere = new Set([...base.feedbackReadHere, ...unread.map(({ id }) => id)]);
        return { ...base, feedbackReadHere, feedback: withFeedbackReadHere(base.feedback, feedbackReadHere, new Date().toISOString()) };
      });
      for (const each of unread) sendFeedbackRead(each, client).catch((error: unknown) => console.error(`Feedback ${each.id} could not be marked read on the server.`, error));
    },
    [client, owner, state.feedbackReadHere],
  );

  const value = useMemo<InboxContextValue>(
    () => ({
      status: state.status,
      messages: state.messages,
      unreadCount: state.messages.filter((message) => !message.isRead).length,
      refresh,
      markRead,
      feedback: state.feedback,
      markFeedbackRead,
    }),
    [state.status, state.messages, state.feedback, refresh, markRead, markFeedbackRead],
  );

  return <InboxContext.Provider value={value}>{children}</InboxContext.Provider>;
}
