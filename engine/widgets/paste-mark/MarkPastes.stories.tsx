import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { storySchema, storyText } from '../../storybook/story-schema.ts';
import { withAnswers } from '../../storybook/with-answers.tsx';
import { FreeText } from '../free-text/FreeText.tsx';
import { MarkPastes } from './MarkPastes.tsx';

const schema = storySchema({ wrapUp: storyText('How a blood test can find cancer early, in the student’s words.') });
const question = 'How could a blood test help find cancer early?';
const hint = 'Two or three sentences, in your own words.';
/** What the AfterPaste story pastes. */
const PASTED_TEXT = 'Tumour cells shed DNA into the blood, so a test can look for it before symptoms appear.';

const meta = {
  title: 'Widgets/MarkPastes',
  component: MarkPastes,
  args: {},
  render: (args) => (
    <MarkPastes {...args}>
      <FreeText name="wrapUp" label={question} hint={hint} />
    </MarkPastes>
  ),
  decorators: [withAnswers(schema)],
} satisfies Meta<typeof MarkPastes>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A FreeText inside MarkPastes before any paste: it looks like any other FreeText. */
export const Empty: Story = {};

/**
 * After pasting: the text is in the box as usual (and saved), the box has an amber border and the note
 * "Pasted text: make sure this answer is in your own words." sits under it, read with the field.
 */
export const AfterPaste: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('textbox', { name: question });
    await userEvent.click(box);
    await userEvent.paste(PASTED_TEXT);
    await expect(box).toHaveValue(PASTED_TEXT);
    await expect(box).toHaveAttribute('data-paste-warned', 'true');
  },
};

/** A FreeText outside MarkPastes: pasting there marks nothing. The play function pastes to show it. */
export const OutsideMarkPastes: Story = {
  render: () => <FreeText name="wrapUp" label={question} hint={hint} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('textbox', { name: question });
    await userEvent.click(box);
    await userEvent.paste(PASTED_TEXT);
    await expect(box).toHaveValue(PASTED_TEXT);
    await expect(box).not.toHaveAttribute('data-paste-warned');
  },
};
