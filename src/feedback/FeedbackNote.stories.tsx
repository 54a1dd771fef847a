import type { Meta, StoryObj } from '@storybook/react-vite';
import '../styles.css';
import { fixtureFeedback } from '../facilitator/fixtures.ts';
import { FeedbackNotes } from './FeedbackNote.tsx';

// What a student sees under an answer: a facilitator's notes, oldest first, as text.
const meta = {
  title: 'Lesson/Feedback notes',
  component: FeedbackNotes,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof FeedbackNotes>;
export default meta;
type Story = StoryObj<typeof meta>;

/** One note under a text answer, its line break kept. */
export const OnATextAnswer: Story = {
  args: {
    name: 'geneQ1',
    feedback: [fixtureFeedback(1, { studentId: 17, day: 1, field: 'geneQ1' }, 'Good start.\nNow add an example: a skin cell and a nerve cell have the same genes.', null, false)],
  },
};

/** Notes on two cells of a table, each naming its row; markup in a note shows as the characters typed. */
export const OnATablesCells: Story = {
  args: {
    name: 'compare.table',
    feedback: [
      fixtureFeedback(2, { studentId: 17, day: 3, field: 'compare.table.2.category' }, 'Look again at the tumour bar for BRCA1.', '2026-11-23T09:45:00Z', false),
      fixtureFeedback(3, { studentId: 17, day: 3, field: 'compare.table.4.notes' }, 'Is <b>TP53</b> louder or quieter?', null, false),
    ],
  },
};
