import { composeStories } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { seriousAxeViolations } from '../../test/axe.ts';
import * as stories from './BlankChoice.stories.tsx';

const { Empty, Filled, OutdatedOption, ValueAndLabel } = composeStories(stories);

describe('BlankChoice', () => {
  it('is a control named "Blank 1" offering "— choose —" and the two options, in order', () => {
    render(<Empty />);
    const blank = screen.getByRole('combobox', { name: 'Blank 1' });
    expect(blank).toHaveValue('');
    expect([...blank.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['— choose —', 'DNA', 'protein']);
  });

  it('reads as part of its sentence: no number of its own beside the blank, still named "Blank 1" (issue 9)', () => {
    render(<Empty />);
    const blank = screen.getByRole('combobox', { name: 'Blank 1' });
    expect(screen.queryByText('1')).toBeNull();
    // Only the options sit between the words before the blank and the full stop after it.
    expect(blank.closest('p')).toHaveTextContent(/^When a gene is expressed, the cell usually uses it to make a — choose —DNAprotein\.$/);
    expect(blank.parentElement?.childElementCount).toBe(1);
  });

  it('marks a chosen word as filled, and an empty blank as not (issue 9: the chosen word in the text colour)', async () => {
    render(<Empty />);
    const blank = screen.getByRole('combobox', { name: 'Blank 1' });
    expect(blank).toHaveAttribute('data-state', 'empty');
    await userEvent.selectOptions(blank, 'DNA');
    expect(blank).toHaveAttribute('data-state', 'filled');
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

  describe('with { value, label } options', () => {
    it('shows the labels and restores the saved value under its label', () => {
      render(<ValueAndLabel />);
      const blank = screen.getByRole('combobox', { name: 'Blank 2' });
      expect([...blank.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['— choose —', 'switched on (expressed)', 'switched off (silenced)']);
      expect(blank).toHaveValue('down');
      expect(blank).toHaveDisplayValue('switched off (silenced)');
    });

    it('stores the value of the label the student picks', async () => {
      render(<ValueAndLabel />);
      const blank = screen.getByRole('combobox', { name: 'Blank 2' });
      await userEvent.selectOptions(blank, 'switched on (expressed)');
      expect(blank).toHaveValue('up');
      await userEvent.selectOptions(blank, '— choose —');
      expect(blank).toHaveValue('');
    });

    it('stops with a message naming the blank when an option is neither a string nor { value, label }', () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(() => render(<ValueAndLabel options={[{ value: 'up' } as never]} />)).toThrow(
        '<BlankChoice name="fillBlanks.1">: each option must be a string or { value: "…", label: "…" } (both strings); found {"value":"up"}.',
      );
      vi.restoreAllMocks();
    });
  });

  it.each([
    ['Empty', Empty],
    ['Filled', Filled],
    ['ValueAndLabel', ValueAndLabel],
  ])('has no serious accessibility violation when %s', async (_state, Story) => {
    const { container } = render(<Story />);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
