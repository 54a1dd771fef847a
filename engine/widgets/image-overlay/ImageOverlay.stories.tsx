import type { Meta, StoryObj } from '@storybook/react-vite';
import diagram from './story-diagram.svg';
import { ImageOverlay } from './ImageOverlay.tsx';

const meta = {
  title: 'Widgets/ImageOverlay',
  component: ImageOverlay,
  args: {
    src: diagram,
    alt: 'The lac operon: a repressor sits on the operator, between the promoter and the genes lacZ, lacY and lacA.',
    caption: 'The lac operon switched off: the repressor blocks the operator.',
  },
} satisfies Meta<typeof ImageOverlay>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The thumbnail with its caption, as it sits in the lesson. */
export const Closed: Story = {};

/** No caption: the enlarged view's title is for screen readers only. */
export const WithoutCaption: Story = { args: { caption: undefined } };

/** Enlarged: the image as large as the screen allows, with its caption, a Close button and backdrop around it. */
export const Open: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^Enlarge image:/ }));
  },
};
