import { composeStories } from '@storybook/react-vite';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storySchema, storyText, storyTextList } from '../storybook/story-schema.ts';
import { storySession } from '../storybook/with-answers.tsx';
import * as tableStories from '../widgets/answers-table/AnswersTable.stories.tsx';
import * as blankStories from '../widgets/blank-choice/BlankChoice.stories.tsx';
import * as freeTextStories from '../widgets/free-text/FreeText.stories.tsx';
import * as orderStories from '../widgets/order-steps/OrderSteps.stories.tsx';
import { BlankChoice } from '../widgets/blank-choice/BlankChoice.tsx';
import { FreeText } from '../widgets/free-text/FreeText.tsx';
import { MarkPastes } from '../widgets/paste-mark/MarkPastes.tsx';
import { ResetButton } from '../widgets/reset-button/ResetButton.tsx';
import { SaveButton } from '../widgets/save-button/SaveButton.tsx';
import { SavePill } from '../widgets/save-pill/SavePill.tsx';
import { ThinkRespond } from '../widgets/think-respond/ThinkRespond.tsx';
import { AnswersForm } from './AnswersForm.tsx';
import { createReadOnlySession } from './session.ts';

const schema = storySchema({
  blanks: storyTextList(2, 'Two blanks.'),
  essay: { ...storyText('An essay.'), maxLength: 20 },
  think: storyText('Think and respond.'),
});
const saved = { blanks: ['beta', 'gone'], essay: 'First line.\nSecond line', think: 'A thought.', extra: 'dropped' };

describe('createReadOnlySession', () => {
  it('is open at once with the answers repaired against the schema, as a load would', async () => {
    const session = createReadOnlySession({ schema, answers: { blanks: ['beta'], essay: 42 } });
    expect(session.readOnly).toBe(true);
    expect(session.current()).toEqual({ blanks: ['beta', ''], essay: '42', think: '' });
    await expect(session.open()).resolves.toEqual(session.current());
  });

  it('shows the defaults when there are no answers', () => {
    expect(createReadOnlySession({ schema, answers: null }).current()).toEqual({ blanks: ['', ''], essay: '', think: '' });
  });

  it('ignores edits and never saves: every save is "clean" and the state never dirty', async () => {
    const savedAt = new Date(2026, 10, 23, 10, 7);
    const session = createReadOnlySession({ schema, answers: saved, savedAt });
    const before = session.current();
    session.edit({ blanks: ['x', 'y'], essay: 'changed', think: '' });
    expect(session.current()).toBe(before);
    await expect(session.save()).resolves.toBe('clean');
    await expect(session.flush({ keepalive: true })).resolves.toBe('clean');
    expect(session.getState()).toEqual({ dirty: false, saving: false, savedAt, failure: null, tooLarge: null, onDevice: false, fromDevice: false });
  });

  it('replaces its answers with a restored snapshot, ignoring drafts', () => {
    const session = createReadOnlySession({ schema });
    const draft = { id: 'other-tab', answers: { essay: 'draft' }, base: {}, baseRevision: 0, editedAt: 1 };
    expect(session.restore({ answers: { essay: 'server' }, revision: 3, savedAt: null }, [draft]).essay).toBe('server');
    expect(session.getState().dirty).toBe(false);
  });

  it('says a student session is not read-only', () => {
    expect(storySession(schema).readOnly).toBe(false);
  });
});

