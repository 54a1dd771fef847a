import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClassProgress, SentMessage } from '../api/facilitator-endpoints.ts';
import type { UserRole } from '../api/endpoints.ts';
import { AuthContext, type AuthContextValue } from '../auth/auth-context.ts';
import { ClassView } from './ClassPage.tsx';
import { ConsoleQueries } from './console-queries.tsx';
import { ROOM_12, SENT_TO_ROOM_12 } from './fixtures.ts';

type Handler = (url: string, init: RequestInit) => Response | undefined;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

const PROGRESS = '/api/facilitator/classes/7/progress/';
let fetchMock: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;

/** Answers the class's progress (ETag "v1", then 304 for it), its messages, and whatever `handler` answers first. */
function serve(handler: Handler = () => undefined, progress: () => ClassProgress = () => ROOM_12) {
  fetchMock.mockImplementation(async (url, init) => {
    const answer = handler(url, init);
    if (answer) return answer;
    if (url === PROGRESS) return new Headers(init.headers).get('If-None-Match') === '"v1"' ? new Response(null, { status: 304, headers: { ETag: '"v1"' } }) : json(200, progress(), { ETag: '"v1"' });
    if (url === '/api/facilitator/classes/7/messages/') return json(200, { results: SENT_TO_ROOM_12 });
    return json(404, { detail: 'Not found.', code: 'not_found' });
  });
}

function renderClass(role: UserRole = 'facilitator', pollMs = 60_000) {
  const auth: AuthContextValue = {
    status: 'signed-in',
    user: { id: 100, role, username: 'mrivera', firstName: 'Maria', lastName: 'Rivera', classroomName: null },
    login: vi.fn(),
    signup: vi.fn(),
    completeProviderSignIn: vi.fn(),
    logout: vi.fn(),
  };
  return render(
    <MemoryRouter initialEntries={['/facilitator/classes/7']}>
      <AuthContext.Provider value={auth}>
        <ConsoleQueries>
          <Routes>
            <Route path="/facilitator/classes/7" element={<ClassView classId={7} pollMs={pollMs} />} />
            <Route path="/facilitator" element={<h1>Classes list</h1>} />
          </Routes>
        </ConsoleQueries>
      </AuthContext.Provider>
    </MemoryRouter>,
  );
}

const progressCalls = () => fetchMock.mock.calls.filter(([url]) => url === PROGRESS);

/** Shows or hides the tab: the event bubbles to the window, as a browser's does (TanStack Query listens there). */
function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

beforeEach(() => {
  localStorage.setItem('accessToken', 'access-1');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  // Unmounted first: a page still polling would otherwise reach the real fetch.
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setVisibility('visible');
});

