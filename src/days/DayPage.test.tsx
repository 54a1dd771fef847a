import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import type * as ClientModule from '../api/client.ts';
import { answerSessions } from '../auth/answer-sessions.ts';
import { AuthContext, type AuthContextValue } from '../auth/auth-context.ts';
import { DayPage } from './DayPage.tsx';

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

  describe('Day 1', () => {
    it('renders every widget of the lesson bound to the schema, with the 13 blanks named Blank 1 to Blank 13', async () => {
      api.request.mockImplementation(nothingSaved);
      await renderDay(1);
      expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5_000 })).toHaveTextContent('Day 1');
      // The lesson's later parts render right after its first two (engine/lesson/LessonSection.tsx).
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
      expect(screen.getByDisplayValue('Regulation decides expression.')).toBeInTheDocument();
      expect(screen.getByText(/^Saved • 10:07/)).toBeInTheDocument();
    });

    it('uses the defaults, and says the day came from the device, when the server cannot be reached and nothing is kept on the device', async () => {
      api.request.mockRejectedValue(new ApiError(0, 'network_error', 'Failed to fetch'));
      await renderDay(1);
      expect(await screen.findByRole('combobox', { name: 'Blank 13' }, { timeout: 5_000 })).toHaveValue('');
      expect(screen.getByText('Offline — opened from this device')).toBeInTheDocument();
    });
  });

  it('says so when a day has no lesson yet', async () => {
    api.request.mockImplementation(nothingSaved);
    await renderDay(9);
    expect(await screen.findByText(/not published yet/)).toBeInTheDocument();
  });
});