describe('AnswersForm with a read-only session', () => {
  const fetchSpy = vi.fn();
  beforeEach(() => vi.stubGlobal('fetch', fetchSpy));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchSpy.mockReset();
  });

  function renderReadOnly() {
    const session = createReadOnlySession({ schema, answers: saved });
    const edit = vi.spyOn(session, 'edit');
    const save = vi.spyOn(session, 'save');
    const { container } = render(
      <AnswersForm session={session}>
        <BlankChoice name="blanks.0" label="Blank 1" options={['alpha', 'beta']} />
        <BlankChoice name="blanks.1" label="Blank 2" options={['alpha', 'beta']} />
        <MarkPastes>
          <FreeText name="essay" label="Essay" hint="Two lines." />
        </MarkPastes>
        <ThinkRespond name="think">A scenario.</ThinkRespond>
        <ResetButton fields={['blanks']} confirm="Clear both blanks?">
          Reset choices
        </ResetButton>
        <SaveButton />
        <SavePill />
      </AnswersForm>,
    );
    return { session, edit, save, form: container.querySelector('form')! };
  }

  it('shows every stored answer, with text boxes read-only and selects disabled', () => {
    const { form } = renderReadOnly();
    expect(form).toHaveAttribute('data-state', 'read-only');
    const essay = screen.getByRole('textbox', { name: 'Essay' });
    expect(essay).toHaveValue('First line.\nSecond line');
    expect(essay).toHaveAttribute('readonly');
    expect(essay).toHaveAccessibleDescription('Two lines.');
    expect(screen.getByRole('textbox', { name: 'Think and Respond: your answer' })).toHaveValue('A thought.');
    expect(screen.getByRole('combobox', { name: 'Blank 1' })).toHaveValue('beta');
    expect(screen.getByRole('combobox', { name: 'Blank 1' })).toBeDisabled();
    // A saved value that is no longer an option still shows.
    expect(screen.getByRole('combobox', { name: 'Blank 2' })).toHaveValue('gone');
  });

  it('renders no save button, reset button or save pill', () => {
    renderReadOnly();
    expect(screen.queryByRole('button', { name: /save/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset choices' })).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('changes nothing when someone types, pastes or picks an option, and sends nothing', async () => {
    const { session, edit, save } = renderReadOnly();
    const before = session.current();
    const user = userEvent.setup();
    const essay = screen.getByRole('textbox', { name: 'Essay' });
    await user.type(essay, ' more');
    await user.click(essay);
    await user.paste('pasted');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Blank 1' }), 'alpha').catch(() => undefined);
    expect(essay).toHaveValue('First line.\nSecond line');
    expect(essay).not.toHaveAttribute('data-paste-warned');
    expect(screen.getByRole('combobox', { name: 'Blank 1' })).toHaveValue('beta');
    expect(edit).not.toHaveBeenCalled();
    expect(save).not.toHaveBeenCalled();
    expect(session.current()).toBe(before);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('never warns before the page is left, never saves when the tab hides', () => {
    const { save } = renderReadOnly();
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(false);
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('online'));
    expect(save).not.toHaveBeenCalled();
  });
});

describe('each widget that edits answers, read-only', () => {
  it('FreeText shows the whole answer, line breaks kept, and typing changes nothing', async () => {
    const { ReadOnly } = composeStories(freeTextStories);
    render(<ReadOnly />);
    const box = screen.getByRole('textbox');
    expect(box).toHaveValue('Regulation decides which genes are expressed.\nExpression makes the protein.');
    await userEvent.type(box, 'x');
    expect(box).toHaveValue('Regulation decides which genes are expressed.\nExpression makes the protein.');
  });

  it('BlankChoice shows the saved choice in a disabled select', () => {
    const { ReadOnly } = composeStories(blankStories);
    render(<ReadOnly />);
    expect(screen.getByRole('combobox', { name: 'Blank 1' })).toHaveValue('protein');
    expect(screen.getByRole('combobox', { name: 'Blank 1' })).toHaveAttribute('data-state', 'filled');
    expect(screen.getByRole('combobox', { name: 'Blank 1' })).toBeDisabled();
  });

  it('AnswersTable shows every row: notes read-only, categories disabled', async () => {
    const { ReadOnly } = composeStories(tableStories);
    render(<ReadOnly />);
    const category = screen.getByRole('combobox', { name: 'Category for BRCA1' });
    expect(category).toHaveValue('suspicious');
    expect(category).toBeDisabled();
    const notes = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Notes for TP53' });
    const before = notes.value;
    expect(before).toMatch(/^Almost silent in patient 2\.\nA tumour suppressor/);
    expect(notes).toHaveAttribute('readonly');
    await userEvent.type(notes, 'x');
    expect(notes).toHaveValue(before);
    expect(screen.getAllByRole('combobox').every((select) => (select as HTMLSelectElement).disabled)).toBe(true);
  });

  it('OrderSteps shows both lists in their saved order, with no drag handle or move button', async () => {
    const { ReadOnly } = composeStories(orderStories);
    render(<ReadOnly />);
    const order = screen.getByRole('list', { name: 'Your order' });
    const slots = within(order).getAllByRole('listitem');
    expect(slots.map((slot) => slot.textContent)).toEqual([
      expect.stringContaining('RNA polymerase binds to the positive transcription factor'),
      expect.stringContaining('Slot 2: empty'),
      expect.stringContaining('Transcription'),
      expect.stringContaining('Slot 4: empty'),
      expect.stringContaining('Slot 5: empty'),
    ]);
    expect(within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'mRNA is created',
      'Translation',
      'Protein is created',
    ]);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByText(/Drop/)).not.toBeInTheDocument();
  });
});
