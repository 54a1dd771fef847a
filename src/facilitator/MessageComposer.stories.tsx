import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import '../styles.css';
import './facilitator.css';
import { ROOM_12 } from './fixtures.ts';
import { MessageComposer } from './MessageComposer.tsx';

const meta = {
  title: 'Console/MessageComposer',
  component: MessageComposer,
  args: {
    students: ROOM_12.students,
    // Stories never reach a server: every send goes to the class's three students after 300 ms.
    onSend: fn(() => new Promise<number>((resolve) => setTimeout(() => resolve(3), 300))),
  },
} satisfies Meta<typeof MessageComposer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Empty, to the whole class. */
export const WholeClass: Story = {};

/** "Chosen students": the class's students as checkboxes, two of them ticked. */
export const ChosenStudents: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Chosen students' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: /Ada Lovelace/ }));
    await userEvent.click(canvas.getByRole('checkbox', { name: /Alan Turing/ }));
    await expect(canvas.getByRole('checkbox', { name: /Grace Hopper/ })).not.toBeChecked();
  },
};

/** Written and sent: the form empties and says how many students got it. */
export const Sent: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Subject' }), 'Day 2 starts at 9');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Bring your **notes** from Day 1.');
    await userEvent.click(canvas.getByRole('button', { name: 'Send message' }));
    await expect(await canvas.findByText('Sent to 3 students.')).toBeInTheDocument();
    await expect(args.onSend).toHaveBeenCalledWith({ subject: 'Day 2 starts at 9', body: 'Bring your **notes** from Day 1.' });
  },
};

/** Sent with nothing written: it says what is missing and sends nothing. */
export const Incomplete: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send message' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Write a subject.');
    await expect(args.onSend).not.toHaveBeenCalled();
  },
};
