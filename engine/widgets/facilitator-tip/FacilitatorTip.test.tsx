import { composeStories } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../../test/axe.ts';
import * as stories from './FacilitatorTip.stories.tsx';

const { Default } = composeStories(stories);

describe('FacilitatorTip', () => {
  it('is a complementary note labelled as a facilitator tip', async () => {
    const { container } = render(<Default />);
    expect(screen.getByRole('complementary', { name: 'Facilitator tip' })).toHaveTextContent('same DNA');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
