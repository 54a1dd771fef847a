import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { AnswersSchema } from '../../schema/types.ts';
import { storySchema, storyText } from '../../storybook/story-schema.ts';
import { withAnswers, withReadOnlyAnswers } from '../../storybook/with-answers.tsx';
import { AnswersTable } from './AnswersTable.tsx';

// Stories may name real genes: they are fixtures, not engine code.
const ROWS = [
  { gene: 'HK1', category: 'typical', notes: '' },
  { gene: 'GAPDH', category: 'typical', notes: '' },
  { gene: 'BRCA1', category: '', notes: '' },
  { gene: 'BRCA2', category: '', notes: '' },
  { gene: 'TP53', category: '', notes: '' },
  { gene: 'MYC', category: '', notes: '' },
];

const table: AnswersSchema = {
  type: 'array',
  description: 'The gene categorisation table: one row per gene.',
  minItems: ROWS.length,
  maxItems: ROWS.length,
  default: ROWS,
  items: {
    type: 'object',
    description: 'One gene.',
    default: { gene: '', category: '', notes: '' },
    properties: {
      gene: storyText('The gene, shown read-only.'),
      category: { type: 'string', description: 'typical, suspicious or "" (not chosen).', enum: ['', 'typical', 'suspicious'], default: '' },
      notes: storyText('Why the student sorted the gene this way.'),
    },
  },
};
const schema = storySchema({ compare: { type: 'object', description: 'Comparing gene expression.', default: {}, properties: { table } } });

const meta = {
  title: 'Widgets/AnswersTable',
  component: AnswersTable,
  args: {
    name: 'compare.table',
    caption: 'Sort each gene: typical or suspicious?',
    columns: [
      { field: 'gene', header: 'Gene', input: 'none' },
      {
        field: 'category',
        header: 'Category',
        input: 'select',
        options: [
          { value: '', label: '— choose —' },
          { value: 'typical', label: 'Typical' },
          { value: 'suspicious', label: 'Suspicious' },
        ],
      },
      { field: 'notes', header: 'Notes', input: 'text' },
    ],
  },
} satisfies Meta<typeof AnswersTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing saved: the schema's default rows, the first two preset to Typical. */
export const Empty: Story = { decorators: [withAnswers(schema)] };

/** Every row sorted and explained. */
const FILLED = {
  compare: {
    table: [
      { gene: 'HK1', category: 'typical', notes: 'Housekeeping: about the same in every sample.' },
      { gene: 'GAPDH', category: 'typical', notes: 'Also housekeeping.' },
      { gene: 'BRCA1', category: 'suspicious', notes: 'Much quieter in the tumour sample than in healthy tissue.' },
      { gene: 'BRCA2', category: 'suspicious', notes: 'Quieter too.' },
      {
        gene: 'TP53',
        category: 'suspicious',
        notes: 'Almost silent in patient 2.\nA tumour suppressor that is switched off lets damaged cells keep dividing, so this is the one I would check first.',
      },
      { gene: 'MYC', category: 'typical', notes: '' },
    ],
  },
};

/** Every row sorted and explained; a long note makes its box grow. */
export const Filled: Story = { decorators: [withAnswers(schema, FILLED)] };

/** Read-only (a facilitator reading a student's work): the same answers, every select disabled, every note read-only. */
export const ReadOnly: Story = { decorators: [withReadOnlyAnswers(schema, FILLED)] };

/**
 * An answer saved by an older page: four rows, some without notes. Normalising keeps all of it, fills
 * the missing notes and adds today's two missing rows from the schema's default.
 */
export const RestoredFromSaved: Story = {
  decorators: [
    withAnswers(schema, {
      compare: {
        table: [
          { gene: 'HK1', category: 'typical', notes: 'Steady everywhere.' },
          { gene: 'GAPDH', category: 'typical' },
          { gene: 'BRCA1', category: 'suspicious' },
          { gene: 'BRCA2', category: '', notes: 'Not sure yet.' },
        ],
      },
    }),
  ],
};

/**
 * A saved category outside the allowed values ("loud"): normalising restores that field to its
 * default, so the student sees "— choose —" there and the note beside it kept.
 */
export const InvalidSavedValue: Story = {
  decorators: [
    withAnswers(schema, {
      compare: { table: ROWS.map((row) => (row.gene === 'BRCA1' ? { ...row, category: 'loud', notes: 'Very loud in the tumour.' } : row)) },
    }),
  ],
};

/**
 * Keyboard only: Tab walks the inputs in reading order (Category then Notes, row by row); a select
 * opens with Space or Alt+Down and changes with the arrow keys or by typing a letter; the text boxes
 * take typing. The play function tabs through the first row and fills it.
 */
export const KeyboardOnly: Story = {
  decorators: [withAnswers(schema)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const category = canvas.getByRole('combobox', { name: 'Category for HK1' });
    await expect(category).toHaveFocus();
    // A native select's own keys are the browser's; selectOptions stands in for the arrow keys.
    await userEvent.selectOptions(category, 'Suspicious');
    await userEvent.tab();
    await expect(canvas.getByRole('textbox', { name: 'Notes for HK1' })).toHaveFocus();
    await userEvent.keyboard('Changed in this sample.');
    await userEvent.tab();
    await expect(canvas.getByRole('combobox', { name: 'Category for GAPDH' })).toHaveFocus();
  },
};

/** A 390 px phone: each row is a card with the gene on top and each input labelled; nothing scrolls sideways. */
export const NarrowScreen: Story = {
  decorators: [withAnswers(schema)],
  globals: { viewport: { value: '390-844' } },
};
