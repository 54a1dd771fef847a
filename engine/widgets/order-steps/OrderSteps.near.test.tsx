import { composeStories } from '@storybook/react-vite';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as stories from './OrderSteps.stories.tsx';

// The drag layer (./sortable.tsx) loads when the exercise comes near the screen, or is pointed at or
// focused first: a day whose exercise is far down the page does not load and draw it while it opens.

/** The observers the exercise made, to report it near the screen as the browser would on scrolling. */
const observers: { callback: IntersectionObserverCallback; rootMargin: string | undefined; observed: Element[] }[] = [];

class FakeIntersectionObserver {
  readonly entry: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.entry = { callback, rootMargin: options?.rootMargin, observed: [] };
    observers.push(this.entry);
  }
  observe(element: Element) {
    this.entry.observed.push(element);
  }
  disconnect() {
    this.entry.observed = [];
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
}

/** Reports every observed element as within the observers' margin of the screen. */
function scrollNear() {
  for (const { callback, observed } of observers) {
    const entries = observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    if (entries.length > 0) callback(entries, {} as IntersectionObserver);
  }
}

const { Empty } = composeStories(stories);
const exercise = () => screen.getByRole('group', { name: 'Put the steps of switching a gene on in order' });
/** Long enough for the chunk to arrive had it been asked for (it arrives within a few ms in tests). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 300)));

describe('OrderSteps loads its drag layer when the exercise is near', () => {
  beforeEach(() => {
    observers.length = 0;
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('not while the exercise is far from the screen, and as soon as it comes within 800 px', async () => {
    render(<Empty />);
    await settle();
    expect(exercise()).not.toHaveAttribute('data-drag');
    expect(observers.map(({ rootMargin }) => rootMargin)).toEqual(['800px 0px']);
    act(scrollNear);
    await waitFor(() => expect(exercise()).toHaveAttribute('data-drag', 'ready'));
  });

  it('when the student points at it first', async () => {
    render(<Empty />);
    await settle();
    expect(exercise()).not.toHaveAttribute('data-drag');
    fireEvent.pointerOver(exercise());
    await waitFor(() => expect(exercise()).toHaveAttribute('data-drag', 'ready'));
  });
});
