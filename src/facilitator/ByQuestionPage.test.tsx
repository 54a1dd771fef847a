import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnswersSchema } from '../../engine/index.ts';
import { ApiError } from '../api/client.ts';
import type * as ClientModule from '../api/client.ts';
import { ByQuestionPage } from './ByQuestionPage.tsx';
import { ConsoleQueries } from './console-queries.tsx';

const api = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('../api/client.ts', async (importOriginal) => {
  const original = await importOriginal<typeof ClientModule>();
  return { ...original, apiClient: { ...original.apiClient, request: api.request } };
});

const text = (description: string): AnswersSchema => ({ type: 'string', description, default: '' });
const pick: AnswersSchema = { type: 'string', description: 'The pick: "yes", "no" or "".', enum: ['', 'yes', 'no'], default: '' };

/** A small day schema: a text, a section holding a list of picks, and a field with no input. */
const schema: AnswersSchema = {
  type: 'object',
  description: 'A test day.',
  default: {},
  properties: {
    story: text('A story in the student’s words.'),
    section: {
      type: 'object',
      description: 'Section two: the picks.',
      default: {},
      properties: { picks: { type: 'array', description: 'Two picks in a row.', minItems: 2, maxItems: 2, default: ['', ''], items: pick } },
    },
    points: { type: 'integer', description: 'Points kept from an old page.', default: 0, 'x-no-input': true },
  },
};
const registry = vi.hoisted(() => ({ schema: null as unknown }));
vi.mock('../days/registry.ts', () => ({ loadDaySchema: () => Promise.resolve(registry.schema) }));

const students = [
  { id: 21, username: 'ada21', first_name: 'Ada', last_name: 'Byron', answers: { story: 'Once upon a time.\nThe end.', section: { picks: ['yes', 'no'] } }, revision: 1, updated_at: null },
  { id: 22, username: 'grace22', first_name: 'Grace', last_name: 'Hopper', answers: { story: '', section: { picks: ['yes', ''] } }, revision: 1, updated_at: null },
  { id: 23, username: 'alan23', first_name: 'Alan', last_name: 'Turing', answers: { story: 'A short one.', section: { picks: ['no', 'no'] } }, revision: 1, updated_at: null },
];

/** The day's questions as the server gives them: one per input, in lesson order, with the part each sits in. */
const questions = [
  { path: 'story', prompt: 'Tell the story in your own words.', part: 'Opening', kind: 'free_text' },
  { path: 'section.picks.0', prompt: 'The first pick is ____.', part: 'Picks', kind: 'blank_choice', options: ['yes', 'no'] },
  { path: 'section.picks.1', prompt: 'The second pick is ____.', part: 'Picks', kind: 'blank_choice', options: ['yes', 'no'] },
];

/** Feedback on Ada's story by Ms Rivera, which Ada has read. */
const feedback = [
  { id: 5, student_id: 21, day: 2, field: 'story', body: 'Lovely ending.', author: { first_name: 'Maria', last_name: 'Rivera' }, created_at: '2026-11-23T09:00:00Z', updated_at: '2026-11-23T09:00:00Z', read_at: '2026-11-23T09:30:00Z', is_mine: true },
];

/** Answers the console's requests: the class's answers, its feedback, the day's questions, and a new note. */
const server = (url: string, options?: { method?: string; body?: { field: string; body: string } }) => {
  if (options?.method === 'POST') {
    return Promise.resolve({ ...feedback[0], id: 6, student_id: Number(/students\/(\d+)/.exec(url)?.[1]), field: options.body?.field, body: options.body?.body, read_at: null });
  }
  if (url.endsWith('/feedback/')) return Promise.resolve({ results: feedback });
  return Promise.resolve(url.endsWith('/questions/') ? { day: 2, questions } : { day: 2, students });
};

function SearchShown() {
  return <output aria-label="Address">{useLocation().search}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ConsoleQueries>
        <Routes>
          <Route
            path="/facilitator/classes/:classId/days/:day/questions"
            element={
              <>
                <ByQuestionPage />
                <SearchShown />
              </>
            }
          />
        </Routes>
      </ConsoleQueries>
    </MemoryRouter>,
  );
}

/** The card of each student, by its heading. */
const cards = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.closest('li')!);

