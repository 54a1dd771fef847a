import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import diagram from './story-diagram.svg';
import { ImageOverlay } from './ImageOverlay.tsx';

/** A phone's width (390 px), so the thumbnail shows as it does on a phone. */
const phoneWidth: Decorator = (Story) => (
  <div style={{ maxWidth: 390 }}>
    <Story />
  </div>
);

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

/** Keyboard only: Tab reaches the thumbnail, Enter enlarges it with focus on Close, Escape closes and focus comes back. */
export const KeyboardOnly: Story = {
  play: async ({ canvasElement }) => {
    const thumbnail = within(canvasElement).getByRole('button', { name: /^Enlarge image:/ });
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.tab();
    await expect(thumbnail).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await page.findByRole('dialog');
    await expect(dialog).toContainElement(canvasElement.ownerDocument.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(thumbnail).toHaveFocus();
  },
};

/** A 390 px phone, enlarged: the image fits the screen with its caption and Close; nothing scrolls sideways. */
export const NarrowScreen: Story = {
  decorators: [phoneWidth],
  parameters: {
    layout: 'fullscreen',
    viewport: { options: { phone390: { name: 'Phone, 390 × 844', styles: { width: '390px', height: '844px' }, type: 'mobile' } } },
  },
  globals: { viewport: { value: 'phone390', isRotated: false } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /^Enlarge image:/ }));
  },
};
