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
  logout: vi.fn(),
};

const message = (id: number, isRead: boolean) => ({ id, subject: `Message ${id}`, body: 'Hi.', timestamp: '2026-11-25T09:00:00.000Z', is_read: isRead });

function UnreadCount() {
  const { unreadCount } = useInbox();
  return <p>{unreadCount} unread</p>;
}

describe('InboxProvider', () => {
  let inbox: ReturnType<typeof message>[];
  let client: ApiClient;

  beforeEach(() => {
    vi.useFakeTimers();
    inbox = [message(1, true)];
    client = { request: vi.fn(async () => ({ count: inbox.length, next: null, previous: null, results: inbox })), setAuthFailureHandler: vi.fn(), keepAccessTokenFresh: vi.fn(() => () => undefined) } as unknown as ApiClient;
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

  it('asks again when the page comes back into view, and not while it is hidden', async () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await renderUnreadCount();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3 * INBOX_REFRESH_MS);
    });
    expect(client.request).toHaveBeenCalledTimes(1);
    visibility.mockReturnValue('visible');
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(client.request).toHaveBeenCalledTimes(2);
    visibility.mockRestore();
  });
});
