import { composeStories } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../../test/axe.ts';
import * as stories from './BlankChoice.stories.tsx';

const { Empty, Filled, OutdatedOption } = composeStories(stories);

describe('BlankChoice', () => {
  it('is a control named "Blank 1" offering "— choose —" and the two options, in order', () => {
    render(<Empty />);
    const blank = screen.getByRole('combobox', { name: 'Blank 1' });
    expect(blank).toHaveValue('');
    expect([...blank.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['— choose —', 'DNA', 'protein']);
  });

  it('takes a choice from the keyboard or mouse', async () => {
    render(<Empty />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Blank 1' }), 'protein');
    expect(screen.getByRole('combobox', { name: 'Blank 1' })).toHaveValue('protein');
  });

  it('shows a saved choice', () => {
    render(<Filled />);
    expect(screen.getByRole('combobox', { name: 'Blank 1' })).toHaveValue('protein');
  });

  it('keeps showing a saved answer that is no longer an option', () => {
    render(<OutdatedOption />);
    expect(screen.getByRole('combobox', { name: 'Blank 1' })).toHaveValue('ribosome');
  });

  it.each([
    ['Empty', Empty],
    ['Filled', Filled],
  ])('has no serious accessibility violation when %s', async (_state, Story) => {
    const { container } = render(<Story />);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
