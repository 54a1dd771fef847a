import type { Meta, StoryObj } from '@storybook/react-vite';
import { Inquiry, InquiryItem } from './Inquiry.tsx';

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
