import { composeStories } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../../test/axe.ts';
import * as stories from './SaveButton.stories.tsx';

const { Succeeds, Offline, Idle, Saving, Failed } = composeStories(stories);

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

  it('shows the button and no message before a press', () => {
    render(<Idle />);
    expect(screen.getByRole('button', { name: 'Save my work' })).toBeEnabled();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('reads "Saving…" and is busy until the server answers', async () => {
    const { container } = render(<Saving />);
    await Saving.play?.({ canvasElement: container });
    const button = screen.getByRole('button', { name: 'Saving…' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('says "Error saving. Please try again." when the save rejects as offline, and can be pressed again', async () => {
    const { container } = render(<Failed />);
    await Failed.play?.({ canvasElement: container });
    expect(screen.getByRole('alert')).toHaveTextContent('Error saving. Please try again.');
    expect(screen.getByRole('button', { name: 'Save my work' })).toBeEnabled();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
