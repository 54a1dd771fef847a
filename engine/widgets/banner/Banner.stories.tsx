import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Banner, bannerStorageKey } from './Banner.tsx';

const ID = 'heads-up';

/** Sets or clears the banner's session storage before the story renders, as a reload would find it. */
const storedDismissal = (dismissed: boolean) => () => {
  if (dismissed) sessionStorage.setItem(bannerStorageKey(ID), 'true');
  else sessionStorage.removeItem(bannerStorageKey(ID));
};

const phoneWidth: Decorator = (Story) => (
  <div style={{ maxWidth: 390 }}>
    <Story />
  </div>
);

const meta = {
  title: 'Widgets/Banner',
  component: Banner,
  args: {
    id: ID,
    tone: 'warning',
    title: 'Heads up',
    dismissLabel: 'I understand',
    children: <p>Do your own thinking today: write answers in your own words, and do not paste answers from AI tools.</p>,
  },
  // The lesson that follows the banner: where focus and reading continue after dismissing it.
  render: (args) => (
    <>
      <Banner {...args} />
      <h2>Objective</h2>
      <p>
        Today you compare how strongly genes are expressed in healthy and tumour samples. <a href="#plan">Jump to the plan</a>
      </p>
    </>
  ),
  loaders: [storedDismissal(false)],
} satisfies Meta<typeof Banner>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The amber warning as the student first sees it, with its "I understand" button. */
export const Visible: Story = {};

/** Dismissed earlier in this browser session (the key is in session storage): nothing shows, not even briefly. */
export const Dismissed: Story = { loaders: [storedDismissal(true)] };

/** The blue tone, for a plain notice. */
export const InfoTone: Story = {
  args: {
    id: 'new-this-week',
    tone: 'info',
    title: 'New this week',
    dismissLabel: 'Got it',
    children: <p>Your answers now save on this device too, so nothing is lost when the Wi-Fi drops.</p>,
  },
  loaders: [() => sessionStorage.removeItem(bannerStorageKey('new-this-week'))],
};

/** Keyboard only: Tab reaches "I understand", Enter dismisses, and the next Tab goes to what followed the banner. */
export const KeyboardOnly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'I understand' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.queryByRole('region', { name: 'Heads up' })).not.toBeInTheDocument();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Jump to the plan' })).toHaveFocus();
  },
};

/** A 390 px phone: the text wraps and the button sits under it; nothing scrolls sideways. */
export const NarrowScreen: Story = {
  decorators: [phoneWidth],
  parameters: {
    viewport: { options: { phone390: { name: 'Phone, 390 × 844', styles: { width: '390px', height: '844px' }, type: 'mobile' } } },
  },
  globals: { viewport: { value: 'phone390', isRotated: false } },
};
