import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storySession, type StorySave } from '../storybook/with-answers.tsx';
import { createAnswersSession, RevisionConflictError, type AnswersSession, type AnswersTransport } from './session.ts';
import { storySchema, storyText, storyTextList } from '../storybook/story-schema.ts';
import { BlankChoice } from '../widgets/blank-choice/BlankChoice.tsx';
import { FreeText } from '../widgets/free-text/FreeText.tsx';
import { SavePill } from '../widgets/save-pill/SavePill.tsx';
import { AnswersForm } from './AnswersForm.tsx';

const schema = storySchema({ fillBlanks: storyTextList(2, 'Blanks.'), geneQ1: storyText('A question.') });

function renderLesson(save: StorySave, saved?: Record<string, unknown>, children?: React.ReactNode) {
  return renderWith(storySession(schema, saved, save), children);
}

function renderWith(session: AnswersSession, children?: React.ReactNode) {
  return render(
    <AnswersForm session={session}>
      {children ?? (
        <>
          <BlankChoice name="fillBlanks.0" label="Blank 1" options={['DNA', 'protein']} />
          <FreeText name="geneQ1" label="Question 1" />
          <SavePill />
        </>
      )}
    </AnswersForm>,
  );
}

describe('AnswersForm', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('shows the saved answers, normalised over the defaults', () => {
    renderLesson(vi.fn(), { fillBlanks: ['protein'], geneQ1: 'kept' });
    expect(screen.getByRole('combobox', { name: 'Blank 1' })).toHaveValue('protein');
    expect(screen.getByRole('textbox', { name: 'Question 1' })).toHaveValue('kept');
    expect(screen.getByRole('status')).toHaveTextContent('Ready');
  });

  it('marks an edit "(unsaved)", then autosaves the whole answers object 2 s later', async () => {
    const save = vi.fn<StorySave>().mockResolvedValue(undefined);
    renderLesson(save);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Blank 1' }), 'protein');
    await user.type(screen.getByRole('textbox', { name: 'Question 1' }), 'Hi');
    expect(screen.getByRole('status')).toHaveTextContent('(unsaved)');
    expect(save).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![0]).toEqual({ fillBlanks: ['protein', ''], geneQ1: 'Hi' });
    expect(screen.getByRole('status')).toHaveTextContent(/^Saved • \d{1,2}:\d{2}/);
  });

  it('keeps the student\'s text and stays "(unsaved)" when a silent save fails', async () => {
    const save = vi.fn<StorySave>().mockRejectedValue(new TypeError('Failed to fetch'));
    renderLesson(save);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByRole('textbox', { name: 'Question 1' }), 'precious');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(save).toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('(unsaved)');
    expect(screen.getByRole('textbox', { name: 'Question 1' })).toHaveValue('precious');
  });

  it('asks the browser to warn before leaving while dirty, and not when clean', async () => {
    renderLesson(vi.fn<StorySave>().mockResolvedValue(undefined));
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: 'Question 1' }), { target: { value: 'x' } });
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });

  it('saves at once, kept alive, when the tab is hidden while dirty', async () => {
    const save = vi.fn<AnswersTransport['save']>(async (answers) => ({ answers, revision: 1, savedAt: null }));
    const session = createAnswersSession({ schema, transport: { load: async () => null, save } });
    session.restore(null);
    render(
      <AnswersForm session={session}>
        <FreeText name="geneQ1" label="Question 1" />
      </AnswersForm>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Question 1' }), { target: { value: 'before lunch' } });
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    visibility.mockRestore();
    expect(save).toHaveBeenCalledWith({ fillBlanks: ['', ''], geneQ1: 'before lunch' }, { baseRevision: 0, keepalive: true });
  });

  it('saves what was typed when the page is left before the debounce', async () => {
    const save = vi.fn<StorySave>().mockResolvedValue(undefined);
    const { unmount } = renderLesson(save);
    fireEvent.change(screen.getByRole('textbox', { name: 'Question 1' }), { target: { value: 'typed, then a link clicked' } });
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(save).toHaveBeenCalledWith({ fillBlanks: ['', ''], geneQ1: 'typed, then a link clicked' });
  });

  it('shows the answers another tab saved after a conflict, keeping what was typed here', async () => {
    let conflicts = 0;
    const transport: AnswersTransport = {
      load: async () => null,
      save: async (answers) => {
        conflicts += 1;
        if (conflicts === 1) throw new RevisionConflictError({ answers: { fillBlanks: ['DNA', ''] }, revision: 4, savedAt: null });
        return { answers, revision: 5, savedAt: null };
      },
    };
    const session = createAnswersSession({ schema, transport });
    session.restore(null);
    renderWith(session);
    fireEvent.change(screen.getByRole('textbox', { name: 'Question 1' }), { target: { value: 'mine' } });
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByRole('combobox', { name: 'Blank 1' })).toHaveValue('DNA');
    expect(screen.getByRole('textbox', { name: 'Question 1' })).toHaveValue('mine');
    expect(screen.getByRole('status')).toHaveTextContent(/^Saved/);
  });

  it('fails loudly, naming the widget and field, when a lesson binds a field its schema lacks', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderLesson(vi.fn(), undefined, <FreeText name="geneQ2" label="Typo" />)).toThrow(
      '<FreeText name="geneQ2">: the day\'s answers schema has no field "geneQ2".',
    );
    expect(() => renderLesson(vi.fn(), undefined, <BlankChoice name="fillBlanks.2" label="Blank 3" options={['a', 'b']} />)).toThrow(
      /no field "fillBlanks\.2"/,
    );
  });
});
