import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import diagram from './story-diagram.svg';
import { ImageOverlay } from './ImageOverlay.tsx';
import { ZoomableImage } from './ZoomableImage.tsx';

/** A viewer-sized box (flex column), as the image dialogs give it. */
const viewerBox: Decorator = (Story) => (
  <div style={{ display: 'flex', flexDirection: 'column', width: '100%', maxWidth: 720, height: 420, border: '1px solid #ccd' }}>
    <Story />
  </div>
);

const meta = {
  title: 'Widgets/ZoomableImage',
  component: ZoomableImage,
  decorators: [viewerBox],
  args: {
    src: diagram,
    alt: 'The lac operon: a repressor sits on the operator, between the promoter and the genes lacZ, lacY and lacA.',
    width: 480,
    height: 200,
    caption: 'The lac operon switched off: the repressor blocks the operator.',
  },
} satisfies Meta<typeof ZoomableImage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** At 1×: the image as large as fits, keeping its shape; Zoom out and Reset zoom are unavailable. */
export const Fitted: Story = {};

/** Without `width` and `height`: sized from the image once it has loaded. */
export const WithoutSize: Story = { args: { width: undefined, height: undefined } };

/** Zoomed to 200 % with the Zoom in button, then moved right with the arrow key. */
export const Zoomed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Zoom in' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Zoom in' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('status')).toHaveTextContent('200 %');
  },
};

/** Keyboard only: Tab to the toolbar, + twice, - once, 0 back to 100 %. */
export const KeyboardOnly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Zoom out' })).toHaveFocus();
    await userEvent.keyboard('++-');
    await expect(canvas.getByRole('status')).toHaveTextContent('150 %');
    await userEvent.keyboard('0');
    await expect(canvas.getByRole('status')).toHaveTextContent('100 %');
  },
};

/** In ImageOverlay's dialog, on a 390 px phone: the whole screen, − and + buttons, the caption as text under the image. */
export const InDialogNarrowScreen: Story = {
  decorators: [],
  render: (args) => <ImageOverlay src={args.src} alt={args.alt} width={args.width} height={args.height} caption={String(args.caption)} />,
  parameters: {
    layout: 'fullscreen',
    viewport: { options: { phone390: { name: 'Phone, 390 × 844', styles: { width: '390px', height: '844px' }, type: 'mobile' } } },
  },
  globals: { viewport: { value: 'phone390', isRotated: false } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /^Enlarge image:/ }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
  },
};
