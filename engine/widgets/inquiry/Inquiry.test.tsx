import { composeStories } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../../test/axe.ts';
import * as stories from './Inquiry.stories.tsx';

const { Closed } = composeStories(stories);

describe('Inquiry', () => {
  it('hides each answer until its question is pressed, then shows it', async () => {
    render(<Closed />);
    const question = screen.getByRole('button', { name: 'What happens when a repressor sits on the operator?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/RNA polymerase cannot get past it/)).not.toBeInTheDocument();
    await userEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/RNA polymerase cannot get past it/)).toBeVisible();
  });

  it('opens from the keyboard, and several answers may be open at once', async () => {
    render(<Closed />);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(2);
  });

  it('has no serious accessibility violation, closed or open', async () => {
    const { container } = render(<Closed />);
    expect(await seriousAxeViolations(container)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: /repressor/ }));
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
