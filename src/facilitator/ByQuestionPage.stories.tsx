import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { expect, userEvent, within } from 'storybook/test';
import type { AnswersSchema } from '../../engine/index.ts';
import day3Schema from '../../schemas/day-3.schema.json';
import '../styles.css';
import type { ClassDayAnswers, DayQuestion } from './answers-api.ts';
import { ByQuestionView } from './ByQuestionPage.tsx';
import { fixtureFeedback } from './fixtures.ts';

// Fixtures: four students' Day 3 answers, as the server sends them (repaired, in progress order).
const row = (gene: string, category: string, notes = '') => ({ gene, category, notes });
const answersOf = (categories: string[], patterns: string, think: string) => ({
  compare: { patterns, table: ['HK1', 'GAPDH', 'BRCA1', 'BRCA2', 'TP53', 'MYC'].map((gene, index) => row(gene, categories[index] ?? '')) },
  inquiry: { think },
});
const person = (id: number, first_name: string, last_name: string) => ({ id, username: `${first_name[0]!.toLowerCase()}${last_name.toLowerCase()}`, first_name, last_name });

const DATA: ClassDayAnswers = {
  day: 3,
  students: [
    {
      ...person(16, 'Ada', 'Byron'),
      answers: answersOf(['typical', 'typical', 'suspicious', 'suspicious', 'suspicious', 'typical'], 'BRCA1 and BRCA2 are much quieter in the tumour.\nHK1 stays the same everywhere.', 'MYC is too loud.'),
      revision: 5,
      updated_at: '2026-11-23T10:07:00Z',
      language: 'es',
    },
    {
      ...person(17, 'Grace', 'Hopper'),
      answers: answersOf(['typical', 'typical', 'suspicious', 'typical', 'suspicious', 'suspicious'], 'TP53 is almost silent in patient 2.', ''),
      revision: 3,
      updated_at: '2026-11-23T10:12:00Z',
      language: 'en',
    },
    { ...person(18, 'Alan', 'Turing'), answers: answersOf(['typical', 'typical'], '', ''), revision: 0, updated_at: null, language: null },
    {
      ...person(19, 'Katherine', 'Johnson'),
      answers: answersOf(['typical', 'suspicious', 'suspicious', 'suspicious', 'suspicious', 'suspicious'], 'Most genes look different in the tumour sample.', 'Check MYC first.'),
      revision: 2,
      updated_at: '2026-11-22T14:30:00Z',
      language: 'en',
    },
  ],
};

// Some of Day 3's questions as GET /api/facilitator/days/3/questions/ gives them, in lesson order.
const SORT = 'Sort each gene: does its expression in the tumour samples look typical or suspicious? In the notes, say what you saw on its card.';
const QUESTIONS: DayQuestion[] = [
  {
    path: 'compare.patterns',
    prompt: 'Look at the six Gene Cards. What patterns do you notice when you compare the healthy bars with the tumour bars? Which genes change, and in which direction?',
    part: 'Sort the six genes',
    kind: 'free_text',
  },
  { path: 'compare.table.2.category', prompt: `${SORT} (BRCA1: Category)`, part: 'Sort the six genes', kind: 'table_cell', options: ['Typical', 'Suspicious'] },
  { path: 'compare.table.2.notes', prompt: `${SORT} (BRCA1: Notes)`, part: 'Sort the six genes', kind: 'table_cell' },
  { path: 'inquiry.think', prompt: 'Think and Respond: your explanation of the sample with high MYC and low TP53', part: 'Inquiry', kind: 'free_text' },
];

// Maria Rivera's feedback on Ada's patterns, read, and on Grace's, not yet.
const FEEDBACK = [
  fixtureFeedback(1, { studentId: 16, day: 3, field: 'compare.patterns' }, 'Clear. Which of these genes are tumour suppressors?', '2026-11-23T10:20:00Z'),
  fixtureFeedback(2, { studentId: 17, day: 3, field: 'compare.patterns' }, 'What does TP53 do in a healthy cell?', null),
];

/** Opens the view on `?field=<path>`, as a reload of the page would. */
const atField =
  (field: string): Decorator =>
  (Story) => (
    <MemoryRouter initialEntries={[`/facilitator/classes/3/days/3/questions?field=${field}`]}>
      <Story />
    </MemoryRouter>
  );

const meta = {
  title: 'Facilitator/Answers by question',
  component: ByQuestionView,
  args: { classId: 3, day: 3, schema: day3Schema as AnswersSchema, questions: QUESTIONS, data: DATA, feedback: FEEDBACK },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ByQuestionView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A free-text question: every student's answer side by side, line breaks kept, names hidden. */
export const TextAnswers: Story = { decorators: [atField('compare.patterns')] };

/** A cell of a table of choices: how many students chose each category for the gene, above the cards. */
export const ChoiceCounts: Story = { decorators: [atField('compare.table.2.category')] };

/** Next steps to the following question, in lesson order. */
export const Stepping: Story = {
  decorators: [atField('compare.patterns')],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Next →' }));
    await expect(canvas.getAllByRole('heading', { level: 2 })[0]).toHaveTextContent('(BRCA1: Category)');
  },
};

/** "Show names" switched on: each card names its student. */
export const NamesShown: Story = {
  decorators: [atField('compare.patterns')],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('switch', { name: 'Show names' }));
    await expect(canvas.getByRole('heading', { name: 'Grace Hopper (ghopper)' })).toBeInTheDocument();
  },
};

/** A class with no student yet. */
export const EmptyClass: Story = { args: { data: { day: 3, students: [] } }, decorators: [atField('compare.patterns')] };

/** "Only students with no answer yet": those who answered are left out, the others keep their numbers. */
export const OnlyUnanswered: Story = {
  decorators: [atField('compare.patterns')],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('switch', { name: 'Only students with no answer yet' }));
    await expect(canvas.getByText('1 of 4 students have no answer yet.')).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 3, name: 'Student 3' })).toBeInTheDocument();
  },
};
