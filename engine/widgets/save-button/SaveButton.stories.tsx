import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { OfflineError } from '../../answers/session.ts';
import { fakeSave, withAnswers } from '../../storybook/with-answers.tsx';
import { storySchema, storyText } from '../../storybook/story-schema.ts';
import { SaveButton } from './SaveButton.tsx';

/** The outcomes as docs/requirements.md words them (docs/requirements.md#error-messages). */
const SAVE_SUCCESS_MESSAGE = 'Your work has been saved!';
const SAVE_FAILURE_MESSAGE = 'Error saving. Please try again.';

const schema = storySchema({ note: storyText('A note.') });

/** A save the server never answers, so the button stays busy. */
const neverAnswers = () => new Promise<void>(() => undefined);
/** A save that never reaches the server. */
const unreachable = () => Promise.reject(new OfflineError());

/** A phone's width (390 px), so the story shows the narrow layout in any window. */
const phoneWidth: Decorator = (Story) => (
  <div style={{ maxWidth: 390 }}>
    <Story />
  </div>
);

const meta = { title: 'Widgets/SaveButton', component: SaveButton } satisfies Meta<typeof SaveButton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Press "Save my work" and the server accepts the answers: "Your work has been saved!". */
export const Succeeds: Story = { decorators: [withAnswers(schema, undefined, fakeSave(50))] };

/** Press "Save my work" and the server is unreachable: "Error saving. Please try again.", and the answers stay on the page. */
export const Offline: Story = {
  decorators: [withAnswers(schema, undefined, () => Promise.reject(new TypeError('Failed to fetch')))],
};

/** Before any press: the button and no message. */
export const Idle: Story = { decorators: [withAnswers(schema, undefined, fakeSave(50))] };

/** Pressed, and the server has not answered yet: the button reads "Saving…" and is busy. */
export const Saving: Story = {
  decorators: [withAnswers(schema, undefined, neverAnswers)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Save my work' }));
    await expect(canvas.getByRole('button', { name: 'Saving…' })).toHaveAttribute('aria-busy', 'true');
  },
};

/** Pressed, and the server confirmed: "Your work has been saved!" in an alert beside the button. */
export const Saved: Story = {
  decorators: [withAnswers(schema, undefined, fakeSave(50))],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Save my work' }));
    await expect(await canvas.findByText(SAVE_SUCCESS_MESSAGE)).toBeInTheDocument();
  },
};

/** Pressed, and the save was rejected: "Error saving. Please try again." in an alert; the button works again. */
export const Failed: Story = {
  decorators: [withAnswers(schema, undefined, unreachable)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Save my work' }));
    await expect(await canvas.findByText(SAVE_FAILURE_MESSAGE)).toBeInTheDocument();
  },
};

/** Keyboard only: Tab reaches the button and Enter saves. */
export const KeyboardOnly: Story = {
  decorators: [withAnswers(schema, undefined, fakeSave(50))],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Save my work' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText(SAVE_SUCCESS_MESSAGE)).toBeInTheDocument();
  },
};

/** A 390 px phone after a failed save: the message wraps under or beside the button, nothing scrolls sideways. */
export const NarrowScreen: Story = {
  decorators: [phoneWidth, withAnswers(schema, undefined, unreachable)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Save my work' }));
    await canvas.findByText(SAVE_FAILURE_MESSAGE);
  },
};
