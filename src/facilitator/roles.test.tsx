import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App.tsx';
import { AuthProvider } from '../auth/AuthProvider.tsx';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const people = {
  student: { id: 1, username: 'ada77', first_name: 'Ada', last_name: 'Lovelace', classroom_name: 'Room 12' },
  facilitator: { id: 100, username: 'mrivera', first_name: 'Maria', last_name: 'Rivera', classroom_name: null, role: 'facilitator' },
  admin: { id: 200, username: 'root', first_name: 'Ruth', last_name: 'Admin', classroom_name: null, role: 'admin' },
};

let fetchMock: ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>;

/** The server, for whoever `who` is: the profile, an empty inbox, no class, and empty admin lists. */
function serveAs(who: keyof typeof people) {
  fetchMock.mockImplementation(async (url: string) => {
    if (url === '/api/token/') return json(200, { access: 'access-1', refresh: 'refresh-1' });
    if (url === '/api/student/profile/') return json(200, people[who]);
    if (url === '/api/student/inbox/') return json(200, { count: 0, next: null, previous: null, results: [] });
    if (url.startsWith('/api/facilitator/')) return who === 'student' ? json(403, { detail: 'Staff only.', code: 'forbidden' }) : json(200, { results: [] });
    return json(404, { detail: 'Not found', code: 'not_found' });
  });
}

/** Opens the app at `path`, signed in (tokens stored) unless `signedIn` is false. */
function open(path: string, signedIn = true) {
  if (signedIn) {
    localStorage.setItem('accessToken', 'access-1');
    localStorage.setItem('refreshToken', 'refresh-1');
  }
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AuthProvider>
        <App />
      </AuthProvider>
    </MemoryRouter>,
  );
}

async function logInThroughTheForm() {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Username' }), 'someone');
  await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('roles in the app', () => {
  describe('after login', () => {
    it('takes a facilitator to the console, and loads no inbox for them', async () => {
      serveAs('facilitator');
      open('/login', false);

      await logInThroughTheForm();

      expect(await screen.findByRole('heading', { level: 1, name: 'Your classes' })).toBeInTheDocument();
      expect(screen.getByText('SciTrek — Facilitator console')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Classes' })).toHaveAttribute('href', '/facilitator');
      expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
      expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/student/inbox/');
    });

    it('takes an admin to the console, with the Admin link', async () => {
      serveAs('admin');
      open('/login', false);

      await logInThroughTheForm();

      expect(await screen.findByRole('heading', { level: 1, name: 'Your classes' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/facilitator/admin');
    });

    it('takes a student home as before', async () => {
      serveAs('student');
      open('/login', false);

      await logInThroughTheForm();

      expect(await screen.findByText('Hello, Ada')).toBeInTheDocument();
    });
  });

  describe('the console’s paths', () => {
    it.each(['/facilitator', '/facilitator/classes/7', '/facilitator/admin', '/facilitator/classes/7/students/1/days/2', '/facilitator/classes/7/days/2/questions'])('send a student who opens %s to the home page', async (path) => {
      serveAs('student');
      open(path);

      expect(await screen.findByText('Hello, Ada')).toBeInTheDocument();
      expect(screen.queryByText('SciTrek — Facilitator console')).not.toBeInTheDocument();
      expect(fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/facilitator/'))).toEqual([]);
    });

    it.each(['/facilitator/classes/7', '/facilitator/classes/7/students/1/days/2'])('send a signed-out visitor of %s to /login', async (path) => {
      serveAs('facilitator');
      open(path, false);

      expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
    });

    it('open a student’s day in the console’s frame for a facilitator', async () => {
      serveAs('facilitator');
      open('/facilitator/classes/7/students/1/days/2');

      expect(await screen.findByText('SciTrek — Facilitator console')).toBeInTheDocument();
      expect(await screen.findByRole('main')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { level: 1, name: 'Your classes' })).not.toBeInTheDocument();
    });

    it('send a facilitator who opens the admin page to their classes', async () => {
      serveAs('facilitator');
      open('/facilitator/admin');

      expect(await screen.findByRole('heading', { level: 1, name: 'Your classes' })).toBeInTheDocument();
      expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/facilitator/audit/');
    });

    it('open the admin page for an admin', async () => {
      serveAs('admin');
      open('/facilitator/admin');

      expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument();
      expect(await screen.findByText('Every student is in a class.')).toBeInTheDocument();
    });

    it('send staff to the console from an unknown path, and from /login', async () => {
      serveAs('facilitator');
      const first = open('/no/such/page');
      expect(await screen.findByRole('heading', { level: 1, name: 'Your classes' })).toBeInTheDocument();
      first.unmount();

      open('/login');
      expect(await screen.findByRole('heading', { level: 1, name: 'Your classes' })).toBeInTheDocument();
    });

    it('sign out from the console through the logout confirmation', async () => {
      serveAs('facilitator');
      open('/facilitator');

      await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));

      expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
      expect(localStorage.getItem('accessToken')).toBeNull();
    });
  });
});
