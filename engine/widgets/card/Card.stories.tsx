import type { Meta, StoryObj } from '@storybook/react-vite';
import { Card } from './Card.tsx';

const meta = {
  title: 'Widgets/Card',
  component: Card,
  args: {
    title: 'Objective',
    children: <p>By the end of today you can explain how a cell switches a gene on and off.</p>,
  },
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = { args: { tone: 'info' } };
export const Note: Story = { args: { tone: 'note', title: 'Core concepts' } };
export const Tip: Story = { args: { tone: 'tip', title: 'Takeaways' } };
