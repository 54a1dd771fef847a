import type { Meta, StoryObj } from '@storybook/react-vite';
import { withAnswers } from '../../storybook/with-answers.tsx';
import { storySchema, storyText } from '../../storybook/story-schema.ts';
import { FreeText } from '../free-text/FreeText.tsx';
import { SavePill } from './SavePill.tsx';

const schema = storySchema({ note: storyText('A note.') });

const meta = {
  title: 'Widgets/SavePill',
  component: SavePill,
  render: () => (
    <>
      <FreeText name="note" label="Type here and watch the pill (it saves 2 s after you stop)" />
      <SavePill />
    </>
  ),
} satisfies Meta<typeof SavePill>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Before any save: "Ready". Typing turns it amber "(unsaved)", then "Autosaving…", then "Saved • h:mm". */
export const Ready: Story = { decorators: [withAnswers(schema)] };
