import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../engine/index.ts';
import { NewFeedbackBadge } from './CountBadge.tsx';

afterEach(async () => {
  await act(() => activateLocale('en'));
});

describe('the new feedback badge', () => {
  it('shows the sum of the pages’ new feedback, read as ", n new feedback"', () => {
    const { container } = render(<NewFeedbackBadge pages={[{ title: 'Day 1', path: '/sections/day-1', newFeedback: 2 }, { title: 'Day 2', path: '/sections/day-2' }]} />);

    expect(container).toHaveTextContent(/^, 2 new feedback$/);
  });

  it('is not there without new feedback', () => {
    const { container } = render(<NewFeedbackBadge pages={[{ title: 'Day 1', path: '/sections/day-1', newFeedback: 0 }]} />);

    expect(container).toBeEmptyDOMElement();
  });

  it('counts in Spanish once the student switches, one comment or several', async () => {
    await act(() => activateLocale('es'));

    const one = render(<NewFeedbackBadge pages={[{ title: 'Día 1', path: '/sections/day-1', newFeedback: 1 }]} />);
    expect(one.container).toHaveTextContent(/^, 1 comentario nuevo$/);
    const three = render(<NewFeedbackBadge pages={[{ title: 'Día 1', path: '/sections/day-1', newFeedback: 3 }]} />);
    expect(three.container).toHaveTextContent(/^, 3 comentarios nuevos$/);
  });
});
