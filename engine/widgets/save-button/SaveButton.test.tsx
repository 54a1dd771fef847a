import { composeStories } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../../test/axe.ts';
import * as stories from './SaveButton.stories.tsx';

const { Succeeds, Offline } = composeStories(stories);

describe('SaveButton', () => {
  it('saves and says "Your work has been saved!" in an alert', async () => {
    render(<Succeeds />);
    await userEvent.click(screen.getByRole('button', { name: 'Save my work' }));
    expect(await screen.findByText('Your work has been saved!')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your work has been saved!');
  });

  it('says "Error saving. Please try again." when the save fails', async () => {
    const { container } = render(<Offline />);
    await userEvent.click(screen.getByRole('button', { name: 'Save my work' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error saving. Please try again.');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
