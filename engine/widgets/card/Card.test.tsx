import { composeStories } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../../test/axe.ts';
import * as stories from './Card.stories.tsx';

const { Info, Tip } = composeStories(stories);

describe('Card', () => {
  it('is a region named by its title, holding its text', async () => {
    const { container } = render(<Info />);
    expect(screen.getByRole('region', { name: 'Objective' })).toHaveTextContent('switches a gene on and off');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('takes its tone from the author', () => {
    render(<Tip />);
    expect(screen.getByRole('region', { name: 'Takeaways' })).toHaveAttribute('data-tone', 'tip');
  });
});
