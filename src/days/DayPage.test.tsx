import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import type * as ClientModule from '../api/client.ts';
import { answerSessions } from '../auth/answer-sessions.ts';
import { AuthContext, type AuthContextValue } from '../auth/auth-context.ts';
import { PROFILE_KEY } from '../auth/tokens.ts';
import { DayPage } from './DayPage.tsx';
import { preloadDay } from './open-day.ts';

const api = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('../api/client.ts', async (importOriginal) => {
  const original = await importOriginal<typeof ClientModule>();
  return { ...original, apiClient: { ...original.apiClient, request: api.request } };
});

/** The API's 404 for a day with nothing saved yet. */
const nothingSaved = () => Promise.reject(new ApiError(404, 'not_found', 'Not found.'));

const auth: AuthContextValue = {
  status: 'signed-in',
  user: { id: 1, role: 'student', username: 'ada', firstName: 'Ada', lastName: 'Lovelace', classroomName: null },
  login: vi.fn(),
  signup: vi.fn(),
  completeProviderSignIn: vi.fn(),
  logout: vi.fn(),
};

/** Renders the day page; inside an awaited act, since its lesson arrives through `use()` (React's act queue). */
async function renderDay(day: number) {
  await act(async () => {
    render(
    <AuthContext.Provider value={auth}>
      <MemoryRouter>
        <DayPage day={day} />
      </MemoryRouter>
    </AuthContext.Provider>,
    );
  });
}

