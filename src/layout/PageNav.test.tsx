import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageNav } from './PageNav.tsx';

describe('page navigation', () => {
  it('links back and next with the page titles', () => {
    render(
      <MemoryRouter>
        <PageNav back="/sections/vocabulary" backLabel="Important Vocabulary" next="/sections/day-2" nextLabel="Day 2: Understanding Cancer" />
      </MemoryRouter>,
    );

    const nav = screen.getByRole('navigation', { name: 'Lesson pages' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back.*Important Vocabulary/ })).toHaveAttribute('href', '/sections/vocabulary');
    expect(screen.getByRole('link', { name: /Next.*Day 2: Understanding Cancer/ })).toHaveAttribute('href', '/sections/day-2');
  });

  it('has no next link when none is given (Day 5)', () => {
    render(
      <MemoryRouter>
        <PageNav back="/sections/day-4" backLabel="Day 4: Expression Differences" />
      </MemoryRouter>,
    );

    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/sections/day-4');
    expect(screen.queryByRole('link', { name: /Next/ })).not.toBeInTheDocument();
  });
});
