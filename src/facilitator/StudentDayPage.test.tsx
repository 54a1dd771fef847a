import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import type * as ClientModule from '../api/client.ts';
import { ConsoleQueries } from './console-queries.tsx';
import { StudentDayPage } from './StudentDayPage.tsx';

const api = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('../api/client.ts', async (importOriginal) => {
  const original = await importOriginal<typeof ClientModule>();
  return { ...original, apiClient: { ...original.apiClient, request: api.request } };
});

const person = (id: number, first: string, last: string) => ({ id, username: `${first.toLowerCase()}${id}`, first_name: first, last_name: last });
const roster = { class: { id: 3, name: 'Biology A' }, days: [], students: [person(16, 'Ada', 'Byron'), person(17, 'Grace', 'Hopper'), person(18, 'Alan', 'Turing')] };
const WRITTEN = 'First line of my answer.\nSecond line.';

/** Feedback the server holds, as it answers it; reset before each test. */
let feedback: Record<string, unknown>[] = [];

/** The server's feedback routes: the list, a new note (written by the signed-in facilitator), an edit and a delete. */
function serveFeedback(path: string, options: { method?: string; body?: { field?: string; body?: string } } = {}): Promise<unknown> | null {
  const match = /^\/api\/facilitator\/classes\/3\/students\/(\d+)\/days\/(\d+)\/feedback\/(?:(\d+)\/)?$/.exec(path);
  if (!match) return null;
  const [, studentId, day, id] = match;
  if (options.method === 'POST') {
    const created = { id: feedback.length + 100, student_id: Number(studentId), day: Number(day), field: options.body?.field, body: options.body?.body, author: { first_name: 'Maria', last_name: 'Rivera' }, created_at: '2026-11-23T10:30:00Z', updated_at: '2026-11-23T10:30:00Z', read_at: null, is_mine: true };
    feedback.push(created);
    return Promise.resolve(created);
  }
  if (options.method === 'PATCH') {
    const edited = { ...feedback.find((each) => each.id === Number(id)), body: options.body?.body, read_at: null };
    return Promise.resolve(edited);
  }
  if (options.method === 'DELETE') return Promise.resolve(undefined);
  return Promise.resolve({ results: feedback.filter((each) => each.student_id === Number(studentId) && each.day === Number(day)) });
}

/** The server as the contract describes it: a student's day, its feedback, the day's questions and the class progress. */
function serve(path: string, options?: { method?: string; body?: { field?: string; body?: string } }): Promise<unknown> {
  if (path === '/api/facilitator/classes/3/progress/') return Promise.resolve(roster);
  if (path === '/api/facilitator/days/1/questions/') return Promise.resolve({ day: 1, questions: [{ path: 'geneQ1', prompt: 'How is gene expression different from gene regulation?', part: 'Gene regulation', kind: 'free_text' }] });
  const forFeedback = serveFeedback(path, options);
  if (forFeedback) return forFeedback;
  const match = /^\/api\/facilitator\/classes\/3\/students\/(\d+)\/days\/(\d+)\/$/.exec(path);
  if (!match) return Promise.reject(new ApiError(404, 'not_found', 'Not found.'));
  const student = roster.students.find((each) => each.id === Number(match[1]));
  if (!student) return Promise.reject(new ApiError(404, 'not_found', 'Not found.'));
  return Promise.resolve({ student, day: Number(match[2]), answers: { worksheet: [WRITTEN] }, revision: 2, updated_at: '2026-11-23T10:07:00Z' });
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ConsoleQueries>
        <Routes>
          <Route path="/facilitator/classes/:classId/students/:studentId/days/:day" element={<StudentDayPage />} />
        </Routes>
      </ConsoleQueries>
    </MemoryRouter>,
  );
}

describe('StudentDayPage', () => {
  beforeEach(() => {
    api.request.mockReset();
    feedback = [];
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
    // Only downloads: nothing is ever saved.
    expect(api.request.mock.calls.map(([path, options]) => [path, (options as { method?: string } | undefined)?.method ?? 'GET'])).toEqual([
      ['/api/facilitator/classes/3/students/17/days/1/', 'GET'],
      ['/api/facilitator/classes/3/progress/', 'GET'],
      ['/api/facilitator/classes/3/students/17/days/1/feedback/', 'GET'],
      ['/api/facilitator/days/1/questions/', 'GET'],
    ]);
  }, 15_000);

  it('writes feedback under an answer, shows it at once as not read yet, and lets its author edit and delete it', async () => {
    api.request.mockImplementation(serve);
    renderAt('/facilitator/classes/3/students/17/days/1');
    const user = userEvent.setup();
    const answer = await screen.findByRole('textbox', { name: /how is gene expression different from gene regulation/ }, { timeout: 5_000 });
    // The Write feedback just after that answer belongs to it.
    const writeButtons = screen.getAllByRole('button', { name: 'Write feedback for Grace Hopper' });
    const write = writeButtons.find((button) => answer.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING)!;
    await user.click(write);
    const box = screen.getByRole('textbox', { name: 'Feedback for Grace Hopper' });
    expect(box).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Write some feedback first.');
    await user.type(box, 'Now add an example.');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));

    const note = await screen.findByRole('note', { name: 'Feedback from Maria Rivera' });
    expect(note).toHaveTextContent('Now add an example.');
    expect(note).toHaveTextContent('Not read yet');
    expect(api.request).toHaveBeenCalledWith('/api/facilitator/classes/3/students/17/days/1/feedback/', { method: 'POST', body: { field: 'geneQ1', body: 'Now add an example.' } });
    expect(answer.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(within(note).getByRole('button', { name: 'Edit your feedback for Grace Hopper' }));
    const editing = screen.getByRole('textbox', { name: 'Feedback for Grace Hopper' });
    await user.clear(editing);
    await user.type(editing, 'Add one example, please.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('note', { name: 'Feedback from Maria Rivera' })).toHaveTextContent('Add one example, please.');

    await user.click(screen.getByRole('button', { name: 'Delete your feedback for Grace Hopper' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete this feedback?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('note', { name: 'Feedback from Maria Rivera' })).not.toBeInTheDocument());
  }, 20_000);

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
