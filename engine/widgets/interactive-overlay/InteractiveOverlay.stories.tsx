import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { InteractiveOverlay } from './InteractiveOverlay.tsx';

/**
 * Holds back the frame's load event, as a site that never answers would, so the embed inside shows the
 * same state on every network. (load does not bubble, but it does pass ancestors in the capture phase;
 * the dialog is in a portal, so this listens on the document.)
 */
const neverLoads: Decorator = (Story) => (
  <div
    ref={(element) => {
      if (!element) return;
      const hold = (event: Event) => {
        if (event.target instanceof HTMLIFrameElement) event.stopPropagation();
      };
      const document = element.ownerDocument;
      document.addEventListener('load', hold, true);
      return () => document.removeEventListener('load', hold, true);
    }}
  >
    <Story />
  </div>
);

/** A phone's width (390 px), so the button shows as it does on a phone. */
const phoneWidth: Decorator = (Story) => (
  <div style={{ maxWidth: 390 }}>
    <Story />
  </div>
);

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

/** Opened, and the page has not loaded: the embed's "Loading…" overlay covers the frame (then the blocked-embed warning). */
export const Loading: Story = {
  decorators: [neverLoads],
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open Anatomy of a Gene' }));
  },
};

/** Keyboard only: Enter opens, focus moves into the dialog and stays there, Escape closes and focus comes back. */
export const KeyboardOnly: Story = {
  decorators: [neverLoads],
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Open Anatomy of a Gene' });
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await page.findByRole('dialog', { name: 'Anatomy of a Gene' });
    await expect(dialog).toContainElement(canvasElement.ownerDocument.activeElement as HTMLElement);
    await userEvent.tab();
    await expect(dialog).toContainElement(canvasElement.ownerDocument.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    await expect(page.queryByRole('dialog')).not.toBeInTheDocument();
    await expect(trigger).toHaveFocus();
  },
};

/** A 390 px phone, opened: the dialog fills the screen but a 12 px margin of backdrop; its buttons wrap. */
export const NarrowScreen: Story = {
  decorators: [phoneWidth, neverLoads],
  parameters: {
    layout: 'fullscreen',
    viewport: { options: { phone390: { name: 'Phone, 390 × 844', styles: { width: '390px', height: '844px' }, type: 'mobile' } } },
  },
  globals: { viewport: { value: 'phone390', isRotated: false } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open Anatomy of a Gene' }));
  },
};
