import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { withAnswers, withReadOnlyAnswers } from '../../storybook/with-answers.tsx';
import { storySchema, storyText } from '../../storybook/story-schema.ts';
import { FreeText } from './FreeText.tsx';

const schema = storySchema({ geneQ1: storyText('Expression versus regulation.') });

/** A phone's width (390 px), so the story shows the narrow layout in any window. */
const phoneWidth: Decorator = (Story) => (
  <div style={{ maxWidth: 390 }}>
    <Story />
  </div>
);

const meta = {
  title: 'Widgets/FreeText',
  component: FreeText,
  args: { name: 'geneQ1', label: 'In your own words, how is gene expression different from gene regulation?' },
} satisfies Meta<typeof FreeText>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing written yet: an empty box under its question. */
export const Empty: Story = { decorators: [withAnswers(schema)] };

/** A hint under the question, read with the field. */
export const WithHint: Story = {
  args: { hint: 'Two or three sentences are enough. Use the words "expressed" and "switched on".' },
  decorators: [withAnswers(schema)],
};

/** A long saved answer: the box grows to show all of it. */
export const Filled: Story = {
  decorators: [
    withAnswers(schema, {
      geneQ1:
        'Expression is when the cell actually uses a gene to make its product.\nRegulation is the control system that decides when, where and how much.\nSo regulation decides expression.',
    }),
  ],
};

/** A one-line box, for short answers such as a single step of a plan. */
export const ShortAnswer: Story = {
  args: { label: 'Gene 1, step 1: which part did you place first?', rows: 1 },
  decorators: [withAnswers(schema)],
};

/** Answers loaded from the server after a reload: the student's words are back, line breaks and all. */
export const RestoredFromSaved: Story = {
  decorators: [withAnswers(schema, { geneQ1: 'Regulation decides which genes are expressed.\nExpression makes the protein.' })],
};

/** Read-only (a facilitator reading a student's work): the whole answer, line breaks kept, and typing changes nothing. */
export const ReadOnly: Story = {
  decorators: [withReadOnlyAnswers(schema, { geneQ1: 'Regulation decides which genes are expressed.\nExpression makes the protein.' })],
};

/** A saved value of the wrong kind (a list, from an old or broken save) is replaced by an empty box. A number would be kept as its text (coerceScalar). */
export const InvalidSavedValue: Story = { decorators: [withAnswers(schema, { geneQ1: ['not', 'text'] })] };

/** Keyboard only: Tab reaches the box and typing goes in. */
export const KeyboardOnly: Story = {
  decorators: [withAnswers(schema)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const box = canvas.getByRole('textbox', { name: /gene expression different/ });
    await expect(box).toHaveFocus();
    await userEvent.keyboard('Regulation decides expression.');
    await expect(box).toHaveValue('Regulation decides expression.');
  },
};

/** A 390 px phone: the question wraps and the box is as wide as the screen. */
export const NarrowScreen: Story = {
  args: { hint: 'Two or three sentences are enough. Use the words "expressed" and "switched on".' },
  decorators: [phoneWidth, withAnswers(schema, { geneQ1: 'Expression is when the cell actually uses a gene to make its product.' })],
};
