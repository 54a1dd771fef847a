import { composeStories } from '@storybook/react-vite';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkFramesFromOutside, expectAxeClean } from '../../test/axe.ts';
import { ATLAS_FRAME_HEIGHT_PX, ATLAS_HINT_MS, AtlasViewer, AtlasViewerPropsError, atlasUrlFor } from './AtlasViewer.tsx';
import * as stories from './AtlasViewer.stories.tsx';

const EMBED_OFFLINE_MESSAGE = 'You are offline. The lesson keeps your answers; this activity needs the internet.';
const ATLAS_BLOCKED_HINT = 'Still loading? Your browser may block the Protein Atlas inside this page. Use “Open on Protein Atlas” instead.';

// The stories' play functions (Loaded, GeneChanged) run in Storybook; here the tests do the same by hand.
const { Loading, Loaded, Blocked, GeneChanged, WithoutQuickLinks, NarrowScreen } = composeStories(stories);

const EGFR_PAGE = 'https://www.proteinatlas.org/ENSG00000146648-EGFR';
const KRAS_PAGE = 'https://www.proteinatlas.org/ENSG00000133703-KRAS';
const TDG_PAGE = 'https://www.proteinatlas.org/ENSG00000139372-TDG';
const SEARCH_PAGE = 'https://www.proteinatlas.org/search/EGFR';
const GENES = [
  { symbol: 'EGFR', label: 'EGFR', href: EGFR_PAGE },
  { symbol: 'RAS', label: 'RAS (KRAS)', href: KRAS_PAGE },
  { symbol: 'TDG', label: 'TDG', href: TDG_PAGE },
];

const geneSelector = () => screen.getByRole('combobox', { name: 'Gene' });
const frame = () => screen.getByTitle(/^Human Protein Atlas: /);
const message = () => screen.getByRole('status');
const openLink = () => screen.getByRole('link', { name: 'Open on Protein Atlas' });
const choose = (symbol: string) => fireEvent.change(geneSelector(), { target: { value: symbol } });

describe('atlasUrlFor', () => {
  it('gives the page of a listed symbol', () => {
    expect(atlasUrlFor('EGFR', GENES, SEARCH_PAGE)).toBe(EGFR_PAGE);
    expect(atlasUrlFor('RAS', GENES, SEARCH_PAGE)).toBe(KRAS_PAGE);
    expect(atlasUrlFor('TDG', GENES, SEARCH_PAGE)).toBe(TDG_PAGE);
  });

  it('compares symbols trimmed and upper-cased', () => {
    expect(atlasUrlFor(' ras ', GENES, SEARCH_PAGE)).toBe(KRAS_PAGE);
    expect(atlasUrlFor('egfr', GENES, SEARCH_PAGE)).toBe(EGFR_PAGE);
    expect(atlasUrlFor('\tTdg\n', GENES, SEARCH_PAGE)).toBe(TDG_PAGE);
    expect(atlasUrlFor('TDG', [{ symbol: ' tdg ', href: TDG_PAGE }], SEARCH_PAGE)).toBe(TDG_PAGE);
  });

  it('falls back for any other symbol', () => {
    expect(atlasUrlFor('KRAS', GENES, SEARCH_PAGE)).toBe(SEARCH_PAGE);
    expect(atlasUrlFor('TP53', GENES, SEARCH_PAGE)).toBe(SEARCH_PAGE);
    expect(atlasUrlFor('', GENES, SEARCH_PAGE)).toBe(SEARCH_PAGE);
    expect(atlasUrlFor('EGFR', [], SEARCH_PAGE)).toBe(SEARCH_PAGE);
  });
});

