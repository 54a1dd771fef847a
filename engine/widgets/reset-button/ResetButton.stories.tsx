import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { withAnswers } from '../../storybook/with-answers.tsx';
import { storySchema, storyTextList } from '../../storybook/story-schema.ts';
import { BlankChoice } from '../blank-choice/BlankChoice.tsx';
import { ResetButton } from './ResetButton.tsx';

const schema = storySchema({ fillBlanks: storyTextList(2, 'Two blanks.') });

/** A phone's width (390 px), so the story shows the narrow layout in any window. */
const phoneWidth: Decorator = (Story) => (
  <div style={{ maxWidth: 390 }}>
    <Story />
  </div>
);

const meta = {
  title: 'Widgets/ResetButton',
  component: ResetButton,
  args: { fields: ['fillBlanks'], confirm: 'Clear both blanks?', children: 'Reset choices' },
  render: (args) => (
    <>
      <p>
        <BlankChoice name="fillBlanks.0" label="Blank 1" options={['DNA', 'protein']} /> and{' '}
        <BlankChoice name="fillBlanks.1" label="Blank 2" options={['transcription', 'translation']} />
      </p>
      <ResetButton {...args} />
    </>
  ),
} satisfies Meta<typeof ResetButton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Two answered blanks and the button that clears them after a confirmation. */
export const Filled: Story = { decorators: [withAnswers(schema, { fillBlanks: ['protein', 'translation'] })] };

/** Nothing answered yet: the button is there all the same, and resetting changes nothing. */
export const Empty: Story = { decorators: [withAnswers(schema)] };

/** Pressed: the confirmation asks first ("This cannot be undone."), with Cancel and Reset choices. */
export const Confirming: Story = {
  decorators: [withAnswers(schema, { fillBlanks: ['protein', 'translation'] })],
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Reset choices' }));
    const page = within(canvasElement.ownerDocument.body);
    await expect(await page.findByRole('alertdialog', { name: 'Clear both blanks?' })).toBeInTheDocument();
  },
};

/** Keyboard only: Tab past the blanks to the button, Enter asks, Escape cancels and focus comes back. */
export const KeyboardOnly: Story = {
  decorators: [withAnswers(schema, { fillBlanks: ['protein', 'translation'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    const button = canvas.getByRole('button', { name: 'Reset choices' });
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await page.findByRole('alertdialog', { name: 'Clear both blanks?' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await expect(page.queryByRole('alertdialog')).not.toBeInTheDocument();
    await expect(button).toHaveFocus();
    await expect(canvas.getByRole('combobox', { name: 'Blank 1' })).toHaveValue('protein');
  },
};

/** A 390 px phone with the confirmation open: the dialog fits the screen and its buttons wrap. */
export const NarrowScreen: Story = {
  decorators: [phoneWidth, withAnswers(schema, { fillBlanks: ['protein', 'translation'] })],
  // The dialog is placed against the window, not the 390 px box: a phone-sized viewport shows it as a phone would.
  parameters: {
    layout: 'fullscreen',
    viewport: { options: { phone390: { name: 'Phone, 390 × 844', styles: { width: '390px', height: '844px' }, type: 'mobile' } } },
  },
  globals: { viewport: { value: 'phone390', isRotated: false } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Reset choices' }));
  },
};
