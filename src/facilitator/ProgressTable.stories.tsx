import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { expect, userEvent, within } from 'storybook/test';
import '../styles.css';
import './facilitator.css';
import { FIXTURE_NOW, ROOM_12 } from './fixtures.ts';
import { ProgressTable } from './ProgressTable.tsx';

/** Its cells and headings are links: a router, as in the console. */
const inRouter: Decorator = (Story) => (
  <MemoryRouter>
    <Story />
  </MemoryRouter>
);

/** A phone's width (390 px): the table scrolls sideways inside its own box. */
const phoneWidth: Decorator = (Story) => (
  <div style={{ maxWidth: 390 }}>
    <Story />
  </div>
);

const meta = {
  title: 'Console/ProgressTable',
  component: ProgressTable,
  decorators: [inRouter],
  args: { progress: ROOM_12, now: FIXTURE_NOW },
} satisfies Meta<typeof ProgressTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** As the server sends it: by last name. Complete, in progress and not started in words and a shape, besides colour. */
export const ByName: Story = {};

/** By name, Z to A: the Student heading says "descending". */
export const ByNameDescending: Story = { args: { initialSort: { by: 'name', direction: 'descending' } } };

/** By the share of the week answered, most first. */
export const ByProgress: Story = { args: { initialSort: { by: 'progress', direction: 'descending' } } };

/** Clicking Week sorts by progress, most first; clicking again, least first. */
export const SortingByClicks: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const week = canvas.getByRole('columnheader', { name: /Week/ });
    await userEvent.click(within(week).getByRole('button'));
    await expect(week).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(within(week).getByRole('button'));
    await expect(week).toHaveAttribute('aria-sort', 'ascending');
  },
};

/** A 390 px phone: the page never scrolls sideways, the table does, inside its box. */
export const NarrowScreen: Story = { decorators: [phoneWidth] };
