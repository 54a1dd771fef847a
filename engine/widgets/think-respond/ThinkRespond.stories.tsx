import type { Meta, StoryObj } from '@storybook/react-vite';
import { withAnswers } from '../../storybook/with-answers.tsx';
import { storySchema, storyText } from '../../storybook/story-schema.ts';
import { ThinkRespond } from './ThinkRespond.tsx';

const schema = storySchema({
  inquiry: { type: 'object', description: 'Inquiry.', default: {}, properties: { think: storyText('Think and Respond.') } },
});

const meta = {
  title: 'Widgets/ThinkRespond',
  component: ThinkRespond,
  args: {
    name: 'inquiry.think',
    children: <p>A cell is suddenly heated. Which transcription factors might switch on, and why would that help the cell?</p>,
  },
} satisfies Meta<typeof ThinkRespond>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = { decorators: [withAnswers(schema)] };
export const Filled: Story = { decorators: [withAnswers(schema, { inquiry: { think: 'Heat-shock factors switch on genes for repair proteins.' } })] };
