import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../api/client.ts';
import { AuthContext, type AuthContextValue } from '../auth/auth-context.ts';
import { useInbox } from './inbox-context.ts';
import { INBOX_REFRESH_MS, InboxProvider } from './InboxProvider.tsx';

const signedIn: AuthContextValue = {
  status: 'signed-in',
  user: { id: 7, username: 'ana', firstName: 'Ana', lastName: 'Lee', classroomName: 'Bio 10A', role: 'student' },
  login: vi.fn(),
  signup: vi.fn(),
  completeProviderSignIn: vi.fn(),
  logout: vi.fn(),
};

const message = (id: number, isRead: boolean) => ({ id, subject: `Message ${id}`, body: 'Hi.', timestamp: '2026-11-25T09:00:00.000Z', is_read: isRead });

const note = (id: number, readAt: string | null = null) => ({
  id,
  student_id: 7,
  day: 1,
  field: 'geneQ1',
  body: 'Good start.',
  author: { first_name: 'Ms', last_name: 'Rivera' },
  created_at: '2026-11-25T09:00:00.000Z',
  updated_at: '2026-11-25T09:00:00.000Z',
  read_at: readAt,
  is_mine: false,
});

function UnreadCount() {
  const { unreadCount, feedback, markFeedbackRead } = useInbox();
  const unreadFeedback = feedback.filter((each) => each.read_at === null);
  return (
    <>
      <p>{unreadCount} unread</p>
      <p>{unreadFeedback.length} new feedback</p>
      <button type="button" onClick={() => markFeedbackRead(feedback)}>
        Show the feedback
      </button>
    </>
  );
}

describe('InboxProvider', () => {
  let inbox: ReturnType<typeof message>[];
  let feedback: ReturnType<typeof note>[];
  let client: ApiClient;

  beforeEach(() => {
    vi.useFakeTimers();
    inbox = [message(1, true)];
    feedback = [];
    client = {
      request: vi.fn(async (path: string) => {
        if (path === '/api/student/feedback/') return { results: feedback };
        if (path.startsWith('/api/student/modules/')) return {};
        return { count: inbox.length, next: null, previous: null, results: inbox };
      }),
      setAuthFailureHandler: vi.fn(), keepAccessTokenFresh: vi.fn(() => () => undefined) } as unknown as ApiClient;
  });
  afterEach(() => vi.useRealTimers());

  /** A signed-in student's unread count, once the first inbox fetch has answered. */
  async function renderUnreadCount() {
    render(
      <AuthContext.Provider value={signedIn}>
        <InboxProvider client={client}>
          <UnreadCount />
        </InboxProvider>
      </AuthContext.Provider>,
    );
    await act(async () => undefined);
  }

  it("shows a facilitator's new message in the unread count within a minute, without a reload", async () => {
    await renderUnreadCount();
    expect(screen.getByText('0 unread')).toBeInTheDocument();
    inbox = [message(2, false), ...inbox];
    await act(async () => {
      await vi.advanceTimersByTimeAsync(INBOX_REFRESH_MS);
    });
    expect(screen.getByText('1 unread')).toBeInTheDocument();
  });

  const inboxRequests = () => vi.mocked(client.request).mock.calls.filter(([path]) => path === '/api/student/inbox/').length;

  it("counts a facilitator's new feedback within a minute, and feedback shown is read at once, told to the server once, and stays read", async () => {
    await renderUnreadCount();
    expect(screen.getByText('0 new feedback')).toBeInTheDocument();
    feedback = [note(31), note(32, '2026-11-25T10:00:00.000Z')];
    await act(async () => {
      await vi.advanceTimersByTimeAsync(INBOX_REFRESH_MS);
    });
    expect(screen.getByText('1 new feedback')).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'Show the feedback' }).click());
    expect(screen.getByText('0 new feedback')).toBeInTheDocument();
    expect(client.request).toHaveBeenCalledWith('/api/student/modules/1/feedback/31/read/', { method: 'PATCH' });
    expect(vi.mocked(client.request).mock.calls.filter(([path]) => path.endsWith('/read/'))).toHaveLength(1);
    // A later fetch that has not heard of the read yet does not bring the badge back.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(INBOX_REFRESH_MS);
    });
    expect(screen.getByText('0 new feedback')).toBeInTheDocument();
  });

  it('asks again when the page comes back into view, and not while it is hidden', async () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await renderUnreadCount();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3 * INBOX_REFRESH_MS);
    });
    expect(inboxRequests()).toBe(1);
    visibility.mockReturnValue('visible');
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(inboxRequests()).toBe(2);
    visibility.mockRestore();
  });
});
