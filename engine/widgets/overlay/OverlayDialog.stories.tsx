import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { OverlayDialog } from './OverlayDialog.tsx';

/** A phone's width (390 px), so the trigger shows as it does on a phone. */
const phoneWidth: Decorator = (Story) => (
  <div style={{ maxWidth: 390 }}>
    <Story />
  </div>
);

/** Opens the dialog with its trigger, as a student would. */
async function openIt(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show the operon' }));
  await expect(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'The lac operon' })).toBeInTheDocument();
}

const meta = {
  title: 'Widgets/OverlayDialog',
  component: OverlayDialog,
  args: {
    trigger: (
      <button type="button" className="button">
        Show the operon
      </button>
    ),
    title: 'The lac operon',
    description: 'Close it with the Close button, the Escape key or a click outside.',
    children: (
      <div style={{ padding: 16 }}>
        <p>A repressor sits on the operator, between the promoter and the genes lacZ, lacY and lacA.</p>
        <p>
          When lactose is present it binds the repressor, which lets go of the operator, and RNA polymerase transcribes the genes. <a href="#more">Read more</a>
        </p>
      </div>
    ),
  },
} satisfies Meta<typeof OverlayDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: only the trigger, a button the author supplies. */
export const Closed: Story = {};

/** Open, full size: the whole screen but a 32 px margin of backdrop, a header with the title and Close, the description under it. */
export const Open: Story = { play: async ({ canvasElement }) => openIt(canvasElement) };

/** Open, media size: as large as its content within the same margin (ImageOverlay uses this). */
export const Media: Story = { args: { size: 'media' }, play: async ({ canvasElement }) => openIt(canvasElement) };

/** Title and description for screen readers only: the body has the whole dialog to itself, but for Close. */
export const HiddenTitle: Story = {
  args: { hideTitle: true, hideDescription: true },
  play: async ({ canvasElement }) => openIt(canvasElement),
};

/** Keyboard only: Enter opens with focus inside; Tab and Shift+Tab stay inside; Escape closes and focus returns to the trigger. */
export const KeyboardOnly: Story = {
  play: async ({ canvasElement }) => {
    const document = canvasElement.ownerDocument;
    const trigger = within(canvasElement).getByRole('button', { name: 'Show the operon' });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('dialog', { name: 'The lac operon' });
    for (let press = 0; press < 4; press += 1) {
      await userEvent.tab();
      await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.keyboard('{Escape}');
    await expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument();
    await expect(trigger).toHaveFocus();
  },
};

/** A 390 px phone, open: a 12 px margin of backdrop, the title wraps beside Close, nothing scrolls sideways. */
export const NarrowScreen: Story = {
  args: { title: 'The lac operon: how a bacterium switches three genes on and off together' },
  decorators: [phoneWidth],
  parameters: {
    layout: 'fullscreen',
    viewport: { options: { phone390: { name: 'Phone, 390 × 844', styles: { width: '390px', height: '844px' }, type: 'mobile' } } },
  },
  globals: { viewport: { value: 'phone390', isRotated: false } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show the operon' }));
  },
};
