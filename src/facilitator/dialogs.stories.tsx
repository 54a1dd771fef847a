import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import messages from '../../content/locales/en/console.json';
import { translator } from '../../engine/index.ts';
import '../styles.css';
import { DeleteClassDialog, PasswordDialog, ResetPasswordButton } from './dialogs.tsx';
import './facilitator.css';

/** The console's messages in the language the story is shown in. */
const t = translator(messages);

const meta = {
  title: 'Console/Dialogs',
  component: PasswordDialog,
  args: {
    who: 'Ada Lovelace',
    password: 'tulip-harbor-42',
    onClose: fn(),
    note: <p>{t('roster.studentResetNote')}</p>,
  },
} satisfies Meta<typeof PasswordDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The page the dialogs open over. */
const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** A temporary password, shown once: the password, Copy, the note and Done. */
export const TemporaryPassword: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('alertdialog', { name: 'Temporary password for Ada Lovelace' });
    await expect(within(dialog).getByText('tulip-harbor-42')).toBeInTheDocument();
  },
};

/** Reset password, from the roster: it asks first, then shows the password (the story's server answers at once). */
export const ResetPassword: Story = {
  render: () => <ResetPasswordButton who="Ada Lovelace" reset={() => Promise.resolve('tulip-harbor-42')} note={t('roster.studentResetNote')} />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Reset password for Ada Lovelace' }));
    const question = await body(canvasElement).findByRole('alertdialog', { name: 'Reset Ada Lovelace’s password?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Reset password' }));
    await expect(await body(canvasElement).findByText('tulip-harbor-42')).toBeInTheDocument();
  },
};

/** Delete class, open: the warning and the name to type; Delete is off until it matches exactly. */
export const DeleteClass: Story = {
  render: () => <DeleteClassDialog className="Room 12" onDelete={() => Promise.resolve()} />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete class' }));
    const dialog = await body(canvasElement).findByRole('alertdialog', { name: 'Delete Room 12?' });
    await expect(within(dialog).getByRole('button', { name: 'Delete class' })).toBeDisabled();
  },
};

/** Delete class with the name typed exactly: Delete is on. */
export const DeleteClassNameTyped: Story = {
  render: () => <DeleteClassDialog className="Room 12" onDelete={() => Promise.resolve()} />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete class' }));
    const dialog = await body(canvasElement).findByRole('alertdialog', { name: 'Delete Room 12?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Type the class name/ }), 'Room 12');
    await expect(within(dialog).getByRole('button', { name: 'Delete class' })).toBeEnabled();
  },
};
