import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { FacilitatorTip } from './FacilitatorTip.tsx';

/** A phone's width (390 px), so the story shows the narrow layout in any window. */
const phoneWidth: Decorator = (Story) => (
  <div style={{ maxWidth: 390 }}>
    <Story />
  </div>
);

const meta = {
  title: 'Widgets/FacilitatorTip',
  component: FacilitatorTip,
  args: { children: <p>Pause the video after the first minute and ask: does every cell in your body have the same DNA?</p> },
} satisfies Meta<typeof FacilitatorTip>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A tip for the adult running the session, set apart from the lesson text. */
export const Default: Story = {};

/** A 390 px phone: the tip wraps and nothing scrolls sideways. */
export const NarrowScreen: Story = { decorators: [phoneWidth] };
