import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { withAnswers, withReadOnlyAnswers } from '../../storybook/with-answers.tsx';
import { OrderSteps } from './OrderSteps.tsx';
import { STORY_STEP_LABELS, STORY_STEPS as steps, orderStepsStorySchema as schema } from './story-schema.ts';

const meta = {
  title: 'Widgets/OrderSteps',
  component: OrderSteps,
  args: { name: 'dnd', label: 'Put the steps of switching a gene on in order' },
  // As wide as a lesson page (`.lesson`, at most 960 px), so reviewers see the widths students see.
  decorators: [
    (Story) => (
      <div className="lesson">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof OrderSteps>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing placed yet: every step is in "Steps" and the five slots read "Drop step N here". */
export const Empty: Story = { decorators: [withAnswers(schema)] };

const PARTLY_ORDERED = {
  dnd: { available: ['mRNA is created', 'Translation', 'Protein is created'], ordered: [steps[0], '', 'Transcription', '', ''], orderSize: 5 },
};

/** Two steps placed, with a gap: slot 2 is still empty. */
export const PartlyOrdered: Story = { decorators: [withAnswers(schema, PARTLY_ORDERED)] };

/** Read-only (a facilitator reading a student's work): the same order as plain lists, with no handle, button or drop place. */
export const ReadOnly: Story = { decorators: [withReadOnlyAnswers(schema, PARTLY_ORDERED)] };

/** Every step placed: "Steps" is empty and offers a place to drop a step back. */
export const Complete: Story = {
  decorators: [withAnswers(schema, { dnd: { available: [], ordered: steps, orderSize: 5 } })],
};

/**
 * A translated day: each step shows its label (`stepLabels`, here in Spanish), in the cards, the buttons'
 * names and what a move announces, while the answers store the English step.
 */
export const TranslatedSteps: Story = {
  args: { label: 'Ordena los pasos para encender un gen', stepLabels: STORY_STEP_LABELS },
  decorators: [withAnswers(schema, PARTLY_ORDERED)],
};

/**
 * A saved order that lost a step ("Translation" is in neither list, e.g. after an interrupted save) and
 * holds one twice: the lost step is back at the end of "Steps" and the duplicate shows once.
 */
export const RestoredWithLostStep: Story = {
  decorators: [
    withAnswers(schema, {
      dnd: { available: ['Protein is created', 'Protein is created'], ordered: ['Transcription', steps[0], '', 'mRNA is created', ''], orderSize: 5 },
    }),
  ],
};

/**
 * Keyboard only: Space picks "Protein is created" up, the arrows move it into "Your order" (Right when
 * the lists sit side by side, Down twice when they are stacked), and Space drops it there.
 */
export const KeyboardOnly: Story = {
  decorators: [withAnswers(schema)],
  // Its play needs real layout (dnd-kit measures the lists) and jsdom has none: OrderSteps.test.tsx runs it
  // with the layout mocked, and Storybook in a browser runs it for real.
  parameters: { allStoriesTest: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    // The drag layer is a chunk of its own, loaded when the page is idle: wait for it before pressing Space.
    await waitFor(() => expect(canvasElement.querySelector('.order-steps')).toHaveAttribute('data-drag', 'ready'));
    const order = canvas.getByRole('list', { name: 'Your order' });
    const handle = canvas.getByRole('button', { name: 'Protein is created' });
    const sideBySide = within(order).getAllByRole('listitem')[0]!.getBoundingClientRect().left >= handle.getBoundingClientRect().right;
    handle.focus();
    await userEvent.keyboard(' ');
    await page.findByText('Picked up Protein is created. It is in place 5 of Steps.');
    if (!sideBySide) {
      await userEvent.keyboard('{ArrowDown}');
      await page.findByText('Protein is created is over the end of Steps.');
    }
    await userEvent.keyboard(sideBySide ? '{ArrowRight}' : '{ArrowDown}');
    await page.findByText(/^Protein is created is over slot \d of Your order\.$/);
    await userEvent.keyboard(' ');
    await waitFor(() => expect(within(order).getByRole('button', { name: 'Protein is created' })).toHaveFocus());
  },
};

/** On a phone (390 px wide) the two lists stack, "Steps" first, and the buttons go under the text. */
export const NarrowScreen: Story = {
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 390 }}>
        <Story />
      </div>
    ),
    withAnswers(schema, { dnd: { available: steps.slice(2), ordered: [steps[0], steps[1], '', '', ''], orderSize: 5 } }),
  ],
};
