import type { Meta, StoryObj } from '@storybook/react-vite';
import { withAnswers } from '../../storybook/with-answers.tsx';
import { storySchema, storyText } from '../../storybook/story-schema.ts';
import { FreeText } from './FreeText.tsx';

const schema = storySchema({ geneQ1: storyText('Expression versus regulation.') });

const meta = {
  title: 'Widgets/FreeText',
  component: FreeText,
  args: { name: 'geneQ1', label: 'In your own words, how is gene expression different from gene regulation?' },
} satisfies Meta<typeof FreeText>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = { decorators: [withAnswers(schema)] };

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

export const ShortAnswer: Story = {
  args: { label: 'Gene 1, step 1: which part did you place first?', rows: 1 },
  decorators: [withAnswers(schema)],
};
