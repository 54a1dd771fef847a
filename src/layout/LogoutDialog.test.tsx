import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnswersSession, SaveOutcome } from '../../engine/index.ts';
import { seriousAxeViolations } from '../../engine/test/axe.ts';
import { createApiClient } from '../api/client.ts';
import { LOGOUT_REQUEST_TIMEOUT_MS } from '../api/session-endpoints.ts';
import { AuthProvider, LOGOUT_SAVE_WAIT_MS } from '../auth/AuthProvider.tsx';
import { answerSessions } from '../auth/answer-sessions.ts';
import { TopNav } from './TopNav.tsx';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A stand-in for a day's answers session whose flush records whether the tokens were still there. */
function fakeSession() {
  const tokenAtFlush: (string | null)[] = [];
  let finish: (outcome: SaveOutcome) => void = () => undefined;
  const flush = vi.fn(
    () =>
      new Promise<SaveOutcome>((resolve) => {
        tokenAtFlush.push(localStorage.getItem('accessToken'));
        finish = resolve;
      }),
  );
  const session = { flush, pause: vi.fn() } as unknown as AnswersSession;
  return { session, flush, tokenAtFlush, finish: (outcome: SaveOutcome) => finish(outcome) };
}

/** A page with a day open: its answers session is one of the signed-in student's sessions. */
function WithDayOpen({ session, children }: { session: AnswersSession; children: ReactNode }) {
  answerSessions.get('student-1/day-1', () => session);
  return children;
}

function renderDay(page: ReactNode) {
  return render(
    <MemoryRouter initialEntries={['/sections/day-1']}>
      <AuthProvider>
        <Routes>
          <Route path="/sections/day-1" element={page} />
          <Route path="/login" element={<h1>Login page</h1>} />
        </Routes>
      </AuthProvider>
    </MemoryRouter>,
  );
}

/** Opens the student's menu in the nav bar and chooses Logout. */
async function openLogoutDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Ada' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
}

beforeEach(() => {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(200, { id: 1, username: 'ada77', first_name: 'Ada', last_name: 'Lovelace', classroom_name: null })),
  );
});

afterEach(() => {
  answerSessions.clear();
  vi.unstubAllGlobals();
});

