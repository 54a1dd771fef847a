import { composeStories } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../../test/axe.ts';
import * as stories from './FreeText.stories.tsx';

const { Empty, WithHint, Filled, RestoredFromSaved, InvalidSavedValue } = composeStories(stories);
const question = 'In your own words, how is gene expression different from gene regulation?';

describe('FreeText', () => {
  it('is a text box labelled by its visible question', async () => {
    render(<Empty />);
    const box = screen.getByRole('textbox', { name: question });
    await userEvent.type(box, 'Regulation decides expression.');
    expect(box).toHaveValue('Regulation decides expression.');
  });

  it('announces its hint with the field', () => {
    render(<WithHint />);
    expect(screen.getByRole('textbox', { name: question })).toHaveAccessibleDescription(/Two or three sentences/);
  });

  it('takes pasted text like typed text, and marks nothing outside <MarkPastes> (paste-mark tests cover inside)', async () => {
    render(<Empty />);
    const box = screen.getByRole('textbox', { name: question });
    await userEvent.click(box);
    await userEvent.paste('Regulation decides expression.');
    expect(box).toHaveValue('Regulation decides expression.');
    expect(box).not.toHaveAttribute('data-paste-warned');
  });

  it('shows every line of a saved answer', () => {
    render(<Filled />);
    expect((screen.getByRole('textbox', { name: question }) as HTMLTextAreaElement).value).toContain('So regulation decides expression.');
  });

  it('brings back a saved answer after a reload, line breaks and all', () => {
    render(<RestoredFromSaved />);
    expect(screen.getByRole('textbox', { name: question })).toHaveValue('Regulation decides which genes are expressed.\nExpression makes the protein.');
  });

  it('shows an empty box, not the value, when the saved value is not text', () => {
    render(<InvalidSavedValue />);
    expect(screen.getByRole('textbox', { name: question })).toHaveValue('');
  });

  it.each([
    ['Empty', Empty],
    ['WithHint', WithHint],
    ['Filled', Filled],
  ])('has no serious accessibility violation when %s', async (_state, Story) => {
    const { container } = render(<Story />);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
