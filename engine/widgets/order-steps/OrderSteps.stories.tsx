import type { Meta, StoryObj } from '@storybook/react-vite';
import { withAnswers } from '../../storybook/with-answers.tsx';
import { OrderSteps } from './OrderSteps.tsx';
import { STORY_STEPS as steps, orderStepsStorySchema as schema } from './story-schema.ts';

const meta = {
  title: 'Widgets/OrderSteps',
  component: OrderSteps,
  args: { name: 'dnd', label: 'Put the steps of switching a gene on in order' },
} satisfies Meta<typeof OrderSteps>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing placed yet: every step is in "Steps" and the five slots read "Drop step N here". */
export const Empty: Story = { decorators: [withAnswers(schema)] };

/** Two steps placed, with a gap: slot 2 is still empty. */
export const PartlyPlaced: Story = {
  decorators: [
    withAnswers(schema, {
      dnd: { available: ['mRNA is created', 'Translation', 'Protein is created'], ordered: [steps[0], '', 'Transcription', '', ''], orderSize: 5 },
    }),
  ],
};

/** Every step placed: "Steps" is empty and offers a place to drop a step back. */
export const Filled: Story = {
  decorators: [withAnswers(schema, { dnd: { available: [], ordered: steps, orderSize: 5 } })],
};

/** On a phone (390 px wide) the two lists stack, "Steps" first. */
export const Phone: Story = {
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 390 }}>
        <Story />
      </div>
    ),
    withAnswers(schema, { dnd: { available: steps.slice(2), ordered: [steps[0], steps[1], '', '', ''], orderSize: 5 } }),
  ],
};
