import { composeStories } from '@storybook/react-vite';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswersForm } from '../../answers/AnswersForm.tsx';
import { activateLocale, DEFAULT_LOCALE } from '../../i18n/messages.ts';
import { storySession, type StorySave } from '../../storybook/with-answers.tsx';
import { storySchema, storyText } from '../../storybook/story-schema.ts';
import { seriousAxeViolations } from '../../test/axe.ts';
import { OrderSteps } from './OrderSteps.tsx';
import * as stories from './OrderSteps.stories.tsx';
import { STORY_STEP_LABELS, STORY_STEPS, orderStepsStorySchema } from './story-schema.ts';

const ORDER_STEPS_INSTRUCTIONS =
  'To move this step, press Space to pick it up. Use the arrow keys to move it to another place, in either list. ' +
  'Press Space again to drop it, or Escape to cancel. The buttons with each step do the same without dragging.';

const { Empty, PartlyOrdered, Complete, RestoredWithLostStep, KeyboardOnly, NarrowScreen, TranslatedSteps } = composeStories(stories);

const stepsList = () => screen.getByRole('list', { name: 'Steps' });
const orderList = () => screen.getByRole('list', { name: 'Your order' });
/** The text of each slot of "Your order", in order. */
const slots = () => within(orderList()).getAllByRole('listitem').map((slot) => within(slot).queryAllByRole('button')[0]?.textContent ?? slot.textContent);
const stepTexts = () => within(stepsList()).queryAllByRole('listitem').map((item) => within(item).getAllByRole('button')[0]!.textContent);

const ROW_PX = 60;
/**
 * jsdom has no layout, and dnd-kit's keyboard sensor moves a step to the nearest place in the arrow's
 * direction, by the places' rectangles. This lays the places out as a browser does: "Steps" and
 * "Your order" side by side (a laptop), or stacked (a phone), one row of 48 px every 60 px.
 */
