import { composeStories } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../../test/axe.ts';
import * as stories from './ThinkRespond.stories.tsx';

const { Empty, Filled, InvalidSavedValue } = composeStories(stories);

describe('ThinkRespond', () => {
  it('is a titled region with the prompt and an answer box', () => {
    render(<Empty />);
    expect(screen.getByRole('region', { name: 'Think and Respond' })).toHaveTextContent('A cell is suddenly heated');
    expect(screen.getByRole('textbox', { name: 'Think and Respond: your answer' })).toHaveValue('');
  });

  it('shows the saved answer', async () => {
    const { container } = render(<Filled />);
    expect((screen.getByRole('textbox', { name: 'Think and Respond: your answer' }) as HTMLTextAreaElement).value).toContain('Heat-shock');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('shows an empty box when the saved value is not text', () => {
    render(<InvalidSavedValue />);
    expect(screen.getByRole('textbox', { name: 'Think and Respond: your answer' })).toHaveValue('');
  });
});
