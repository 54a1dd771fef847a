import type { Meta, StoryObj } from '@storybook/react-vite';
import { FacilitatorTip } from './FacilitatorTip.tsx';

const meta = {
  title: 'Widgets/FacilitatorTip',
  component: FacilitatorTip,
  args: { children: <p>Pause the video after the first minute and ask: does every cell in your body have the same DNA?</p> },
} satisfies Meta<typeof FacilitatorTip>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
