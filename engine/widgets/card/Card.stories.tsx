import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { Card } from './Card.tsx';

/** A phone's width (390 px), so the story shows the narrow layout in any window. */
const phoneWidth: Decorator = (Story) => (
  <div style={{ maxWidth: 390 }}>
    <Story />
  </div>
);

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

/** The objectives card. */
export const Info: Story = { args: { tone: 'info' } };
/** The core-concepts card. */
export const Note: Story = { args: { tone: 'note', title: 'Core concepts' } };
/** The takeaways card. */
export const Tip: Story = { args: { tone: 'tip', title: 'Takeaways' } };

/** A card holding a list and a long word, on a 390 px phone: the text wraps and nothing scrolls sideways. */
export const NarrowScreen: Story = {
  args: {
    tone: 'note',
    title: 'Core concepts',
    children: (
      <ul>
        <li>A promoter is where RNA polymerase binds to start transcription.</li>
        <li>A repressor sits on the operator and blocks transcription.</li>
        <li>Transcription factors and enhancers switch genes on in the right cells at the right time.</li>
      </ul>
    ),
  },
  decorators: [phoneWidth],
};
