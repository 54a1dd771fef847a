import type { Meta, StoryObj } from '@storybook/react-vite';
import { InteractiveOverlay } from './InteractiveOverlay.tsx';

const meta = {
  title: 'Widgets/InteractiveOverlay',
  component: InteractiveOverlay,
  args: { title: 'Anatomy of a Gene', src: 'https://learn.genetics.utah.edu/content/basics/geneanatomy/', children: 'Open Anatomy of a Gene' },
} satisfies Meta<typeof InteractiveOverlay>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The button, as it sits in the lesson. */
export const Closed: Story = {};

/** Opened: the page full screen, with Close, Reload and Open in new tab, and a margin of backdrop to click. */
export const Open: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Open Anatomy of a Gene' }));
  },
};