describe('DayPage', () => {
  beforeEach(() => {
    api.request.mockReset();
    answerSessions.clear();
  });

  describe('feedback from a facilitator', () => {
    const feedback = (id: number, day: number, field: string, body: string) => ({
      id,
      student_id: 1,
      day,
      field,
      body,
      author: { first_name: 'Ms', last_name: 'Rivera' },
      created_at: '2026-11-25T09:00:00.000Z',
      updated_at: '2026-11-25T09:00:00.000Z',
      read_at: null,
      is_mine: false,
    });

    it('shows each note under the answer it is about, as text, marks what the day shows read, and leaves the other days unread', async () => {
      api.request.mockImplementation((path: string) => {
        if (path === '/api/student/feedback/') {
          return Promise.resolve({ results: [feedback(11, 1, 'geneQ1', 'Good start.\nNow add <b>an example</b>.'), feedback(12, 2, 'cancerQ1', 'See me.')] });
        }
        if (path === '/api/student/modules/1/response/detail/') return Promise.resolve({ answers: { geneQ1: 'Regulation decides expression.' }, updated_at: new Date().toISOString(), revision: 1 });
        if (path.endsWith('/read/')) return Promise.resolve({});
        return nothingSaved();
      });
      await renderDay(1);
      const note = await screen.findByRole('note', { name: 'Feedback from Ms Rivera' }, { timeout: 5_000 });
      expect(note).toHaveTextContent('Good start. Now add <b>an example</b>.');
      expect(note.querySelector('b')).toBeNull();
      // Under the answer's text box, in the lesson's flow.
      const answer = screen.getByRole('textbox', { name: /how is gene expression different from gene regulation/ });
      expect(answer.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(answer).toHaveValue('Regulation decides expression.');

      await waitFor(() => expect(api.request).toHaveBeenCalledWith('/api/student/modules/1/feedback/11/read/', { method: 'PATCH' }));
      expect(api.request).not.toHaveBeenCalledWith('/api/student/modules/2/feedback/12/read/', expect.anything());
      // Day 2's note is still unread: the Modules menu counts it.
      expect(screen.getByRole('button', { name: /^Modules,\s*1\s*new feedback$/ })).toBeInTheDocument();
    });
  });

  describe('Day 1', () => {
    it('renders every widget of the lesson bound to the schema, with the 13 blanks named Blank 1 to Blank 13', async () => {
      api.request.mockImplementation(nothingSaved);
      await renderDay(1);
      expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5_000 })).toHaveTextContent('Day 1');
      // The lesson's later parts render one at a time right after its first two (engine/lesson/LessonSection.tsx).
      await waitFor(() => expect(screen.getAllByRole('combobox', { name: /^Blank \d+$/ })).toHaveLength(13), { timeout: 5_000 });
      const blanks = screen.getAllByRole('combobox', { name: /^Blank \d+$/ });
      expect(blanks.map((blank) => blank.getAttribute('aria-label'))).toEqual(Array.from({ length: 13 }, (_, index) => `Blank ${index + 1}`));
      expect(screen.getByText('Ready')).toBeInTheDocument();
    });

    it('shows the saved answers merged over the defaults, and "Saved • h:mm"', async () => {
      api.request.mockResolvedValue({
        answers: { fillBlanks: ['protein'], geneQ1: 'Regulation decides expression.' },
        updated_at: new Date(2026, 10, 23, 10, 7).toISOString(),
        revision: 3,
      });
      await renderDay(1);
      await waitFor(() => expect(screen.getByRole('combobox', { name: 'Blank 1' })).toHaveValue('protein'));
      expect(screen.getByRole('combobox', { name: 'Blank 2' })).toHaveValue('');
      expect(await screen.findByDisplayValue('Regulation decides expression.')).toBeInTheDocument();
      expect(screen.getByText(/^Saved • 10:07/)).toBeInTheDocument();
    });

    it('uses the defaults, and says the day came from the device, when the server cannot be reached and nothing is kept on the device', async () => {
      api.request.mockRejectedValue(new ApiError(0, 'network_error', 'Failed to fetch'));
      await renderDay(1);
      expect(await screen.findByRole('combobox', { name: 'Blank 13' }, { timeout: 5_000 })).toHaveValue('');
      expect(screen.getByText('Offline — opened from this device')).toBeInTheDocument();
    });
  });

  describe('opened before the page renders (src/days/open-day.ts, on a first visit)', () => {
    const saved = (geneQ1: string) => ({ answers: { geneQ1 }, updated_at: new Date(2026, 10, 23, 10, 7).toISOString(), revision: 1 });
    const detailRequests = () => api.request.mock.calls.filter(([path]) => String(path).includes('/response/detail/'));

    it('shows what the early opening loaded, with one request for the saved answers', async () => {
      api.request.mockResolvedValue(saved('Loaded before React drew the page.'));
      preloadDay(1);
      await renderDay(1);
      expect(await screen.findByDisplayValue('Loaded before React drew the page.', undefined, { timeout: 5_000 })).toBeInTheDocument();
      expect(detailRequests()).toHaveLength(1);
    });

    it('is taken once: the next visit of the day loads again', async () => {
      api.request.mockResolvedValue(saved('First visit.'));
      preloadDay(1);
      await renderDay(1);
      await screen.findByDisplayValue('First visit.', undefined, { timeout: 5_000 });
      cleanup();
      answerSessions.clear();
      api.request.mockResolvedValue(saved('Second visit.'));
      await renderDay(1);
      expect(await screen.findByDisplayValue('Second visit.', undefined, { timeout: 5_000 })).toBeInTheDocument();
      expect(detailRequests()).toHaveLength(2);
    });

    it('is not used for another student signed in meanwhile on the same device', async () => {
      localStorage.setItem(PROFILE_KEY, JSON.stringify({ id: 41, username: 'grace' }));
      // The early opening's request comes first.
      api.request.mockResolvedValueOnce(saved("Grace's answer.")).mockResolvedValue(saved("Ada's answer."));
      preloadDay(1);
      localStorage.setItem(PROFILE_KEY, JSON.stringify({ id: 42, username: 'ada' }));
      await renderDay(1);
      expect(await screen.findByDisplayValue("Ada's answer.", undefined, { timeout: 5_000 })).toBeInTheDocument();
      expect(screen.queryByDisplayValue("Grace's answer.")).toBeNull();
      localStorage.removeItem(PROFILE_KEY);
    });

    it('is not used for another day', async () => {
      api.request.mockImplementation((path: string) => Promise.resolve(saved(path.includes('/modules/2/') ? 'Day 2 answer.' : 'Day 1 answer.')));
      preloadDay(2);
      await renderDay(1);
      expect(await screen.findByDisplayValue('Day 1 answer.', undefined, { timeout: 5_000 })).toBeInTheDocument();
    });
  });

  it('says so when a day has no lesson yet', async () => {
    api.request.mockImplementation(nothingSaved);
    await renderDay(9);
    expect(await screen.findByText(/not published yet/)).toBeInTheDocument();
  });
});