describe('ByQuestionPage', () => {
  beforeEach(() => {
    api.request.mockReset();
    api.request.mockImplementation(server);
    registry.schema = schema;
  });

  it('lists the day’s questions as the lesson asks them, one per input, in lesson order, grouped by part', async () => {
    renderAt('/facilitator/classes/3/days/2/questions');
    const select = await screen.findByRole('combobox', { name: 'Question' });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Tell the story in your own words.', 'The first pick is ____.', 'The second pick is ____.']);
    expect(within(select).getByRole('group', { name: 'Picks' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Tell the story in your own words.' })).toBeInTheDocument();
    expect(api.request).toHaveBeenCalledWith('/api/facilitator/classes/3/days/2/answers/');
    expect(api.request).toHaveBeenCalledWith('/api/facilitator/days/2/questions/');
  });

  it('steps through the questions with Previous and Next, and with the arrow keys when no control has the focus', async () => {
    renderAt('/facilitator/classes/3/days/2/questions');
    const heading = async () => (await screen.findAllByRole('heading', { level: 2 }))[0]!.textContent;
    expect(await heading()).toBe('Tell the story in your own words.');
    expect(screen.getByRole('button', { name: '← Previous' })).toBeDisabled();
    expect(screen.getByText('1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next →' }));
    expect(await heading()).toBe('The first pick is ____.');
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('?field=section.picks.0');
    // The keys, once the focus has left the buttons.
    (document.activeElement as HTMLElement).blur();
    await userEvent.keyboard('{ArrowRight}');
    expect(await heading()).toBe('The second pick is ____.');
    expect(screen.getByRole('button', { name: 'Next →' })).toBeDisabled();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(await heading()).toBe('Tell the story in your own words.');
    // An arrow key in the select moves its choice, not the page's.
    screen.getByRole('combobox', { name: 'Question' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(await heading()).toBe('Tell the story in your own words.');
  });

  it('shows every student’s answer as "Student N" until Show names is switched on, text with its line breaks', async () => {
    renderAt('/facilitator/classes/3/days/2/questions');
    await screen.findByRole('combobox', { name: 'Question' });
    expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual(['Student 1', 'Student 2', 'Student 3']);
    expect(screen.queryByText(/Ada|Grace|Alan/)).not.toBeInTheDocument();
    expect(cards()[0]!.querySelector('p')!.textContent).toBe('Once upon a time.\nThe end.');
    expect(within(cards()[1]!).getByText('No answer')).toBeInTheDocument();

    const names = screen.getByRole('switch', { name: 'Show names' });
    expect(names).not.toBeChecked();
    await userEvent.click(names);
    expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual(['Ada Byron (ada21)', 'Grace Hopper (grace22)', 'Alan Turing (alan23)']);
    await userEvent.click(names);
    expect(screen.queryByText(/Ada Byron/)).not.toBeInTheDocument();
  });

  it('shows the feedback under each answer with whether it was read, and writes feedback naming the student as the card does', async () => {
    renderAt('/facilitator/classes/3/days/2/questions');
    await screen.findByRole('combobox', { name: 'Question' });
    const adas = within(cards()[0]!).getByRole('note', { name: 'Feedback from Maria Rivera' });
    expect(adas).toHaveTextContent('Lovely ending.');
    expect(adas).toHaveTextContent(/Read /);
    expect(within(cards()[1]!).queryByRole('note')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(cards()[1]!).getByRole('button', { name: 'Write feedback for Student 2' }));
    const box = within(cards()[1]!).getByRole('textbox', { name: 'Feedback for Student 2' });
    // Arrow keys move the caret in the text box, not to another question.
    await user.type(box, 'Start with the gene.{ArrowLeft}{ArrowRight}');
    expect(screen.getByRole('heading', { level: 2, name: 'Tell the story in your own words.' })).toBeInTheDocument();
    await user.click(within(cards()[1]!).getByRole('button', { name: 'Send feedback' }));
    expect(await within(cards()[1]!).findByRole('note', { name: 'Feedback from Maria Rivera' })).toHaveTextContent('Start with the gene.Not read yet');
    expect(api.request).toHaveBeenCalledWith('/api/facilitator/classes/3/students/22/days/2/feedback/', { method: 'POST', body: { field: 'story', body: 'Start with the gene.' } });
    // On the next question, that note is not shown: it is about the story.
    await user.click(screen.getByRole('button', { name: 'Next →' }));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('shows only the students with no answer yet when asked, each keeping their number', async () => {
    renderAt('/facilitator/classes/3/days/2/questions');
    await screen.findByRole('combobox', { name: 'Question' });
    await userEvent.click(screen.getByRole('switch', { name: 'Only students with no answer yet' }));
    expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual(['Student 2']);
    expect(screen.getByText('1 of 3 students have no answer yet.')).toBeInTheDocument();
    // On a question everyone answered, it says so.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Question' }), 'The second pick is ____.');
    expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual(['Student 2']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Question' }), 'The first pick is ____.');
    expect(screen.queryAllByRole('heading', { level: 3 })).toEqual([]);
    expect(screen.getByText('Every student has answered this question.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Only students with no answer yet' }));
    expect(cards()).toHaveLength(3);
  });

  it('counts each option of a choice, and keeps the chosen question in the address', async () => {
    renderAt('/facilitator/classes/3/days/2/questions');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Question' }), 'The second pick is ____.');
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('?field=section.picks.1');
    expect(screen.getByText('Choices offered: yes or no')).toBeInTheDocument();
    const counts = within(screen.getByRole('table', { name: 'Students per option' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent]);
    expect(counts).toEqual([
      ['No choice', '1'],
      ['yes', '0'],
      ['no', '2'],
    ]);
    expect(within(cards()[2]!).getByText('no')).toBeInTheDocument();
  });

  it('opens on the question named in ?field=, so a reload keeps it, and an older address on the first of its questions; free text has no counts', async () => {
    const { unmount } = renderAt('/facilitator/classes/3/days/2/questions?field=section.picks.1');
    expect(await screen.findByRole('combobox', { name: 'Question' })).toHaveValue('section.picks.1');
    expect(screen.getByRole('heading', { level: 2, name: 'The second pick is ____.' })).toBeInTheDocument();
    unmount();
    renderAt('/facilitator/classes/3/days/2/questions?field=section.picks');
    expect(await screen.findByRole('combobox', { name: 'Question' })).toHaveValue('section.picks.0');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Question' }), 'story');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when the class is not the facilitator’s, and offers Try again after a network error', async () => {
    api.request.mockRejectedValueOnce(new ApiError(404, 'not_found', 'Not found.'));
    const { unmount } = renderAt('/facilitator/classes/3/days/2/questions');
    expect(await screen.findByRole('alert')).toHaveTextContent('This class is not one of yours');
    unmount();
    api.request.mockRejectedValueOnce(new ApiError(0, 'network_error', 'Failed to fetch'));
    renderAt('/facilitator/classes/3/days/2/questions');
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be reached');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('combobox', { name: 'Question' })).toBeInTheDocument();
  });
});