describe('AtlasViewer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  // fireEvent, not user-event: changes stay synchronous under fake timers, so the 5 s clock is exact.
  // No story wraps the viewer in an answers form: the chosen gene is not an answer.

  describe('at first', () => {
    it('has a "Gene" selector with EGFR, RAS and TDG, in that order, on EGFR', () => {
      render(<Loading />);
      expect(screen.getByRole('region', { name: 'Human Protein Atlas' })).toHaveTextContent('Human Protein Atlas');
      const options = within(geneSelector()).getAllByRole('option');
      expect(options.map((option) => option.textContent)).toEqual(['EGFR', 'RAS (KRAS)', 'TDG']);
      expect(options.map((option) => (option as HTMLOptionElement).value)).toEqual(['EGFR', 'RAS', 'TDG']);
      expect(geneSelector()).toHaveValue('EGFR');
    });

    it('links to the gene page on the Protein Atlas, in a new tab', () => {
      render(<Loading />);
      expect(openLink()).toHaveAttribute('href', EGFR_PAGE);
      expect(openLink()).toHaveAttribute('target', '_blank');
      expect(openLink().getAttribute('rel')).toMatch(/\bnoopener\b/);
    });

    it('has quick links to sections of the gene page, in a new tab', () => {
      render(<Loading />);
      const list = screen.getByRole('list', { name: 'Quick links for EGFR:' });
      const tissue = within(list).getByRole('link', { name: 'Tissue: EGFR' });
      const singleCell = within(list).getByRole('link', { name: 'Single cell: EGFR' });
      expect(tissue).toHaveAttribute('href', `${EGFR_PAGE}/tissue`);
      expect(singleCell).toHaveAttribute('href', `${EGFR_PAGE}/single+cell`);
      for (const link of [tissue, singleCell]) {
        expect(link).toHaveAttribute('target', '_blank');
        expect(link.getAttribute('rel')).toMatch(/\bnoopener\b/);
      }
    });

    it('has no quick links when the lesson gives none', () => {
      render(<WithoutQuickLinks />);
      expect(screen.queryByRole('list')).not.toBeInTheDocument();
      expect(screen.getAllByRole('link')).toEqual([openLink()]);
    });

    it('shows the gene page in a frame 900 px high', () => {
      render(<Loading />);
      expect(frame()).toHaveAccessibleName('Human Protein Atlas: EGFR');
      expect(frame()).toHaveAttribute('src', EGFR_PAGE);
      expect(frame().parentElement).toHaveStyle({ height: `${ATLAS_FRAME_HEIGHT_PX}px` });
      expect(ATLAS_FRAME_HEIGHT_PX).toBe(900);
    });

    it('takes another height from the lesson', () => {
      render(<Loading height={600} />);
      expect(frame().parentElement).toHaveStyle({ height: '600px' });
    });

    it('covers the frame with a loading message until it loads', () => {
      render(<Loading />);
      expect(message()).toHaveTextContent('Loading Human Protein Atlas: EGFR…');
      fireEvent.load(frame());
      expect(message()).toBeEmptyDOMElement();
      act(() => vi.advanceTimersByTime(ATLAS_HINT_MS * 2));
      expect(message()).toBeEmptyDOMElement();
    });
  });

  describe('when the frame has not loaded after 5 s', () => {
    it('hints that the browser may block the embed, not at 4.9 s', () => {
      render(<Loading />);
      act(() => vi.advanceTimersByTime(4900));
      expect(message()).toHaveTextContent('Loading Human Protein Atlas: EGFR…');
      expect(screen.queryByText(ATLAS_BLOCKED_HINT)).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(100));
      expect(message()).toHaveTextContent(ATLAS_BLOCKED_HINT);
      expect(message()).toHaveTextContent('Your browser may block the Protein Atlas inside this page. Use “Open on Protein Atlas” instead.');
      expect(ATLAS_HINT_MS).toBe(5000);
    });

    it('tries again with a new frame, and hints again 5 s later', () => {
      render(<Loading />);
      act(() => vi.advanceTimersByTime(ATLAS_HINT_MS));
      const first = frame();
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(frame()).not.toBe(first);
      expect(message()).toHaveTextContent('Loading Human Protein Atlas: EGFR…');
      act(() => vi.advanceTimersByTime(ATLAS_HINT_MS));
      expect(message()).toHaveTextContent(ATLAS_BLOCKED_HINT);
    });

    it('clears the hint if the frame loads after all', () => {
      render(<Loading />);
      act(() => vi.advanceTimersByTime(ATLAS_HINT_MS));
      fireEvent.load(frame());
      expect(message()).toBeEmptyDOMElement();
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    });

    it('takes another wait from the lesson', () => {
      render(<Loading hintAfterMs={2000} />);
      act(() => vi.advanceTimersByTime(2000));
      expect(message()).toHaveTextContent(ATLAS_BLOCKED_HINT);
    });
  });

  describe('when the student chooses another gene', () => {
    it('points the frame, the link and the quick links to its page, and shows the loading overlay again', () => {
      render(<Loaded />);
      const first = frame();
      fireEvent.load(first);
      expect(message()).toBeEmptyDOMElement();

      choose('RAS');
      expect(geneSelector()).toHaveValue('RAS');
      expect(frame()).not.toBe(first);
      expect(frame()).toHaveAccessibleName('Human Protein Atlas: RAS (KRAS)');
      expect(frame()).toHaveAttribute('src', KRAS_PAGE);
      expect(openLink()).toHaveAttribute('href', KRAS_PAGE);
      expect(screen.getByRole('link', { name: 'Tissue: RAS (KRAS)' })).toHaveAttribute('href', `${KRAS_PAGE}/tissue`);
      expect(screen.getByRole('link', { name: 'Single cell: RAS (KRAS)' })).toHaveAttribute('href', `${KRAS_PAGE}/single+cell`);
      expect(message()).toHaveTextContent('Loading Human Protein Atlas: RAS (KRAS)…');

      fireEvent.load(frame());
      expect(message()).toBeEmptyDOMElement();
    });

    it('gives the new page the whole 5 s before hinting', () => {
      render(<Loading />);
      act(() => vi.advanceTimersByTime(ATLAS_HINT_MS));
      expect(message()).toHaveTextContent(ATLAS_BLOCKED_HINT);
      choose('TDG');
      expect(frame()).toHaveAttribute('src', TDG_PAGE);
      expect(message()).toHaveTextContent('Loading Human Protein Atlas: TDG…');
      act(() => vi.advanceTimersByTime(4900));
      expect(message()).toHaveTextContent('Loading Human Protein Atlas: TDG…');
      act(() => vi.advanceTimersByTime(100));
      expect(message()).toHaveTextContent(ATLAS_BLOCKED_HINT);
    });
  });

  describe('when the browser is offline', () => {
    beforeEach(() => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    });

    it('says so without a frame, and keeps the link', () => {
      render(<Loading />);
      expect(message()).toHaveTextContent(EMBED_OFFLINE_MESSAGE);
      expect(screen.queryByTitle(/^Human Protein Atlas: /)).not.toBeInTheDocument();
      expect(openLink()).toHaveAttribute('href', EGFR_PAGE);
    });

    it('loads the frame by itself when the connection comes back', () => {
      render(<Loading />);
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(frame()).toHaveAttribute('src', EGFR_PAGE);
      expect(message()).toHaveTextContent('Loading Human Protein Atlas: EGFR…');
    });
  });

  describe('when the lesson gives props of the wrong shape', () => {
    beforeEach(() => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the thrown render
    });

    it('names the widget and what it expected when there are no genes', () => {
      expect(() => render(<AtlasViewer title="Atlas" genes={[]} fallbackHref={SEARCH_PAGE} />)).toThrow(
        new AtlasViewerPropsError('<AtlasViewer title="Atlas">', 'genes must be a list of at least one { symbol, label, href }', []),
      );
    });

    it('names the gene that lacks an address', () => {
      const genes = [{ symbol: 'EGFR', label: 'EGFR' }] as unknown as typeof GENES;
      expect(() => render(<AtlasViewer title="Atlas" genes={genes} fallbackHref={SEARCH_PAGE} />)).toThrow(
        '<AtlasViewer title="Atlas">: each gene must be { symbol: "…", label: "…", href: "…" } (non-empty strings); found {"symbol":"EGFR","label":"EGFR"}.',
      );
    });

    it('names the quick link that lacks a path', () => {
      const quickLinks = [{ label: 'Tissue' }] as unknown as { label: string; path: string }[];
      expect(() => render(<AtlasViewer title="Atlas" genes={GENES} fallbackHref={SEARCH_PAGE} quickLinks={quickLinks} />)).toThrow(
        '<AtlasViewer title="Atlas">: each quick link must be { label: "…", path: "/…" } (non-empty strings); found {"label":"Tissue"}.',
      );
    });
  });

  describe('has no serious accessibility violation', () => {
    beforeEach(checkFramesFromOutside);

    it.each([
      ['Loading', () => render(<Loading />).container],
      [
        'Loaded',
        () => {
          const { container } = render(<Loaded />);
          fireEvent.load(frame());
          return container;
        },
      ],
    ])('when %s', async (_state, show) => {
      await expectAxeClean(show());
    });

    it('when Blocked', async () => {
      const { container } = render(<Blocked />);
      act(() => vi.advanceTimersByTime(0));
      expect(message()).toHaveTextContent(ATLAS_BLOCKED_HINT);
      await expectAxeClean(container);
    });

    it('when the gene has changed', async () => {
      const { container } = render(<GeneChanged />);
      choose('RAS');
      await expectAxeClean(container);
    });

    it('without quick links', async () => {
      const { container } = render(<WithoutQuickLinks />);
      await expectAxeClean(container);
    });

    it('on a narrow screen', async () => {
      const { container } = render(<NarrowScreen />);
      await expectAxeClean(container);
    });

    it('when offline', async () => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      const { container } = render(<Loading />);
      await expectAxeClean(container);
    });
  });
});
