import type { Meta, StoryObj } from '@storybook/react-vite';
import { fakeSave, withAnswers } from '../../storybook/with-answers.tsx';
import { storySchema, storyText } from '../../storybook/story-schema.ts';
import { SaveButton } from './SaveButton.tsx';

const schema = storySchema({ note: storyText('A note.') });

const meta = { title: 'Widgets/SaveButton', component: SaveButton } satisfies Meta<typeof SaveButton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The server accepts the answers: "Your work has been saved!". */
export const Succeeds: Story = { decorators: [withAnswers(schema, undefined, fakeSave(50))] };

/** The server is unreachable: "Error saving. Please try again.", and the answers stay on the page. */
export const Offline: Story = {
  decorators: [withAnswers(schema, undefined, () => Promise.reject(new TypeError('Failed to fetch')))],
};
