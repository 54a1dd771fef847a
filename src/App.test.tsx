import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUBLISHED_DAYS } from 'virtual:published-days';
import { App } from './App.tsx';
import { AuthProvider } from './auth/AuthProvider.tsx';

const dayPage = vi.hoisted(() => ({ broken: false }));

// The day page is the lead's and loads lessons; the routing only needs to know it was reached.
vi.mock('./days/DayPage.tsx', () => ({
  DayPage: ({ day }: { day: number }) => {
    if (dayPage.broken) throw new Error('Expected component `EmbedPanel` to be defined');
    return (
      <main>
        <h1>Day {day} lesson</h1>
      </main>
    );
  },
}));

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const profile = { id: 1, username: 'ada77', first_name: 'Ada', last_name: 'Lovelace', classroom_name: 'Room 12' };

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AuthProvider>
        <App />
      </AuthProvider>
    </MemoryRouter>,
  );
}

function signIn() {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
}

let fetchMock: ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>;

beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/student/profile/') return json(200, profile);
    if (url === '/api/student/inbox/') return json(200, { count: 0, next: null, previous: null, results: [] });
    return json(404, { detail: 'Not found', code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  dayPage.broken = false;
});

describe('app', () => {
  describe('at start-up', () => {
    it('shows Loading while the current user is being checked', async () => {
      signIn();
      let answer: (response: Response) => void = () => undefined;
      fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));

      renderAt('/');

      expect(screen.getByRole('status')).toHaveTextContent('Loading…');
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
      answer(json(200, profile));
      expect(await screen.findByText('Hello, Ada')).toBeInTheDocument();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });

    it('signs out, clearing both tokens, only when the server refuses the token refresh', async () => {
      signIn();
      fetchMock.mockImplementation(async (url: string) =>
        url === '/api/token/refresh/' ? json(401, { detail: 'Expired', code: 'not_authenticated' }) : json(401, { detail: 'Expired', code: 'not_authenticated' }),
      );

      renderAt('/');

      expect(await screen.findByRole('link', { name: 'Student Login / Sign-Up' })).toHaveAttribute('href', '/login');
      expect(localStorage.getItem('accessToken')).toBeNull();
      expect(localStorage.getItem('refreshToken')).toBeNull();
    });

    it('stays signed in from the stored tokens when the profile fetch fails with a 5xx or a dropped connection, and tries again (issue 6)', async () => {
      signIn();
      localStorage.setItem('profile', JSON.stringify({ id: 1, username: 'ada77', firstName: 'Ada', lastName: 'Lovelace', classroomName: null }));
      let failures = 0;
      fetchMock.mockImplementation(async (url: string) => {
        if (url === '/api/student/profile/' && failures < 2) {
          failures += 1;
          if (failures === 1) throw new TypeError('Failed to fetch');
          return json(503, { detail: 'Restarting', code: 'unavailable' });
        }
        if (url === '/api/student/profile/') return json(200, { ...profile, first_name: 'Ada (fresh)' });
        return json(200, { count: 0, next: null, previous: null, results: [] });
      });

      renderAt('/');

      expect(await screen.findByText('Hello, Ada')).toBeInTheDocument();
      expect(localStorage.getItem('accessToken')).toBe('access-1');
      expect(await screen.findByText('Hello, Ada (fresh)', undefined, { timeout: 10_000 })).toBeInTheDocument();
      expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    }, 15_000);

    it('does not call the server when no token is stored', async () => {
      renderAt('/');

      expect(await screen.findByRole('link', { name: 'Student Login / Sign-Up' })).toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
    });
  });

  describe('the day pages', () => {
    it.each(PUBLISHED_DAYS)('send a logged-out visitor of day %i to /login', async (day) => {
      renderAt(`/sections/day-${day}`);

      expect(await screen.findByRole('tab', { name: 'Sign In', selected: true })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: `Day ${day} lesson` })).not.toBeInTheDocument();
    });

    it.each(PUBLISHED_DAYS)('show day %i to a signed-in student', async (day) => {
      signIn();

      renderAt(`/sections/day-${day}`);

      expect(await screen.findByRole('heading', { name: `Day ${day} lesson` })).toBeInTheDocument();
    });

    it('keep the app and its footer when a lesson fails to render', async () => {
      signIn();
      dayPage.broken = true;
      vi.spyOn(console, 'error').mockImplementation(() => undefined);

      renderAt('/sections/day-1');

      expect(await screen.findByRole('heading', { level: 1, name: 'This page could not be shown' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
      expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    });
  });

  describe('an unknown path', () => {
    it('goes to /login when logged out', async () => {
      renderAt('/no/such/page');

      expect(await screen.findByRole('tab', { name: 'Sign In', selected: true })).toBeInTheDocument();
    });

    it('goes to / when logged in', async () => {
      signIn();

      renderAt('/student_profile/nowhere');

      expect(await screen.findByRole('heading', { level: 1, name: 'SciTrek' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Hello, Ada' })).toBeInTheDocument();
    });
  });

  describe('the signed-in pages', () => {
    const signedInPages = [
      '/student_profile',
      '/student_profile/pre_module',
      '/student_profile/post_module',
      '/inbox',
      '/workbooks',
      '/workbooks/7',
      '/sections/welcome',
      '/sections/what-youll-learn',
      '/sections/vocabulary',
    ];

    it.each(signedInPages)('send a logged-out visitor of %s to /login', async (path) => {
      renderAt(path);

      expect(await screen.findByRole('tab', { name: 'Sign In', selected: true })).toBeInTheDocument();
    });

    it.each(signedInPages)('show %s to a signed-in student under the navigation bar', async (path) => {
      signIn();

      renderAt(path);

      expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/student_profile');
      expect(screen.queryByRole('tab', { name: 'Sign In' })).not.toBeInTheDocument();
    });

    it('shows each quiz in an embed panel', async () => {
      signIn();

      renderAt('/student_profile/post_module');

      expect(await screen.findByRole('heading', { level: 1, name: 'Post-Module Quiz' })).toBeInTheDocument();
      expect(screen.getByTitle('Post-Module Quiz')).toHaveAttribute('src', expect.stringContaining('1FAIpQLScOvzSzNUvmd-zzc3WHVPUNBQ1SqCV27A07ybog7PbnLaIB-w'));
      expect(screen.getByRole('link', { name: /Open in new tab/ })).toHaveAttribute('target', '_blank');
    });
  });

  describe('/login', () => {
    it('goes to / when already signed in', async () => {
      signIn();

      renderAt('/login');

      expect(await screen.findByRole('heading', { level: 1, name: 'SciTrek' })).toBeInTheDocument();
      expect(screen.queryByRole('tab', { name: 'Sign In' })).not.toBeInTheDocument();
    });
  });

  describe('the home page', () => {
    it('greets a signed-in student by first name with a menu of My Profile and Logout', async () => {
      signIn();

      renderAt('/');

      await userEvent.click(await screen.findByRole('button', { name: 'Hello, Ada' }));
      expect(await screen.findByRole('menuitem', { name: 'My Profile' })).toHaveAttribute('href', '/student_profile');
      await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
      expect(screen.getByRole('alertdialog', { name: 'Are you sure you want to logout?' })).toBeInTheDocument();
    });

    it('greets by username when there is no first name', async () => {
      signIn();
      fetchMock.mockImplementation(async () => json(200, { ...profile, first_name: '' }));

      renderAt('/');

      expect(await screen.findByText('Hello, ada77')).toBeInTheDocument();
    });

    it('offers visitors the login link and no greeting', async () => {
      renderAt('/');

      expect(await screen.findByRole('link', { name: 'Student Login / Sign-Up' })).toHaveAttribute('href', '/login');
      expect(screen.queryByText(/Hello,/)).not.toBeInTheDocument();
    });
  });

  it('explains the forgotten-password route to visitors and links back to /login', async () => {
    renderAt('/login');

    await userEvent.click(await screen.findByRole('link', { name: 'Forgot Your Password?' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.getByText(/Ask your facilitator to reset your password/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to Sign In' }));
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
  });

  it.each(['/', '/login', '/forgot-password'])('shows the copyright line with the current year on %s', async (path) => {
    renderAt(path);
    await screen.findByRole('heading', { level: 1 });

    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} SciTrek`);
  });

  it('sends the student to /login when the session can no longer be refreshed', async () => {
    signIn();
    let profileCalls = 0;
    fetchMock.mockImplementation(async (url) => {
      if (url === '/api/student/profile/') {
        profileCalls += 1;
        return profileCalls === 1 ? json(200, profile) : json(401, { detail: 'Token expired', code: 'token_not_valid' });
      }
      if (url === '/api/token/refresh/') return json(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
      return json(404, {});
    });
    const { apiClient } = await import('./api/client.ts');
    renderAt('/sections/day-1');
    await screen.findByRole('heading', { name: 'Day 1 lesson' });

    await expect(apiClient.request('/api/student/profile/')).rejects.toMatchObject({ status: 401 });

    expect(await screen.findByRole('tab', { name: 'Sign In', selected: true })).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});
