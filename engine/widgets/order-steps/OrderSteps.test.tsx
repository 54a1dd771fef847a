import { composeStories } from '@storybook/react-vite';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SaveAnswers } from '../../autosave/autosave.ts';
import { AnswersForm } from '../../form/AnswersForm.tsx';
import { normalize } from '../../schema/normalize.ts';
import { storySchema, storyText } from '../../storybook/story-schema.ts';
import { seriousAxeViolations } from '../../test/axe.ts';
import { ORDER_STEPS_INSTRUCTIONS, OrderSteps } from './OrderSteps.tsx';
import * as stories from './OrderSteps.stories.tsx';
import { STORY_STEPS, orderStepsStorySchema } from './story-schema.ts';

const { Empty, PartlyPlaced, Filled, Phone } = composeStories(stories);

const stepsList = () => screen.getByRole('list', { name: 'Steps' });
const orderList = () => screen.getByRole('list', { name: 'Your order' });
/** The text of each slot of "Your order", in order. */
const slots = () => within(orderList()).getAllByRole('listitem').map((slot) => within(slot).queryAllByRole('button')[0]?.textContent ?? slot.textContent);
const stepTexts = () => within(stepsList()).queryAllByRole('listitem').map((item) => within(item).getAllByRole('button')[0]!.textContent);

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
      const user = userEvent.setup();
      render(<Empty />);
      screen.getByRole('button', { name: 'Transcription' }).focus();

      await user.keyboard(' ');
      expect(await screen.findByText('Picked up step Transcription.')).toBeInTheDocument();
      await user.keyboard('{ArrowRight}');
      expect(await screen.findByText('Transcription is over slot 2 of Your order.')).toBeInTheDocument();
      await user.keyboard(' ');

      expect(await screen.findByText('Transcription dropped into slot 2 of Your order.')).toBeInTheDocument();
      expect(slots()[1]).toBe('Transcription');
      expect(stepTexts()).not.toContain('Transcription');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Transcription' })).toHaveFocus());
    });

    it('walks down through the places with ArrowDown, into "Your order"', async () => {
      const user = userEvent.setup();
      render(<Empty />);
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

    it('writes the move to the answers, with "Your order" still padded to five slots', async () => {
      const save = vi.fn<SaveAnswers>().mockResolvedValue(undefined);
      const user = userEvent.setup();
      render(
        <AnswersForm schema={orderStepsStorySchema} answers={normalize(orderStepsStorySchema, undefined)} save={save} debounceMs={0}>
          <OrderSteps name="dnd" label="Put the steps in order" />
        </AnswersForm>,
      );
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
      const user = userEvent.setup();
      render(<Empty />);
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
      const user = userEvent.setup();
      render(<PartlyPlaced />);
      screen.getByRole('button', { name: 'Transcription' }).focus();
      await user.keyboard(' ');
      await screen.findByText('Picked up step Transcription.');
      await user.keyboard(' ');
      expect(await screen.findByText('Transcription was not moved.')).toBeInTheDocument();
      expect(slots()[2]).toBe('Transcription');
    });

    it('takes a step out of "Your order" with ArrowLeft', async () => {
      const user = userEvent.setup();
      render(<Filled />);
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
    it('adds a step to the first empty slot, and focus follows the step', async () => {
      const user = userEvent.setup();
      render(<PartlyPlaced />);
      await user.click(screen.getByRole('button', { name: 'Add Translation to Your order' }));
      expect(slots()[1]).toBe('Translation');
      expect(screen.getByRole('button', { name: 'Translation' })).toHaveFocus();
      expect(screen.getByText('Translation moved to slot 2 of Your order.')).toBeInTheDocument();
    });

    it('moves a placed step up and down, keeping focus on the button used', async () => {
      const user = userEvent.setup();
      render(<Filled />);
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
      render(<PartlyPlaced />);
      await user.click(screen.getByRole('button', { name: 'Remove Transcription' }));
      expect(slots()[2]).toBe('3Drop step 3 here');
      expect(stepTexts().at(-1)).toBe('Transcription');
      expect(screen.getByRole('button', { name: 'Transcription' })).toHaveFocus();
    });

    it('offers no Add button once every slot is full', () => {
      render(<Filled />);
      expect(screen.queryByRole('button', { name: /^Add / })).not.toBeInTheDocument();
      expect(stepTexts()).toEqual([]);
    });

    it('gives every button type="button", so nothing submits the lesson form', () => {
      render(<PartlyPlaced />);
      for (const button of screen.getAllByRole('button')) expect(button).toHaveAttribute('type', 'button');
    });
  });

  it('fails naming the widget, the field and what it found, when bound to a field of the wrong shape', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the render error too
    const schema = storySchema({ geneQ1: storyText('Not an ordering exercise.') });
    expect(() =>
      render(
        <AnswersForm schema={schema} answers={normalize(schema, undefined)} save={vi.fn<SaveAnswers>()}>
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
    ['PartlyPlaced', PartlyPlaced],
    ['Filled', Filled],
    ['Phone', Phone],
  ])('has no serious accessibility violation when %s', async (_state, Story) => {
    const { container } = render(<Story />);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