describe('the class page', () => {
  describe('the live progress', () => {
    it('asks again with If-None-Match, keeps the table on a 304 and says when it was updated', async () => {
      serve();
      renderClass('facilitator', 40);

      expect(await screen.findByRole('heading', { level: 1, name: 'Room 12' })).toBeInTheDocument();
      await waitFor(() => expect(progressCalls().length).toBeGreaterThanOrEqual(3));

      expect(new Headers(progressCalls()[0]![1].headers).has('If-None-Match')).toBe(false);
      expect(new Headers(progressCalls()[2]![1].headers).get('If-None-Match')).toBe('"v1"');
      expect(screen.getByRole('link', { name: /Ada Lovelace, Day 1:/ })).toHaveTextContent('30/30');
      expect(screen.getByText(/^Updated \d\d:\d\d:\d\d$/)).toBeInTheDocument();
    });

    it('keeps the table on a 304: one 200 with the progress, then only 304s, still saying when it was updated', async () => {
      const answered: number[] = [];
      serve((url, init) => {
        if (url !== PROGRESS) return undefined;
        const response = new Headers(init.headers).get('If-None-Match') === '"v1"' ? new Response(null, { status: 304, headers: { ETag: '"v1"' } }) : json(200, ROOM_12, { ETag: '"v1"' });
        answered.push(response.status);
        return response;
      });
      renderClass('facilitator', 40);
      expect(await screen.findByRole('link', { name: /Ada Lovelace, Day 1:/ })).toHaveTextContent('30/30');

      await waitFor(() => expect(answered.filter((status) => status === 304).length).toBeGreaterThanOrEqual(2));

      expect(answered.filter((status) => status === 200)).toHaveLength(1);
      expect(screen.getByRole('heading', { level: 1, name: 'Room 12' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: /Ada Lovelace, Day 1:/ })).toHaveTextContent('30/30');
      expect(screen.getByRole('link', { name: /Alan Turing, Day 1:/ })).toHaveTextContent('0/30');
      expect(screen.getByText(/^Updated \d\d:\d\d:\d\d$/)).toBeInTheDocument();
      expect(screen.queryByText(/latest update failed/)).not.toBeInTheDocument();
    });

    it('shows new progress when the server sends it', async () => {
      let version = 1;
      const later: ClassProgress = {
        ...ROOM_12,
        students: ROOM_12.students.map((student) => (student.id === 3 ? { ...student, days: [{ day: 1, answered: 4, state: 'in_progress' }] } : student)),
      };
      serve((url, init) => {
        if (url !== PROGRESS) return undefined;
        const held = new Headers(init.headers).get('If-None-Match');
        if (held === `"v${version}"`) return new Response(null, { status: 304 });
        return json(200, version === 1 ? ROOM_12 : later, { ETag: `"v${version}"` });
      });
      renderClass('facilitator', 40);
      expect(await screen.findByRole('link', { name: /Alan Turing, Day 1:/ })).toHaveTextContent('0/30');

      version = 2;

      await waitFor(() => expect(screen.getByRole('link', { name: /Alan Turing, Day 1:/ })).toHaveTextContent('4/30'));
    });

    it('does not ask while the tab is hidden, and asks at once when it shows again', async () => {
      serve();
      renderClass('facilitator', 30);
      await screen.findByRole('heading', { level: 1, name: 'Room 12' });

      setVisibility('hidden');
      await new Promise((resolve) => setTimeout(resolve, 60)); // a request already sent may still answer
      const whileHidden = progressCalls().length;
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(progressCalls().length).toBe(whileHidden);

      setVisibility('visible');
      await waitFor(() => expect(progressCalls().length).toBeGreaterThan(whileHidden));
    });

    it('says so when the class does not exist or is not the facilitator’s', async () => {
      serve((url) => (url === PROGRESS ? json(404, { detail: 'Not found.', code: 'not_found' }) : undefined));
      renderClass();

      expect(await screen.findByRole('heading', { level: 1, name: 'Class not found' })).toBeInTheDocument();
    });
  });

  describe('passwords', () => {
    it('asks first, then shows the temporary password once, with the note that the student’s logins ended', async () => {
      serve((url, init) => (url === '/api/facilitator/classes/7/students/1/password/' && init.method === 'POST' ? json(200, { password: 'tulip-harbor-42' }) : undefined));
      renderClass();

      await userEvent.click(await screen.findByRole('button', { name: 'Reset password for Ada Lovelace' }));
      const question = await screen.findByRole('alertdialog', { name: 'Reset Ada Lovelace’s password?' });
      await userEvent.click(within(question).getByRole('button', { name: 'Reset password' }));

      const shown = await screen.findByRole('alertdialog', { name: 'Temporary password for Ada Lovelace' });
      expect(within(shown).getByText('tulip-harbor-42')).toBeInTheDocument();
      expect(shown).toHaveTextContent('other logins have been ended');
      expect(within(shown).getByRole('button', { name: 'Copy' })).toBeInTheDocument();

      await userEvent.keyboard('{Escape}');
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(screen.queryByText('tulip-harbor-42')).not.toBeInTheDocument();

      // Opening it again asks again: the password is not kept anywhere.
      await userEvent.click(screen.getByRole('button', { name: 'Reset password for Ada Lovelace' }));
      expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
      expect(screen.queryByText('tulip-harbor-42')).not.toBeInTheDocument();
    });
  });

  describe('deleting the class', () => {
    it('is not offered to a facilitator', async () => {
      serve();
      renderClass('facilitator');

      await screen.findByRole('heading', { level: 1, name: 'Room 12' });
      expect(screen.queryByRole('button', { name: 'Delete class' })).not.toBeInTheDocument();
    });

    it('needs the class’s exact name typed, then deletes it and goes back to the classes', async () => {
      serve((url, init) => (url === '/api/facilitator/classes/7/' && init.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined));
      renderClass('admin');

      await userEvent.click(await screen.findByRole('button', { name: 'Delete class' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete Room 12?' });
      expect(dialog).toHaveTextContent('students’ accounts and answers');
      expect(dialog).toHaveTextContent('CSV export first');
      const name = within(dialog).getByRole('textbox', { name: /Type the class name to confirm/ });
      const remove = within(dialog).getByRole('button', { name: 'Delete class' });
      expect(remove).toBeDisabled();
      expect(name).toHaveFocus();

      await userEvent.type(name, 'room 12');
      expect(remove).toBeDisabled();
      await userEvent.clear(name);
      await userEvent.type(name, 'Room 12 ');
      expect(remove).toBeDisabled();
      await userEvent.type(name, '{Backspace}');
      expect(remove).toBeEnabled();
      expect(fetchMock.mock.calls.some(([, init]) => init.method === 'DELETE')).toBe(false);

      await userEvent.click(remove);

      expect(await screen.findByRole('heading', { name: 'Classes list' })).toBeInTheDocument();
      const [, init] = fetchMock.mock.calls.find(([, each]) => each.method === 'DELETE')!;
      expect(JSON.parse(String(init.body))).toEqual({ confirm: 'Room 12' });
    });
  });

  describe('the roster', () => {
    it('removes a student after asking, and refreshes the progress', async () => {
      serve((url, init) => (url === '/api/facilitator/classes/7/students/3/' && init.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined));
      renderClass();

      await userEvent.click(await screen.findByRole('button', { name: 'Remove Alan Turing' }));
      const before = progressCalls().length;
      await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Remove Alan Turing from Room 12?' })).getByRole('button', { name: 'Remove' }));

      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(progressCalls().length).toBeGreaterThan(before);
    });

    it('adds a student and shows them on the roster: the progress is asked for again at once', async () => {
      const grace = { id: 4, username: 'grace4', first_name: 'Grace', last_name: 'Brewster', classroom_name: null, last_activity_at: null, days: [] };
      let added = false;
      serve((url, init) => {
        if (url === '/api/facilitator/classes/7/students/' && init.method === 'POST') {
          added = true;
          return json(201, grace);
        }
        // The new roster is a new version of the progress.
        if (url === PROGRESS && added) return json(200, { ...ROOM_12, students: [...ROOM_12.students, grace] }, { ETag: '"v2"' });
        return undefined;
      });
      renderClass();
      const form = await screen.findByRole('form', { name: 'Add a student' });
      const before = progressCalls().length;

      await userEvent.type(within(form).getByRole('textbox', { name: 'Student’s username' }), 'grace4');
      await userEvent.click(within(form).getByRole('button', { name: 'Add student' }));

      expect(await within(form).findByRole('status')).toHaveTextContent('Grace Brewster was added.');
      expect(await screen.findByRole('rowheader', { name: 'Grace Brewster' })).toBeInTheDocument();
      expect(progressCalls().length).toBe(before + 1);
    });

    it('says so when no student has the username, keeping what was typed', async () => {
      serve((url, init) => (url === '/api/facilitator/classes/7/students/' && init.method === 'POST' ? json(404, { detail: 'No such student.', code: 'no_such_student' }) : undefined));
      renderClass();

      const form = await screen.findByRole('form', { name: 'Add a student' });
      await userEvent.type(within(form).getByRole('textbox', { name: 'Student’s username' }), 'nobody');
      await userEvent.click(within(form).getByRole('button', { name: 'Add student' }));

      expect(await within(form).findByRole('alert')).toHaveTextContent('No student has this username.');
      expect(within(form).getByRole('textbox', { name: 'Student’s username' })).toHaveValue('nobody');
    });
  });

  describe('the export', () => {
    it('downloads a day’s CSV with the bearer token and saves it under the server’s file name', async () => {
      serve((url) =>
        url === '/api/facilitator/classes/7/export.csv?day=2'
          ? new Response('\uFEFFname\n', { status: 200, headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="Room 12-day-2.csv"' } })
          : undefined,
      );
      const createObjectURL = vi.fn(() => 'blob:csv');
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
      const clicked: string[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this.download);
      });
      renderClass();

      await userEvent.click(await screen.findByRole('button', { name: 'Download CSV of Day 2' }));

      await waitFor(() => expect(clicked).toEqual(['Room 12-day-2.csv']));
      const [, init] = fetchMock.mock.calls.find(([url]) => url.includes('export.csv'))!;
      expect(new Headers(init.headers).get('Authorization')).toBe('Bearer access-1');
    });
  });

  describe('messages', () => {
    it('loads the sent messages again after a message is sent, showing the new one', async () => {
      const messagesCalls = () => fetchMock.mock.calls.filter(([url, init]) => url === '/api/facilitator/classes/7/messages/' && (init.method ?? 'GET') === 'GET');
      const sent: SentMessage[] = [...SENT_TO_ROOM_12];
      serve((url, init) => {
        if (url !== '/api/facilitator/classes/7/messages/') return undefined;
        if (init.method === 'POST') {
          const message: SentMessage = { ...SENT_TO_ROOM_12[0]!, id: 51, subject: 'Bring a pencil', body: 'Bring a pencil.', body_html: '<p>Bring a pencil.</p>', sent_at: '2026-11-23T09:00:00Z' };
          sent.unshift(message);
          return json(201, message);
        }
        return json(200, { results: sent });
      });
      renderClass();
      expect(await screen.findByRole('heading', { name: 'Day 2 starts at 9' })).toBeInTheDocument();
      expect(messagesCalls()).toHaveLength(1);

      await userEvent.type(screen.getByRole('textbox', { name: 'Subject' }), 'Bring a pencil');
      await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Bring a pencil.');
      await userEvent.click(screen.getByRole('button', { name: 'Send message' }));

      expect(await screen.findByRole('heading', { name: 'Bring a pencil' })).toBeInTheDocument();
      expect(messagesCalls()).toHaveLength(2);
      expect(screen.getByRole('heading', { name: 'Day 2 starts at 9' })).toBeInTheDocument();
    });


    it('lists the sent messages with who has read each', async () => {
      serve();
      renderClass();

      await userEvent.click(await screen.findByText('Who has read it'));

      expect(screen.getByText(/1 of 3 read/)).toBeInTheDocument();
      expect(screen.getByText('Ada Lovelace: Read')).toBeInTheDocument();
      expect(screen.getByText('Alan Turing: Unread')).toBeInTheDocument();
    });
  });
});
