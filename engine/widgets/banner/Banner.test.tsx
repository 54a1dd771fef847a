import { composeStories } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seriousAxeViolations } from '../../test/axe.ts';
import { Banner } from './Banner.tsx';
import * as stories from './Banner.stories.tsx';

const { Visible, Dismissed, InfoTone, KeyboardOnly, NarrowScreen } = composeStories(stories);
const KEY = 'helix:banner-dismissed:heads-up';

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

/** Renders a story after its loaders have set session storage, as a page load would find it. */
async function renderLoaded(Story: typeof Visible) {
  await Story.load();
  return render(<Story />);
}

describe('Banner', () => {
  it('is a region named by its title, with the notice and an "I understand" button', async () => {
    await renderLoaded(Visible);
    const banner = screen.getByRole('region', { name: 'Heads up' });
    expect(banner).toHaveTextContent('do not paste answers from AI tools');
    expect(screen.getByRole('button', { name: 'I understand' })).toBeInTheDocument();
  });

  describe('when dismissed', () => {
    it('hides and remembers the dismissal in session storage', async () => {
      await renderLoaded(Visible);
      await userEvent.click(screen.getByRole('button', { name: 'I understand' }));
      expect(screen.queryByRole('region', { name: 'Heads up' })).not.toBeInTheDocument();
      expect(sessionStorage.getItem(KEY)).toBe('true');
    });

    it('stays hidden on reload in the same session, and is back once the session storage is cleared', async () => {
      const first = await renderLoaded(Visible);
      await userEvent.click(screen.getByRole('button', { name: 'I understand' }));
      first.unmount();

      const reload = render(<Visible />);
      expect(screen.queryByRole('region', { name: 'Heads up' })).not.toBeInTheDocument();
      reload.unmount();

      sessionStorage.clear();
      render(<Visible />);
      expect(screen.getByRole('region', { name: 'Heads up' })).toBeInTheDocument();
    });

    it('leaves focus at its former place, so the next Tab reaches what followed it (keyboard only)', async () => {
      const { container } = await renderLoaded(KeyboardOnly);
      await KeyboardOnly.play!({ canvasElement: container } as Parameters<NonNullable<typeof KeyboardOnly.play>>[0]);
      expect(screen.getByRole('link', { name: 'Jump to the plan' })).toHaveFocus();
      expect(sessionStorage.getItem(KEY)).toBe('true');
    });

    it('can be dismissed with Space as well as Enter', async () => {
      await renderLoaded(Visible);
      await userEvent.tab();
      expect(screen.getByRole('button', { name: 'I understand' })).toHaveFocus();
      await userEvent.keyboard(' ');
      expect(screen.queryByRole('region', { name: 'Heads up' })).not.toBeInTheDocument();
      expect(document.activeElement).not.toBe(document.body);
    });
  });

  it('shows nothing on a fresh load when it was dismissed earlier in the session', async () => {
    await renderLoaded(Dismissed);
    expect(screen.queryByRole('region', { name: 'Heads up' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I understand' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Objective' })).toBeInTheDocument();
  });

  describe('when session storage is blocked', () => {
    it('shows the banner, hides it when dismissed, and shows it again on the next load', async () => {
      vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
        throw new DOMException('blocked', 'SecurityError');
      });
      vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
        throw new DOMException('blocked', 'SecurityError');
      });
      const first = render(<Visible />);
      await userEvent.click(screen.getByRole('button', { name: 'I understand' }));
      expect(screen.queryByRole('region', { name: 'Heads up' })).not.toBeInTheDocument();
      first.unmount();
      render(<Visible />);
      expect(screen.getByRole('region', { name: 'Heads up' })).toBeInTheDocument();
    });
  });

  it('uses the info tone and its own button text', async () => {
    await renderLoaded(InfoTone);
    expect(screen.getByRole('region', { name: 'New this week' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(sessionStorage.getItem('helix:banner-dismissed:new-this-week')).toBe('true');
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('says "I understand" when the lesson gives no button text', () => {
    render(<Banner id="plain" title="Heads up" />);
    expect(screen.getByRole('button', { name: 'I understand' })).toBeInTheDocument();
  });

  it('stops with a message naming the widget when the id or title is missing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Banner id="" title="Heads up" />)).toThrow('<Banner>: needs an id, e.g. id="heads-up" (it names the banner in session storage).');
    expect(() => render(<Banner id="heads-up" title=" " />)).toThrow('<Banner>: id="heads-up" needs a title, e.g. title="Heads up".');
  });

  it.each([
    ['Visible', Visible],
    ['Dismissed', Dismissed],
    ['InfoTone', InfoTone],
    ['NarrowScreen', NarrowScreen],
  ])('has no serious accessibility violation when %s', async (_state, Story) => {
    const { container } = await renderLoaded(Story);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('has no serious accessibility violation just after dismissing, with focus on its former place', async () => {
    const { container } = await renderLoaded(Visible);
    await userEvent.click(screen.getByRole('button', { name: 'I understand' }));
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
