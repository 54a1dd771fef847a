import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnswersSchema } from '../../engine/index.ts';
import { ApiError } from '../api/client.ts';
import type * as ClientModule from '../api/client.ts';
import { ByQuestionPage } from './ByQuestionPage.tsx';

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

function SearchShown() {
  return <output aria-label="Address">{useLocation().search}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
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
    </MemoryRouter>,
  );
}

/** The card of each student, by its heading. */
const cards = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.closest('li')!);

describe('ByQuestionPage', () => {
  beforeEach(() => {
    api.request.mockReset();
    api.request.mockResolvedValue({ day: 2, students });
    registry.schema = schema;
  });

  it('lists the day’s questions from the schema, labelled by their descriptions, leaving out fields with no input', async () => {
    renderAt('/facilitator/classes/3/days/2/questions');
    const select = await screen.findByRole('combobox', { name: 'Question' });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['A story in the student’s words.', 'Two picks in a row.']);
    expect(within(select).getByRole('group', { name: 'Section two' })).toBeInTheDocument();
    expect(api.request).toHaveBeenCalledWith('/api/facilitator/classes/3/days/2/answers/');
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

  it('counts each option of each choice, and keeps the chosen question in the address', async () => {
    renderAt('/facilitator/classes/3/days/2/questions');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Question' }), 'Two picks in a row.');
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('?field=section.picks');
    const counts = (caption: string) =>
      within(screen.getByRole('table', { name: caption }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent]);
    expect(counts('Two picks in a row: 1')).toEqual([
      ['No choice', '0'],
      ['yes', '2'],
      ['no', '1'],
    ]);
    expect(counts('Two picks in a row: 2')).toEqual([
      ['No choice', '1'],
      ['yes', '0'],
      ['no', '2'],
    ]);
    expect(within(cards()[2]!).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['no', 'no']);
  });

  it('opens on the question named in ?field=, so a reload keeps it; free text has no counts', async () => {
    renderAt('/facilitator/classes/3/days/2/questions?field=section.picks');
    expect(await screen.findByRole('combobox', { name: 'Question' })).toHaveValue('section.picks');
    expect(screen.getByRole('heading', { level: 2, name: 'Two picks in a row.' })).toBeInTheDocument();
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
