import type { Meta, StoryObj } from '@storybook/react-vite';
import { withAnswers } from '../../storybook/with-answers.tsx';
import { storySchema, storyTextList } from '../../storybook/story-schema.ts';
import { BlankChoice } from '../blank-choice/BlankChoice.tsx';
import { ResetButton } from './ResetButton.tsx';

const schema = storySchema({ fillBlanks: storyTextList(2, 'Two blanks.') });

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
