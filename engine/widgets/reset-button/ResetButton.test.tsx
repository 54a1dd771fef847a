import { composeStories } from '@storybook/react-vite';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../../test/axe.ts';
import * as stories from './ResetButton.stories.tsx';

const { Filled } = composeStories(stories);

describe('ResetButton', () => {
  it('asks first, and clears the named fields only when confirmed', async () => {
    render(<Filled />);
    await userEvent.click(screen.getByRole('button', { name: 'Reset choices' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Clear both blanks?' });
    expect(await seriousAxeViolations(dialog)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Reset choices' }));
    expect(screen.getByRole('combobox', { name: 'Blank 1' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Blank 2' })).toHaveValue('');
  });

  it('keeps every answer when cancelled, by button or by Escape', async () => {
    render(<Filled />);
    await userEvent.click(screen.getByRole('button', { name: 'Reset choices' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reset choices' })).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Reset choices' }));
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Blank 1' })).toHaveValue('protein');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reset choices' })).toHaveFocus());
  });
});
