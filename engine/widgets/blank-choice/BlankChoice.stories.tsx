import type { Meta, StoryObj } from '@storybook/react-vite';
import { withAnswers, withReadOnlyAnswers } from '../../storybook/with-answers.tsx';
import { storySchema, storyTextList } from '../../storybook/story-schema.ts';
import { BlankChoice } from './BlankChoice.tsx';

const schema = storySchema({ fillBlanks: storyTextList(2, 'Two blanks.') });

const meta = {
  title: 'Widgets/BlankChoice',
  component: BlankChoice,
  args: { name: 'fillBlanks.0', label: 'Blank 1', options: ['DNA', 'protein'] },
  render: (args) => (
    <p>
      When a gene is expressed, the cell usually uses it to make a <BlankChoice {...args} />.
    </p>
  ),
} satisfies Meta<typeof BlankChoice>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen yet: the blank shows "— choose —". */
export const Empty: Story = { decorators: [withAnswers(schema)] };

/** A saved choice is restored. */
export const Filled: Story = { decorators: [withAnswers(schema, { fillBlanks: ['protein', ''] })] };

/** Read-only (a facilitator reading a student's work): the saved choice shows in a disabled select. */
export const ReadOnly: Story = { decorators: [withReadOnlyAnswers(schema, { fillBlanks: ['protein', ''] })] };

/** A saved answer that is no longer one of the options (the lesson was edited) is still shown, not lost. */
export const OutdatedOption: Story = { decorators: [withAnswers(schema, { fillBlanks: ['ribosome', ''] })] };

/**
 * Options written as `{ value, label }`: the student reads the label, the answers store the value, so
 * the wording can change later without touching saved answers.
 */
export const ValueAndLabel: Story = {
  args: {
    name: 'fillBlanks.1',
    label: 'Blank 2',
    options: [
      { value: 'up', label: 'switched on (expressed)' },
      { value: 'down', label: 'switched off (silenced)' },
    ],
  },
  render: (args) => (
    <p>
      In a skin cell, the gene for a liver enzyme is usually <BlankChoice {...args} />.
    </p>
  ),
  decorators: [withAnswers(schema, { fillBlanks: ['', 'down'] })],
};