function layOut(arrangement: 'side by side' | 'stacked') {
  const box = (left: number, top: number, width = 300, height = 48) => DOMRect.fromRect({ x: left, y: top, width, height });
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    // dnd-kit's drag overlay (it measures the overlay's first child): placed over the picked-up step with inline styles.
    const overlay = [this, this.parentElement].find((element) => element instanceof HTMLElement && element.style.position === 'fixed');
    const style = overlay instanceof HTMLElement ? overlay.style : null;
    if (style) return box(parseFloat(style.left), parseFloat(style.top), parseFloat(style.width), parseFloat(style.height));
    const item = this.closest('li');
    const endOfSteps = this.previousElementSibling?.tagName === 'UL' ? this.previousElementSibling : null;
    const list = item?.parentElement ?? endOfSteps;
    if (!list) return box(0, 0, 0, 0);
    const row = item ? [...list.children].indexOf(item) : list.children.length;
    const inOrder = list.tagName === 'OL';
    if (arrangement === 'stacked') return box(0, 100 + (inOrder ? 7 + row : row) * ROW_PX);
    return box(inOrder ? 400 : 0, 100 + row * ROW_PX);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Renders a story and waits for the drag layer (./sortable.tsx, a chunk OrderSteps loads when the page is
 * idle): before it arrives the buttons move steps, but Space on a handle picks nothing up.
 */
async function renderWithDragLayer(ui: ReactElement) {
  const rendered = render(ui);
  await waitFor(() => expect(rendered.container.querySelector('.order-steps')).toHaveAttribute('data-drag', 'ready'));
  return rendered;
}

/**
 * The exercise bound to Day 1's `dnd` field, its drag layer ready, autosaving at once into the mock it
 * returns; `saved` is the answers it opens with.
 */
async function renderSaving(exercise: ReactElement, saved?: Parameters<typeof storySession>[1]) {
  const save = vi.fn<StorySave>().mockResolvedValue(undefined);
  await renderWithDragLayer(<AnswersForm session={storySession(orderStepsStorySchema, saved, save, { debounceMs: 0 })}>{exercise}</AnswersForm>);
  return save;
}

describe('OrderSteps', () => {
  describe('when nothing is placed yet', () => {
    it('lists every step in "Steps" and five empty slots reading "Drop step N here"', () => {
      render(<Empty />);
      expect(screen.getByRole('group', { name: 'Put the steps of switching a gene on in order' })).toBeInTheDocument();
      expect(stepTexts()).toEqual(STORY_STEPS);
      expect(slots()).toEqual(['1Drop step 1 here', '2Drop step 2 here', '3Drop step 3 here', '4Drop step 4 here', '5Drop step 5 here']);
    });

    it('gives each step a drag handle named by its text and described by how to move it', () => {
      render(<Empty />);
      const handle = screen.getByRole('button', { name: 'Transcription' });
      expect(handle).toHaveAttribute('type', 'button');
      expect(handle).toHaveAccessibleDescription(ORDER_STEPS_INSTRUCTIONS);
      expect(handle.closest('li')).not.toHaveAttribute('role');
    });
  });

  describe('with the keyboard', () => {
    it('picks a step up with Space, moves it with an arrow and drops it with Space', async () => {
      layOut('side by side');
      const user = userEvent.setup();
      await renderWithDragLayer(<Empty />);
      screen.getByRole('button', { name: 'Transcription' }).focus();

      await user.keyboard(' ');
      expect(await screen.findByText('Picked up Transcription. It is in place 2 of Steps.')).toBeInTheDocument();
      await user.keyboard('{ArrowRight}');
      expect(await screen.findByText('Transcription is over slot 2 of Your order.')).toBeInTheDocument();
      await user.keyboard(' ');

      expect(await screen.findByText('Transcription dropped into slot 2 of Your order.')).toBeInTheDocument();
      expect(slots()[1]).toBe('Transcription');
      expect(stepTexts()).not.toContain('Transcription');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Transcription' })).toHaveFocus());
    });

    it('announces the drag in the reader\'s language, with dnd-kit\'s instructions in it too', async () => {
      layOut('side by side');
      const user = userEvent.setup();
      await renderWithDragLayer(<Empty />);
      await act(() => activateLocale('es'));
      try {
        const handle = screen.getByRole('button', { name: 'Transcription' });
        expect(handle).toHaveAccessibleDescription(expect.stringMatching(/^Para mover este paso, presiona Espacio para tomarlo\./));
        handle.focus();
        await user.keyboard(' ');
        expect(await screen.findByText('Tomaste Transcription. Está en la posición 2 de Pasos.')).toBeInTheDocument();
        await user.keyboard('{ArrowRight}');
        expect(await screen.findByText('Transcription está sobre el espacio 2 de Tu orden.')).toBeInTheDocument();
        await user.keyboard(' ');
        expect(await screen.findByText('Transcription se soltó en el espacio 2 de Tu orden.')).toBeInTheDocument();
        expect(within(screen.getByRole('list', { name: 'Tu orden' })).getAllByRole('listitem')[1]).toHaveTextContent('Transcription');
      } finally {
        await act(() => activateLocale(DEFAULT_LOCALE));
      }
    });

    it('on a phone, walks down through the places with ArrowDown, into "Your order"', async () => {
      layOut('stacked');
      const user = userEvent.setup();
      await renderWithDragLayer(<Empty />);
      screen.getByRole('button', { name: 'Protein is created' }).focus();
      await user.keyboard(' ');
      await user.keyboard('{ArrowDown}');
      expect(await screen.findByText('Protein is created is over the end of Steps.')).toBeInTheDocument();
      await user.keyboard('{ArrowDown}');
      await user.keyboard('{ArrowDown}');
      expect(await screen.findByText('Protein is created is over slot 2 of Your order.')).toBeInTheDocument();
      await user.keyboard(' ');
      await waitFor(() => expect(slots()[1]).toBe('Protein is created'));
    });

    it('moves a step within "Steps" with ArrowDown', async () => {
      layOut('side by side');
      const user = userEvent.setup();
      await renderWithDragLayer(<Empty />);
      screen.getByRole('button', { name: 'Transcription' }).focus();
      await user.keyboard(' ');
      await user.keyboard('{ArrowDown}');
      expect(await screen.findByText('Transcription is over place 3 of Steps.')).toBeInTheDocument();
      await user.keyboard(' ');
      expect(await screen.findByText('Transcription dropped into place 3 of Steps.')).toBeInTheDocument();
      expect(stepTexts()).toEqual([STORY_STEPS[0], 'mRNA is created', 'Transcription', 'Translation', 'Protein is created']);
    });

    it('writes the move to the answers, with "Your order" still padded to five slots', async () => {
      layOut('side by side');
      const user = userEvent.setup();
      const save = await renderSaving(<OrderSteps name="dnd" label="Put the steps in order" />);
      screen.getByRole('button', { name: 'Transcription' }).focus();
      await user.keyboard(' ');
      await user.keyboard('{ArrowRight}');
      await user.keyboard(' ');
      await waitFor(() => expect(save).toHaveBeenCalled());
      expect(save.mock.calls[0]![0]).toEqual({
        dnd: {
          available: ['RNA polymerase binds to the positive transcription factor', 'mRNA is created', 'Translation', 'Protein is created'],
          ordered: ['', 'Transcription', '', '', ''],
          orderSize: 5,
        },
      });
    });

    it('puts the step back where it was when Escape cancels', async () => {
      layOut('side by side');
      const user = userEvent.setup();
      await renderWithDragLayer(<Empty />);
      const handle = screen.getByRole('button', { name: 'Transcription' });
      handle.focus();
      await user.keyboard(' ');
      await user.keyboard('{ArrowRight}');
      await screen.findByText('Transcription is over slot 2 of Your order.');
      await user.keyboard('{Escape}');
      expect(await screen.findByText('Cancelled. Transcription is back where it was.')).toBeInTheDocument();
      expect(stepTexts()).toEqual(STORY_STEPS);
      expect(slots()[1]).toBe('2Drop step 2 here');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Transcription' })).toHaveFocus());
    });

    it('does nothing when a step is dropped where it started', async () => {
      layOut('side by side');
      const user = userEvent.setup();
      await renderWithDragLayer(<PartlyOrdered />);
      screen.getByRole('button', { name: 'Transcription' }).focus();
      await user.keyboard(' ');
      await screen.findByText('Picked up Transcription. It is in slot 3 of Your order.');
      await user.keyboard(' ');
      expect(await screen.findByText('Transcription was not moved.')).toBeInTheDocument();
      expect(slots()[2]).toBe('Transcription');
    });

    it('takes a step out of "Your order" with ArrowLeft', async () => {
      layOut('side by side');
      const user = userEvent.setup();
      await renderWithDragLayer(<Complete />);
      screen.getByRole('button', { name: 'Translation' }).focus();
      await user.keyboard(' ');
      await user.keyboard('{ArrowLeft}');
      expect(await screen.findByText('Translation is over the end of Steps.')).toBeInTheDocument();
      await user.keyboard(' ');
      await waitFor(() => expect(stepTexts()).toEqual(['Translation']));
      expect(slots()[3]).toBe('4Drop step 4 here');
    });
  });

  describe('with the buttons beside each step', () => {
    // Once the drag layer is in place; before, see OrderSteps.plain.test.tsx.
    it('adds a step to the first empty slot, and focus follows the step', async () => {
      const user = userEvent.setup();
      await renderWithDragLayer(<PartlyOrdered />);
      await user.click(screen.getByRole('button', { name: 'Add Translation to Your order' }));
      expect(slots()[1]).toBe('Translation');
      expect(screen.getByRole('button', { name: 'Translation' })).toHaveFocus();
      expect(screen.getByText('Translation moved to slot 2 of Your order.')).toBeInTheDocument();
    });

    it('moves a placed step up and down, keeping focus on the button used', async () => {
      const user = userEvent.setup();
      await renderWithDragLayer(<Complete />);
      await user.click(screen.getByRole('button', { name: 'Move Translation up' }));
      expect(slots()).toEqual([STORY_STEPS[0], 'Transcription', 'Translation', 'mRNA is created', 'Protein is created']);
      expect(screen.getByRole('button', { name: 'Move Translation up' })).toHaveFocus();
      await user.click(screen.getByRole('button', { name: 'Move Translation down' }));
      expect(slots()).toEqual(STORY_STEPS);
      expect(screen.getByRole('button', { name: 'Move Translation down' })).toHaveFocus();
      expect(screen.getByRole('button', { name: `Move ${STORY_STEPS[0]} up` })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Move Protein is created down' })).toBeDisabled();
    });

    it('removes a placed step back to "Steps", leaving its slot empty', async () => {
      const user = userEvent.setup();
      await renderWithDragLayer(<PartlyOrdered />);
      await user.click(screen.getByRole('button', { name: 'Remove Transcription' }));
      expect(slots()[2]).toBe('3Drop step 3 here');
      expect(stepTexts().at(-1)).toBe('Transcription');
      expect(screen.getByRole('button', { name: 'Transcription' })).toHaveFocus();
    });

    it('offers no Add button once every slot is full', () => {
      render(<Complete />);
      expect(screen.queryByRole('button', { name: /^Add / })).not.toBeInTheDocument();
      expect(stepTexts()).toEqual([]);
    });

    it('gives every button type="button", so nothing submits the lesson form', () => {
      render(<PartlyOrdered />);
      for (const button of screen.getAllByRole('button')) expect(button).toHaveAttribute('type', 'button');
    });
  });

  describe('with step labels, as a translated day gives them', () => {
    it('shows each step by its label, and names its handle and buttons with it', () => {
      render(<TranslatedSteps />);
      expect(stepTexts()).toEqual(['Se fabrica el ARNm', 'Traducción', 'Se fabrica la proteína']);
      expect(slots()).toEqual(['La ARN polimerasa se une al factor de transcripción positivo', '2Drop step 2 here', 'Transcripción', '4Drop step 4 here', '5Drop step 5 here']);
      expect(screen.getByRole('button', { name: 'Traducción' })).toHaveAccessibleDescription(ORDER_STEPS_INSTRUCTIONS);
      expect(screen.getByRole('button', { name: 'Add Traducción to Your order' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Move Transcripción up' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Move Transcripción down' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Remove Transcripción' })).toBeInTheDocument();
      for (const step of STORY_STEPS) expect(screen.queryByText(step)).not.toBeInTheDocument();
    });

    it('announces a keyboard move by the label, and stores the step', async () => {
      layOut('side by side');
      const user = userEvent.setup();
      const save = await renderSaving(<OrderSteps name="dnd" label="Ordena los pasos" stepLabels={STORY_STEP_LABELS} />);
      screen.getByRole('button', { name: 'Transcripción' }).focus();

      await user.keyboard(' ');
      expect(await screen.findByText('Picked up Transcripción. It is in place 2 of Steps.')).toBeInTheDocument();
      // The card that follows the keyboard (aria-hidden) shows the label too.
      expect(screen.queryByText('Transcription')).not.toBeInTheDocument();
      await user.keyboard('{ArrowRight}');
      expect(await screen.findByText('Transcripción is over slot 2 of Your order.')).toBeInTheDocument();
      await user.keyboard(' ');
      expect(await screen.findByText('Transcripción dropped into slot 2 of Your order.')).toBeInTheDocument();
      expect(slots()[1]).toBe('Transcripción');

      await waitFor(() => expect(save).toHaveBeenCalled());
      expect(save.mock.calls.at(-1)![0]).toEqual({
        dnd: {
          available: ['RNA polymerase binds to the positive transcription factor', 'mRNA is created', 'Translation', 'Protein is created'],
          ordered: ['', 'Transcription', '', '', ''],
          orderSize: 5,
        },
      });
    });

    it('says where a button moved the step by its label, and stores the step', async () => {
      const user = userEvent.setup();
      const save = await renderSaving(<OrderSteps name="dnd" label="Ordena los pasos" stepLabels={STORY_STEP_LABELS} />);
      await user.click(screen.getByRole('button', { name: 'Add Traducción to Your order' }));
      expect(screen.getByText('Traducción moved to slot 1 of Your order.')).toBeInTheDocument();
      await waitFor(() => expect(save).toHaveBeenCalled());
      expect(save.mock.calls.at(-1)![0]).toMatchObject({ dnd: { ordered: ['Translation', '', '', '', ''] } });
    });
  });

  describe('when a saved order lost a step', () => {
    it('shows the lost step back in "Steps", and a duplicated step once', () => {
      render(<RestoredWithLostStep />);
      expect(stepTexts()).toEqual(['Protein is created', 'Translation']);
      expect(slots()).toEqual(['Transcription', STORY_STEPS[0], '3Drop step 3 here', 'mRNA is created', '5Drop step 5 here']);
    });

    it('saves the restored step with the next move', async () => {
      const user = userEvent.setup();
      const saved = { dnd: { available: ['Protein is created'], ordered: ['Transcription', STORY_STEPS[0], '', 'mRNA is created', ''], orderSize: 5 } };
      const save = await renderSaving(<OrderSteps name="dnd" label="Put the steps in order" />, saved);
      await user.click(screen.getByRole('button', { name: 'Add Protein is created to Your order' }));
      await waitFor(() => expect(save).toHaveBeenCalled());
      expect(save.mock.calls[0]![0]).toEqual({
        dnd: { available: ['Translation'], ordered: ['Transcription', STORY_STEPS[0], 'Protein is created', 'mRNA is created', ''], orderSize: 5 },
      });
    });
  });

  it.each([['side by side', 4] as const, ['stacked', 0] as const])('KeyboardOnly drops a step into "Your order" when the lists are %s', async (arrangement, slot) => {
    layOut(arrangement);
    const { container } = await renderWithDragLayer(<KeyboardOnly />);
    await KeyboardOnly.play!({ canvasElement: container } as Parameters<NonNullable<typeof KeyboardOnly.play>>[0]);
    expect(slots()[slot]).toBe('Protein is created');
    expect(stepTexts()).not.toContain('Protein is created');
  });

  it('fails naming the widget, the field and what it found, when bound to a field of the wrong shape', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the render error too
    const schema = storySchema({ geneQ1: storyText('Not an ordering exercise.') });
    expect(() =>
      render(
        <AnswersForm session={storySession(schema, undefined, vi.fn<StorySave>())}>
          <OrderSteps name="geneQ1" label="Order" />
        </AnswersForm>,
      ),
    ).toThrow(
      '<OrderSteps name="geneQ1">: the field "geneQ1" must be an object with "available" (string[]), "ordered" (string[]) ' +
        'and "orderSize" (integer) (spec section 3, "Day answers"); found a field of type "string".',
    );
    vi.restoreAllMocks();
  });

  it.each([
    ['Empty', Empty],
    ['PartlyOrdered', PartlyOrdered],
    ['Complete', Complete],
    ['RestoredWithLostStep', RestoredWithLostStep],
    ['KeyboardOnly', KeyboardOnly],
    ['NarrowScreen', NarrowScreen],
    ['TranslatedSteps', TranslatedSteps],
  ])('has no serious accessibility violation when %s', async (_state, Story) => {
    const { container } = render(<Story />);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
