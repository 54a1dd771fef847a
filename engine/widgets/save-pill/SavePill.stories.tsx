import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import type { AnswersSession, SaveState } from '../../answers/session.ts';
import { AnswersContext } from '../../answers/AnswersForm.tsx';
import { storySession, withAnswers } from '../../storybook/with-answers.tsx';
import { storySchema, storyText } from '../../storybook/story-schema.ts';
import { FreeText } from '../free-text/FreeText.tsx';
import { SavePill } from './SavePill.tsx';

const schema = storySchema({ note: storyText('A note.') });

/** Before any save or load. */
const READY: SaveState = { dirty: false, saving: false, savedAt: null, failure: null, tooLarge: null, onDevice: false, fromDevice: false };
/** A fixed time for "Saved • time", so the story reads the same every day (9:05 in the morning). */
const NINE_OH_FIVE = new Date(2026, 10, 23, 9, 5);

/**
 * Places the pill under an {@link AnswersContext} whose session always reports
 * `state`, so the story shows that state for as long as a reviewer looks, on any network.
 */
function withSaveState(state: SaveState): Decorator {
  const session: AnswersSession = { ...storySession(schema), getState: () => state, subscribe: () => () => undefined };
  const SaveStateDecorator: Decorator = (Story) => (
    <AnswersContext.Provider value={{ schema, session }}>
      <Story />
    </AnswersContext.Provider>
  );
  return SaveStateDecorator;
}

/** A 390 px phone's width, the pill fixed inside it rather than to the viewport. */
const phoneWidth: Decorator = (Story) => (
  <div style={{ maxWidth: 390, minHeight: 120, position: 'relative', transform: 'translateZ(0)' }}>
    <Story />
  </div>
);

/** The pill alone, in a fixed state. */
const pillOnly = () => <SavePill />;

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

/** An edit not yet saved, nothing failing: amber "(unsaved)". */
export const Unsaved: Story = { render: pillOnly, decorators: [withSaveState({ ...READY, dirty: true, savedAt: NINE_OH_FIVE })] };

/** A save on its way to the server: "Autosaving…". */
export const Saving: Story = { render: pillOnly, decorators: [withSaveState({ ...READY, dirty: true, saving: true, savedAt: NINE_OH_FIVE })] };

/** The server confirmed the answers: "Saved • 9:05 AM" (or "09:05", by the browser's locale). */
export const Saved: Story = { render: pillOnly, decorators: [withSaveState({ ...READY, savedAt: NINE_OH_FIVE })] };

/** The server cannot be reached and the latest edit is in this device's draft: "Offline — saved on this device". */
export const OfflineOnDevice: Story = {
  render: pillOnly,
  decorators: [withSaveState({ ...READY, dirty: true, failure: 'offline', onDevice: true, savedAt: NINE_OH_FIVE })],
};

/** The day was opened from the copy kept on this device, the server out of reach, nothing edited yet: "Offline — opened from this device". */
export const OpenedFromDevice: Story = {
  render: pillOnly,
  decorators: [withSaveState({ ...READY, fromDevice: true, savedAt: NINE_OH_FIVE })],
};

/** The server answers with errors and the latest edit is in this device's draft: "Not saved yet — kept on this device", never "Saved". */
export const ServerFailingOnDevice: Story = {
  render: pillOnly,
  decorators: [withSaveState({ ...READY, dirty: true, failure: 'server', onDevice: true, savedAt: NINE_OH_FIVE })],
};

/**
 * The server refused the answers as larger than it accepts (413): "This answer is too long to save", naming
 * the answer holding the most text, in an error's colours. The text stays on the page and on this device,
 * and nothing is sent again until the student edits.
 */
export const TooLarge: Story = {
  render: pillOnly,
  decorators: [withSaveState({ ...READY, dirty: true, failure: 'too-large', tooLarge: { path: 'note', label: 'A note.' }, onDevice: true, savedAt: NINE_OH_FIVE })],
};

/** The same on a 390 px phone, for an answer whose label is long: cut at a word, then the bar's ellipsis. */
export const TooLargeNarrowScreen: Story = {
  render: pillOnly,
  decorators: [
    phoneWidth,
    withSaveState({
      ...READY,
      dirty: true,
      failure: 'too-large',
      tooLarge: { path: 'notes.2', label: 'What the student noticed about the model, in their own words, with one question it raises (3)' },
      onDevice: true,
    }),
  ],
};

/** A 390 px phone: the longest text still fits on one line at the bottom right. */
export const NarrowScreen: Story = {
  render: pillOnly,
  decorators: [
    phoneWidth,
    withSaveState({ ...READY, dirty: true, failure: 'server', onDevice: true, savedAt: NINE_OH_FIVE }),
  ],
};
