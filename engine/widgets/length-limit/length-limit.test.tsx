import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storySchema } from '../../storybook/story-schema.ts';
import { withAnswers } from '../../storybook/with-answers.tsx';
import type { Answers, AnswersSchema } from '../../schema/types.ts';
import { AnswersTable } from '../answers-table/AnswersTable.tsx';
import { FreeText } from '../free-text/FreeText.tsx';

const LIMIT = 20;
const schema = storySchema({
  answer: { type: 'string', maxLength: LIMIT, description: 'A short answer.', default: '' },
  rows: {
    type: 'array',
    description: 'Rows.',
    minItems: 1,
    maxItems: 1,
    default: [{ gene: 'TP53', notes: '' }],
    items: {
      type: 'object',
      description: 'A row.',
      default: {},
      properties: {
        gene: { type: 'string', description: 'The gene.', default: '' },
        notes: { type: 'string', maxLength: LIMIT, description: 'Notes.', default: '' },
      },
    },
  },
});

function renderInForm(widget: React.ReactNode, saved?: Answers, formSchema: AnswersSchema = schema) {
  const Decorated = withAnswers(formSchema, saved);
  // A Storybook decorator is a function of the story; here the story is the widget itself.
  const Story = () => <>{widget}</>;
  return render(<>{(Decorated as (story: typeof Story) => React.ReactNode)(Story)}</>);
}

describe("text widgets honour their field's maxLength (issue 11)", () => {
  const label = 'Your answer';

  it('stops typing at the limit and says the answer is full', async () => {
    renderInForm(<FreeText name="answer" label={label} />);
    const box = screen.getByRole('textbox', { name: label });
    await userEvent.type(box, 'x'.repeat(LIMIT + 10));
    expect(box).toHaveValue('x'.repeat(LIMIT));
    expect(screen.getByRole('status')).toHaveTextContent('This answer is full: it holds at most 20 characters.');
    expect(box).toHaveAccessibleDescription('This answer is full: it holds at most 20 characters.');
  });

  it('stops a paste at the limit too', async () => {
    renderInForm(<FreeText name="answer" label={label} />);
    const box = screen.getByRole('textbox', { name: label });
    await userEvent.click(box);
    await userEvent.paste('y'.repeat(LIMIT * 5));
    expect((box as HTMLTextAreaElement).value.length).toBeLessThanOrEqual(LIMIT);
  });

  it('shows nothing until the last 10%, then the count', async () => {
    renderInForm(<FreeText name="answer" label={label} />);
    const box = screen.getByRole('textbox', { name: label });
    await userEvent.type(box, 'x'.repeat(17));
    expect(screen.queryByRole('status')).toBeNull();
    await userEvent.type(box, 'x');
    expect(screen.getByRole('status')).toHaveTextContent('Nearly full: 18 of 20 characters.');
  });

  it('asks to shorten a saved answer that is already longer than the limit, without cutting it', () => {
    const saved = 'z'.repeat(LIMIT + 5);
    renderInForm(<FreeText name="answer" label={label} />, { answer: saved });
    expect(screen.getByRole('textbox', { name: label })).toHaveValue(saved);
    expect(screen.getByRole('status')).toHaveTextContent('This answer is longer than the 20 characters that can be saved: shorten it to save your changes.');
  });

  it('sets no limit on a field whose schema has none', () => {
    const open = storySchema({ answer: { type: 'string', description: 'Free.', default: '' } });
    renderInForm(<FreeText name="answer" label={label} />, undefined, open);
    expect(screen.getByRole('textbox', { name: label })).not.toHaveAttribute('maxlength');
  });

  it("limits an AnswersTable text cell by its column's maxLength", async () => {
    renderInForm(
      <AnswersTable
        name="rows"
        caption="Genes"
        columns={[
          { field: 'gene', header: 'Gene', input: 'none' },
          { field: 'notes', header: 'Notes', input: 'text' },
        ]}
      />,
    );
    const cell = screen.getByRole('textbox', { name: 'Notes for TP53' });
    await userEvent.type(cell, 'n'.repeat(LIMIT + 3));
    expect(cell).toHaveValue('n'.repeat(LIMIT));
    expect(cell).toHaveAccessibleDescription('This answer is full: it holds at most 20 characters.');
  });
});
