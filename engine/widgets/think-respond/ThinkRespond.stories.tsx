import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { withAnswers } from '../../storybook/with-answers.tsx';
import { storySchema, storyText } from '../../storybook/story-schema.ts';
import { ThinkRespond } from './ThinkRespond.tsx';

const schema = storySchema({
  inquiry: { type: 'object', description: 'Inquiry.', default: {}, properties: { think: storyText('Think and Respond.') } },
});

/** A phone's width (390 px), so the story shows the narrow layout in any window. */
const phoneWidth: Decorator = (Story) => (
  <div style={{ maxWidth: 390 }}>
    <Story />
  </div>
);

const meta = {
  title: 'Widgets/ThinkRespond',
  component: ThinkRespond,
  args: {
    name: 'inquiry.think',
    children: <p>A cell is suddenly heated. Which transcription factors might switch on, and why would that help the cell?</p>,
  },
} satisfies Meta<typeof ThinkRespond>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing written yet. */
export const Empty: Story = { decorators: [withAnswers(schema)] };

/** A written answer. */
export const Filled: Story = { decorators: [withAnswers(schema, { inquiry: { think: 'Heat-shock factors switch on genes for repair proteins.' } })] };

/** Answers loaded from the server after a reload: a long answer, with its line breaks, is back in full. */
export const RestoredFromSaved: Story = {
  decorators: [
    withAnswers(schema, {
      inquiry: {
        think: 'Heat-shock factors switch on.\nThey turn on genes for chaperone proteins, which refold the proteins the heat bent out of shape.',
      },
    }),
  ],
};

/** A saved value of the wrong kind (a list, from an old or broken save) gives an empty box, not an error. */
export const InvalidSavedValue: Story = { decorators: [withAnswers(schema, { inquiry: { think: ['Heat-shock'] } })] };

/** Keyboard only: Tab goes straight to the answer box (the prompt is text, not a stop). */
export const KeyboardOnly: Story = {
  decorators: [withAnswers(schema)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('textbox', { name: 'Think and Respond: your answer' })).toHaveFocus();
    await userEvent.keyboard('Repair proteins.');
    await expect(canvas.getByRole('textbox', { name: 'Think and Respond: your answer' })).toHaveValue('Repair proteins.');
  },
};

/** A 390 px phone: the prompt wraps and the box is as wide as the screen. */
export const NarrowScreen: Story = {
  decorators: [phoneWidth, withAnswers(schema, { inquiry: { think: 'Heat-shock factors switch on genes for repair proteins.' } })],
};