describe('logout dialog', () => {
  it('asks for confirmation with Cancel and Logout, focus starting on Cancel', async () => {
    const { session } = fakeSession();
    renderDay(
      <WithDayOpen session={session}>
        <TopNav />
      </WithDayOpen>,
    );

    await openLogoutDialog();

    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure you want to logout?' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('keeps keyboard focus inside while open', async () => {
    const { session } = fakeSession();
    renderDay(
      <WithDayOpen session={session}>
        <TopNav />
      </WithDayOpen>,
    );
    await openLogoutDialog();

    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Logout' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('closes on Cancel and keeps the student signed in', async () => {
    const { session, flush } = fakeSession();
    renderDay(
      <WithDayOpen session={session}>
        <TopNav />
      </WithDayOpen>,
    );
    await openLogoutDialog();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(flush).not.toHaveBeenCalled();
    expect(localStorage.getItem('accessToken')).toBe('access-1');
  });

  it('closes on Escape', async () => {
    const { session } = fakeSession();
    renderDay(
      <WithDayOpen session={session}>
        <TopNav />
      </WithDayOpen>,
    );
    await openLogoutDialog();

    await userEvent.keyboard('{Escape}');

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBe('access-1');
  });

  it('on Logout saves unsaved day work first, then removes both tokens and goes to /login', async () => {
    const { session, flush, tokenAtFlush, finish } = fakeSession();
    renderDay(
      <WithDayOpen session={session}>
        <TopNav />
      </WithDayOpen>,
    );
    await openLogoutDialog();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(flush).toHaveBeenCalledOnce();
    expect(tokenAtFlush).toEqual(['access-1']);
    expect(screen.getByRole('button', { name: 'Logging out…' })).toBeDisabled();
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    finish('saved');
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('ends the login on the server after the final save and before removing the tokens ', async () => {
    const { session, finish } = fakeSession();
    const events: string[] = [];
    session.flush = vi.fn(async () => {
      events.push('final save');
      return 'saved' as const;
    });
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/token/logout/') {
        events.push(`logout call with ${(JSON.parse(String(init?.body)) as { refresh: string }).refresh}, tokens stored: ${localStorage.getItem('refreshToken') !== null}`);
        return new Response(null, { status: 204 });
      }
      return json(200, { id: 1, username: 'ada77', first_name: 'Ada', last_name: 'Lovelace', classroom_name: null });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderDay(
      <WithDayOpen session={session}>
        <TopNav />
      </WithDayOpen>,
    );
    await openLogoutDialog();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    finish('saved');

    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(events).toEqual(['final save', 'logout call with refresh-1, tokens stored: true']);
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('still logs out when the server cannot end the login', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/token/logout/') throw new TypeError('Failed to fetch');
        return json(200, { id: 1, username: 'ada77', first_name: 'Ada', last_name: 'Lovelace', classroom_name: null });
      }),
    );
    renderDay(<TopNav />);
    await openLogoutDialog();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('waits at most LOGOUT_REQUEST_TIMEOUT_MS for a server that does not answer the logout call', async () => {
    const fetch = vi.fn((url: string, init: RequestInit) => {
      if (url === '/api/token/logout/') {
        return new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      }
      return Promise.resolve(json(200, { id: 1, username: 'ada77', first_name: 'Ada', last_name: 'Lovelace', classroom_name: null }));
    });
    // AbortSignal.timeout ignores fake timers: give the client a timeout they drive.
    const timeoutSignal = (ms: number) => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new DOMException('timed out', 'TimeoutError')), ms);
      return controller.signal;
    };
    render(
      <MemoryRouter initialEntries={['/sections/day-1']}>
        <AuthProvider client={createApiClient({ fetch, timeoutSignal })}>
          <Routes>
            <Route path="/sections/day-1" element={<TopNav />} />
            <Route path="/login" element={<h1>Login page</h1>} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>,
    );
    await openLogoutDialog();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
      await vi.waitFor(() => expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/token/logout/'));
      await vi.advanceTimersByTimeAsync(LOGOUT_REQUEST_TIMEOUT_MS - 200);
      expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
      await vi.advanceTimersByTimeAsync(400);
      expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
      expect(localStorage.getItem('refreshToken')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('still logs out when the last save fails', async () => {
    const { session, finish } = fakeSession();
    renderDay(
      <WithDayOpen session={session}>
        <TopNav />
      </WithDayOpen>,
    );
    await openLogoutDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    finish('failed');

    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('waits at most LOGOUT_SAVE_WAIT_MS for a save that never answers, then logs out', async () => {
    const { session, flush } = fakeSession(); // its flush never settles
    renderDay(
      <WithDayOpen session={session}>
        <TopNav />
      </WithDayOpen>,
    );
    await openLogoutDialog();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
      expect(flush).toHaveBeenCalledOnce();
      await vi.advanceTimersByTimeAsync(LOGOUT_SAVE_WAIT_MS - 100);
      expect(localStorage.getItem('accessToken')).toBe('access-1');
      await vi.advanceTimersByTimeAsync(200);
      expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
      expect(localStorage.getItem('accessToken')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs out at once where there is no day work', async () => {
    renderDay(<TopNav />);
    await openLogoutDialog();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('has no serious accessibility violation while open', async () => {
    renderDay(<TopNav />);
    await openLogoutDialog();

    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });
});

describe('top navigation bar', () => {
  it('links the site name to the home page and shows the student', async () => {
    renderDay(<TopNav />);

    expect(await screen.findByText('Ada')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'SciTrek' })).toHaveAttribute('href', '/');
  });
});
