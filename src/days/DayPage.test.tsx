import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../auth/auth-context.ts';
import { DayPage } from './DayPage.tsx';

const endpoints = vi.hoisted(() => ({
  fetchDayAnswers: vi.fn(),
  saveDayAnswers: vi.fn(),
}));
vi.mock('../api/endpoints.ts', async (importOriginal) => ({ ...(await importOriginal<object>()), ...endpoints }));

const auth: AuthContextValue = {
  status: 'signed-in',
  user: { id: 1, username: 'ada', firstName: 'Ada', lastName: 'Lovelace', classroomName: null },
  login: vi.fn(),
  signup: vi.fn(),
  logout: vi.fn(),
  registerAutosave: () => () => undefined,
};

function renderDay(day: number) {
  return render(
    <AuthContext.Provider value={auth}>
      <MemoryRouter>
        <DayPage day={day} />
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

describe('DayPage', () => {
  beforeEach(() => {
    endpoints.fetchDayAnswers.mockReset();
    endpoints.saveDayAnswers.mockReset();
  });

  describe('Day 1', () => {
    it('renders every widget of the lesson bound to the schema, with the 13 blanks named Blank 1 to Blank 13', async () => {
      endpoints.fetchDayAnswers.mockResolvedValue(null);
      renderDay(1);
      expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5_000 })).toHaveTextContent('Day 1');
      const blanks = screen.getAllByRole('combobox', { name: /^Blank \d+$/ });
      expect(blanks.map((blank) => blank.getAttribute('aria-label'))).toEqual(Array.from({ length: 13 }, (_, index) => `Blank ${index + 1}`));
      expect(screen.getByText('Ready')).toBeInTheDocument();
    });

    it('shows the saved answers merged over the defaults, and "Saved • h:mm"', async () => {
      endpoints.fetchDayAnswers.mockResolvedValue({
        answers: { fillBlanks: ['protein'], geneQ1: 'Regulation decides expression.' },
        savedAt: new Date(2026, 10, 23, 10, 7),
        revision: 3,
      });
      renderDay(1);
      await waitFor(() => expect(screen.getByRole('combobox', { name: 'Blank 1' })).toHaveValue('protein'));
      expect(screen.getByRole('combobox', { name: 'Blank 2' })).toHaveValue('');
      expect(screen.getByDisplayValue('Regulation decides expression.')).toBeInTheDocument();
      expect(screen.getByText(/^Saved • 10:07/)).toBeInTheDocument();
    });

    it('uses the defaults when the saved answers cannot be loaded (spec section 8)', async () => {
      endpoints.fetchDayAnswers.mockRejectedValue(new TypeError('Failed to fetch'));
      renderDay(1);
      expect(await screen.findByRole('combobox', { name: 'Blank 13' }, { timeout: 5_000 })).toHaveValue('');
      expect(screen.getByText('Ready')).toBeInTheDocument();
    });
  });

  it('says so when a day has no lesson yet', async () => {
    endpoints.fetchDayAnswers.mockResolvedValue(null);
    renderDay(9);
    expect(await screen.findByText(/not published yet/)).toBeInTheDocument();
  });
});
