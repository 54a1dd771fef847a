import { composeStories } from '@storybook/react-vite';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkFramesFromOutside, expectAxeClean } from '../../test/axe.ts';
import { EMBED_BLOCKED_WARNING_MS } from './EmbedPanel.tsx';
import * as stories from './EmbedPanel.stories.tsx';

const EMBED_BLOCKED_MESSAGE = 'This site may block embeds in iframes';
const EMBED_OFFLINE_MESSAGE = 'You are offline. The lesson keeps your answers; this activity needs the internet.';

const { Loading, Loaded, Blocked, Offline, Video } = composeStories(stories);
const TITLE = 'PhET: Gene Expression Essentials';
const SIMULATION = 'https://phet.colorado.edu/sims/html/gene-expression-essentials/latest/gene-expression-essentials_en.html';

const frame = () => screen.getByTitle(TITLE);
const message = () => screen.getByRole('status');

describe('EmbedPanel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  // fireEvent, not user-event: clicks stay synchronous under fake timers, so the 3.5 s clock is exact.

  describe('while the frame loads', () => {
    it('shows the title, Reload, Open in new tab, and a frame named by the title', () => {
      render(<Loading />);
      expect(screen.getByRole('region', { name: TITLE })).toHaveTextContent(TITLE);
      expect(screen.getByRole('button', { name: `Reload ${TITLE}` })).toHaveAttribute('type', 'button');
      const link = screen.getByRole('link', { name: `Open in new tab: ${TITLE}` });
      expect(link).toHaveAttribute('href', SIMULATION);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(frame()).toHaveAttribute('src', SIMULATION);
      expect(frame()).toHaveAttribute('loading', 'lazy');
      expect(frame()).toHaveAttribute('allowfullscreen');
      expect(frame()).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
      expect(frame().parentElement).toHaveStyle({ height: '320px' });
    });

    it('covers the frame with a loading message', () => {
      render(<Loading />);
      expect(message()).toHaveTextContent(`Loading ${TITLE}…`);
    });

    it('clears the overlay when the frame loads', () => {
      render(<Loaded />);
      fireEvent.load(frame());
      expect(message()).toBeEmptyDOMElement();
      act(() => vi.advanceTimersByTime(EMBED_BLOCKED_WARNING_MS * 2));
      expect(screen.queryByText(EMBED_BLOCKED_MESSAGE)).not.toBeInTheDocument();
    });

    it('re-creates the frame on Reload', () => {
      render(<Loaded />);
      const first = frame();
      fireEvent.load(first);
      fireEvent.click(screen.getByRole('button', { name: `Reload ${TITLE}` }));
      expect(frame()).not.toBe(first);
      expect(message()).toHaveTextContent(`Loading ${TITLE}…`);
    });
  });

  describe('when the frame has not loaded after 3.5 s', () => {
    it('warns that the site may block embeds, not a moment before', () => {
      render(<Blocked />);
      act(() => vi.advanceTimersByTime(EMBED_BLOCKED_WARNING_MS - 1));
      expect(screen.queryByText(EMBED_BLOCKED_MESSAGE)).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(message()).toHaveTextContent(new RegExp(`^${EMBED_BLOCKED_MESSAGE}$`));
      expect(screen.getByRole('button', { name: 'Try again' })).toHaveAttribute('type', 'button');
      expect(screen.getAllByRole('link', { name: /^Open in new tab/ })).toHaveLength(2);
    });

    it('tries again with a new frame, and warns again 3.5 s later', () => {
      render(<Blocked />);
      act(() => vi.advanceTimersByTime(EMBED_BLOCKED_WARNING_MS));
      const first = frame();
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(frame()).not.toBe(first);
      expect(message()).toHaveTextContent(`Loading ${TITLE}…`);
      act(() => vi.advanceTimersByTime(EMBED_BLOCKED_WARNING_MS));
      expect(message()).toHaveTextContent(EMBED_BLOCKED_MESSAGE);
    });

    it('clears the warning if the frame loads after all', () => {
      render(<Loaded />);
      act(() => vi.advanceTimersByTime(EMBED_BLOCKED_WARNING_MS));
      fireEvent.load(frame());
      expect(message()).toBeEmptyDOMElement();
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    });
  });

  describe('when the browser is offline', () => {
    beforeEach(() => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    });

    it('says so at once, without a frame', () => {
      render(<Offline />);
      expect(message()).toHaveTextContent(EMBED_OFFLINE_MESSAGE);
      expect(screen.queryByTitle(TITLE)).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(EMBED_BLOCKED_WARNING_MS));
      expect(message()).toHaveTextContent(EMBED_OFFLINE_MESSAGE);
    });

    it('loads the frame by itself when the connection comes back', () => {
      render(<Offline />);
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(frame()).toBeInTheDocument();
      expect(message()).toHaveTextContent(`Loading ${TITLE}…`);
    });

    it('stays offline when Try again is pressed while still offline', () => {
      render(<Offline />);
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(message()).toHaveTextContent(EMBED_OFFLINE_MESSAGE);
    });
  });

  it('is 16:9 for a video', () => {
    render(<Video />);
    expect(screen.getByTitle('Amoeba Sisters: Gene Regulation and the Operon').parentElement).toHaveStyle({ aspectRatio: '16 / 9' });
  });

  describe('has no serious accessibility violation', () => {
    beforeEach(checkFramesFromOutside);

    it('when Loading', async () => {
      const { container } = render(<Loading />);
      await expectAxeClean(container);
    });

    it('when Loaded', async () => {
      const { container } = render(<Loaded />);
      fireEvent.load(frame());
      await expectAxeClean(container);
    });

    it('when Blocked', async () => {
      const { container } = render(<Blocked />);
      act(() => vi.advanceTimersByTime(EMBED_BLOCKED_WARNING_MS));
      expect(message()).toHaveTextContent(EMBED_BLOCKED_MESSAGE);
      await expectAxeClean(container);
    });

    it('when Offline', async () => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      const { container } = render(<Offline />);
      await expectAxeClean(container);
    });
  });
});
