import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import type * as ClientModule from '../api/client.ts';
import { StudentDayPage } from './StudentDayPage.tsx';

const api = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('../api/client.ts', async (importOriginal) => {
  const original = await importOriginal<typeof ClientModule>();
  return { ...original, apiClient: { ...original.apiClient, request: api.request } };
});

const person = (id: number, first: string, last: string) => ({ id, username: `${first.toLowerCase()}${id}`, first_name: first, last_name: last });
const roster = { class: { id: 3, name: 'Biology A' }, days: [], students: [person(16, 'Ada', 'Byron'), person(17, 'Grace', 'Hopper'), person(18, 'Alan', 'Turing')] };
const WRITTEN = 'First line of my answer.\nSecond line.';

/** The server as the contract describes it: a student's day and the class progress. */
function serve(path: string): Promise<unknown> {
  if (path === '/api/facilitator/classes/3/progress/') return Promise.resolve(roster);
  const match = /^\/api\/facilitator\/classes\/3\/students\/(\d+)\/days\/(\d+)\/$/.exec(path);
  if (!match) return Promise.reject(new ApiError(404, 'not_found', 'Not found.'));
  const student = roster.students.find((each) => each.id === Number(match[1]));
  if (!student) return Promise.reject(new ApiError(404, 'not_found', 'Not found.'));
  return Promise.resolve({ student, day: Number(match[2]), answers: { worksheet: [WRITTEN] }, revision: 2, updated_at: '2026-11-23T10:07:00Z' });
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/facilitator/classes/:classId/students/:studentId/days/:day" element={<StudentDayPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('StudentDayPage', () => {
  beforeEach(() => {
    api.request.mockReset();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the student, the class and the student’s own text in the lesson, read-only', async () => {
    api.request.mockImplementation(serve);
    renderAt('/facilitator/classes/3/students/17/days/1');
    const answer = await screen.findByDisplayValue(/First line of my answer/, {}, { timeout: 5_000 });
    expect(answer).toHaveValue(WRITTEN);
    expect(answer).toHaveAttribute('readonly');
    expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.getByText('(grace17)')).toBeInTheDocument();
    expect(screen.getByText(/Biology A/, { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Day 1');

    await userEvent.type(answer, ' more');
    expect(answer).toHaveValue(WRITTEN);
    // The lesson's later parts render one at a time right after its first two (engine/lesson/LessonSection.tsx).
    await waitFor(() => expect(screen.getAllByRole('combobox').length).toBeGreaterThanOrEqual(13), { timeout: 5_000 });
    for (const select of screen.getAllByRole('combobox')) expect(select).toBeDisabled();
    expect(screen.queryByText(/^(Ready|Saved •)/)).not.toBeInTheDocument();
    // Only the two downloads: nothing is ever saved.
    expect(api.request.mock.calls.map(([path, options]) => [path, (options as { method?: string } | undefined)?.method ?? 'GET'])).toEqual([
      ['/api/facilitator/classes/3/students/17/days/1/', 'GET'],
      ['/api/facilitator/classes/3/progress/', 'GET'],
    ]);
  }, 15_000);

  it('links to each day of the student, to the previous and next student, and back to the class', async () => {
    api.request.mockImplementation(serve);
    renderAt('/facilitator/classes/3/students/17/days/2');
    const days = await screen.findByRole('navigation', { name: 'Days of Grace Hopper' }, { timeout: 5_000 });
    expect(days.querySelector('[aria-current="page"]')).toHaveTextContent('Day 2');
    expect(screen.getByRole('link', { name: 'Day 1' })).toHaveAttribute('href', '/facilitator/classes/3/students/17/days/1');
    expect(screen.getByRole('link', { name: '← Previous student' })).toHaveAttribute('href', '/facilitator/classes/3/students/16/days/2');
    expect(screen.getByRole('link', { name: 'Next student →' })).toHaveAttribute('href', '/facilitator/classes/3/students/18/days/2');
    expect(screen.getByRole('link', { name: '← Back to Biology A' })).toHaveAttribute('href', '/facilitator/classes/3');
  }, 15_000);

  it('follows Next student to that student’s answers', async () => {
    api.request.mockImplementation(serve);
    renderAt('/facilitator/classes/3/students/17/days/1');
    await userEvent.click(await screen.findByRole('link', { name: 'Next student →' }, { timeout: 5_000 }));
    expect(await screen.findByText('Alan Turing')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Next student →' })).not.toBeInTheDocument();
  }, 15_000);

  it('prints with the browser’s print', async () => {
    api.request.mockImplementation(serve);
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderAt('/facilitator/classes/3/students/16/days/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Print' }, { timeout: 5_000 }));
    expect(print).toHaveBeenCalledTimes(1);
  }, 15_000);

  it('says so when the student is not in the facilitator’s class', async () => {
    api.request.mockImplementation(serve);
    renderAt('/facilitator/classes/3/students/99/days/1');
    expect(await screen.findByRole('alert')).toHaveTextContent('This student is not in your class');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offers Try again after a network error, and shows the answers once it works', async () => {
    api.request.mockRejectedValue(new ApiError(0, 'network_error', 'Failed to fetch'));
    renderAt('/facilitator/classes/3/students/17/days/1');
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be reached');
    api.request.mockImplementation(serve);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByDisplayValue(/First line of my answer/)).toBeInTheDocument(), { timeout: 5_000 });
  }, 15_000);
});
