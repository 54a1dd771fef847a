import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Inquiry, InquiryItem } from './Inquiry.tsx';

/** A phone's width (390 px), so the story shows the narrow layout in any window. */
const phoneWidth: Decorator = (Story) => (
  <div style={{ maxWidth: 390 }}>
    <Story />
  </div>
);

const meta = {
  title: 'Widgets/Inquiry',
  component: Inquiry,
  args: {
    children: (
      <>
        <InquiryItem question="What happens when a repressor sits on the operator?">
          <p>RNA polymerase cannot get past it, so the genes are not transcribed and no protein is made.</p>
        </InquiryItem>
        <InquiryItem question="How can a signal from outside the cell switch a gene on?">
          <p>The signal changes a regulatory protein, which then lets RNA polymerase bind and start transcription.</p>
        </InquiryItem>
        <InquiryItem question="What if a mutation changes the promoter?">
          <p>RNA polymerase may bind poorly or not at all, so the gene is made too little or not at all.</p>
        </InquiryItem>
      </>
    ),
  },
} satisfies Meta<typeof Inquiry>;
export default meta;
type Story = StoryObj<typeof meta>;

/** All three questions closed: the answers stay hidden until asked for. */
export const Closed: Story = {};

/** The first question pressed: its answer shows under it, and the others stay closed. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'What happens when a repressor sits on the operator?' }));
    await expect(canvas.getByText(/RNA polymerase cannot get past it/)).toBeVisible();
  },
};

/** Keyboard only: Tab reaches each question, Enter and Space open it, and several may be open at once. */
export const KeyboardOnly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: /repressor/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: /signal from outside/ })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(canvas.getAllByRole('button', { expanded: true })).toHaveLength(2);
  },
};

/** A 390 px phone with one answer open: questions wrap beside their chevrons and nothing scrolls sideways. */
export const NarrowScreen: Story = {
  decorators: [phoneWidth],
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /signal from outside/ }));
  },
};
