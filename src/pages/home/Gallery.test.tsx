import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../../engine/index.ts';
import { seriousAxeViolations } from '../../../engine/test/axe.ts';
import type { GalleryItem } from '../../site/site-data.ts';
import { Gallery, GALLERY_INTERVAL_MS } from './Gallery.tsx';

const items: GalleryItem[] = [
  {
    id: 'dnmt3a',
    title: 'DNMT3A: an enzyme that methylates DNA',
    description: 'How one enzyme marks DNA in development and in cancer.',
    media: { type: 'video', src: '/images/dnmt3a.mp4', alt: 'A rotating model of the DNMT3A enzyme', animated: true },
    link: { href: 'https://reich.chem.ucsb.edu/', label: 'Visit the Reich Lab' },
  },
  {
    id: 'macrophages',
    title: 'Macrophages against cancer',
    description: 'Harnessing immune cells for cancer therapy.',
    media: { type: 'image', src: '/images/macrophages.svg', alt: 'A macrophage engulfing a tumour cell', animated: false },
    link: { href: 'https://example.org/macrophages', label: 'Read about the Morrissey lab' },
  },
  {
    id: 'screening',
    title: 'Screening saves lives',
    description: 'Screening and prevention averted more deaths than treatment.',
    media: { type: 'image', src: '/images/screening.svg', alt: 'A chart of deaths averted', animated: false },
    link: { href: 'https://example.org/screening', label: 'Read the study' },
  },
  {
    id: 'workforce',
    title: 'Genomics needs a diverse workforce',
    description: 'Why the promise of genomics needs everyone.',
    media: { type: 'image', src: '/images/workforce.svg', alt: 'Scientists at work', animated: false },
    link: { href: 'https://doi.org/10.1016/j.ajhg.2020.12.013', label: 'Read the article' },
  },
];

function renderGallery() {
  return render(<Gallery items={items} label="Research features" />);
}

/** The title of the slide on show (hidden slides are not in the accessibility tree). */
function shownTitle(): string {
  return screen.getByRole('group', { name: /^\d of 4$/ }).querySelector('h3')?.textContent ?? '';
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function preferReducedMotion(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes('reduce') && matches,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('gallery', () => {
  describe('structure (WAI-ARIA carousel)', () => {
    it('is a labelled carousel of four slides, one shown at a time', () => {
      renderGallery();

      const carousel = screen.getByRole('region', { name: 'Research features' });
      expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
      const slides = carousel.querySelectorAll('[aria-roledescription="slide"]');
      expect(slides).toHaveLength(4);
      expect([...slides].map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 of 4', '2 of 4', '3 of 4', '4 of 4']);
      expect(screen.getByRole('group', { name: '1 of 4' })).toBeVisible();
      expect(shownTitle()).toBe('DNMT3A: an enzyme that methylates DNA');
    });

    it('has a pause button first, Previous and Next, and a labelled picker per slide', () => {
      renderGallery();

      const buttons = within(screen.getByRole('region', { name: 'Research features' })).getAllByRole('button');
      expect(buttons[0]).toHaveAccessibleName('Pause slide show');
      expect(screen.getByRole('button', { name: 'Previous slide' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Next slide' })).toBeInTheDocument();
      const pickers = within(screen.getByRole('group', { name: 'Choose a slide' })).getAllByRole('button');
      expect(pickers.map((picker) => picker.getAttribute('aria-label'))).toEqual([
        'Slide 1 of 4: DNMT3A: an enzyme that methylates DNA',
        'Slide 2 of 4: Macrophages against cancer',
        'Slide 3 of 4: Screening saves lives',
        'Slide 4 of 4: Genomics needs a diverse workforce',
      ]);
      expect(pickers[0]).toHaveAttribute('aria-current', 'true');
    });

    it('opens each feature link in a new tab', () => {
      renderGallery();

      const link = screen.getByRole('link', { name: /Visit the Reich Lab/ });
      expect(link).toHaveAttribute('href', 'https://reich.chem.ucsb.edu/');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    });

    it('has no serious accessibility violation', async () => {
      vi.useRealTimers();
      renderGallery();

      expect(await seriousAxeViolations(document.body)).toEqual([]);
    });
  });

  describe('auto-advance', () => {
    it('moves to the next slide every 10 s', () => {
      renderGallery();

      advance(GALLERY_INTERVAL_MS - 1);
      expect(shownTitle()).toBe('DNMT3A: an enzyme that methylates DNA');
      advance(1);
      expect(shownTitle()).toBe('Macrophages against cancer');
      advance(GALLERY_INTERVAL_MS);
      expect(shownTitle()).toBe('Screening saves lives');
    });

    it('loops from the last slide back to the first', () => {
      renderGallery();

      advance(GALLERY_INTERVAL_MS);
      advance(GALLERY_INTERVAL_MS);
      advance(GALLERY_INTERVAL_MS);
      expect(shownTitle()).toBe('Genomics needs a diverse workforce');
      advance(GALLERY_INTERVAL_MS);
      expect(shownTitle()).toBe('DNMT3A: an enzyme that methylates DNA');
    });

    it('keeps the slide changes quiet for screen readers while rotating', () => {
      const { container } = renderGallery();

      expect(container.querySelector('[aria-live]')).toHaveAttribute('aria-live', 'off');
    });
  });

  describe('a slide picker', () => {
    it('jumps to its slide and restarts the 10 s', () => {
      renderGallery();
      advance(6000);

      fireEvent.click(screen.getByRole('button', { name: /^Slide 3 of 4/ }));

      expect(shownTitle()).toBe('Screening saves lives');
      expect(screen.getByRole('button', { name: /^Slide 3 of 4/ })).toHaveAttribute('aria-current', 'true');
      advance(6000);
      expect(shownTitle()).toBe('Screening saves lives');
      advance(GALLERY_INTERVAL_MS - 6000);
      expect(shownTitle()).toBe('Genomics needs a diverse workforce');
    });

    it('restarts the 10 s even on the slide already shown', () => {
      renderGallery();
      advance(8000);

      fireEvent.click(screen.getByRole('button', { name: /^Slide 1 of 4/ }));
      advance(8000);

      expect(shownTitle()).toBe('DNMT3A: an enzyme that methylates DNA');
      advance(2000);
      expect(shownTitle()).toBe('Macrophages against cancer');
    });

    it('Previous and Next step through the slides in a loop', () => {
      renderGallery();

      fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
      expect(shownTitle()).toBe('Genomics needs a diverse workforce');
      fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
      expect(shownTitle()).toBe('DNMT3A: an enzyme that methylates DNA');
    });
  });

  describe('pausing', () => {
    it('pauses while the mouse is over the carousel and resumes when it leaves', () => {
      renderGallery();
      const carousel = screen.getByRole('region', { name: 'Research features' });

      fireEvent.pointerOver(screen.getByRole('heading', { name: 'DNMT3A: an enzyme that methylates DNA' }), { pointerType: 'mouse' });
      advance(3 * GALLERY_INTERVAL_MS);
      expect(shownTitle()).toBe('DNMT3A: an enzyme that methylates DNA');

      fireEvent.pointerOut(carousel, { pointerType: 'mouse', relatedTarget: document.body });
      advance(GALLERY_INTERVAL_MS);
      expect(shownTitle()).toBe('Macrophages against cancer');
    });

    it('pauses while keyboard focus is inside and resumes when it leaves', () => {
      render(
        <>
          <Gallery items={items} label="Research features" />
          <button type="button">Outside</button>
        </>,
      );

      act(() => screen.getByRole('button', { name: 'Next slide' }).focus());
      advance(3 * GALLERY_INTERVAL_MS);
      expect(shownTitle()).toBe('DNMT3A: an enzyme that methylates DNA');
      expect(document.querySelector('[aria-live]')).toHaveAttribute('aria-live', 'polite');

      act(() => screen.getByRole('button', { name: 'Outside' }).focus());
      advance(GALLERY_INTERVAL_MS);
      expect(shownTitle()).toBe('Macrophages against cancer');
    });

    it('keeps rotating after a picker is clicked with the mouse, once the mouse has left', () => {
      renderGallery();
      const carousel = screen.getByRole('region', { name: 'Research features' });
      const picker = screen.getByRole('button', { name: /^Slide 2 of 4/ });

      fireEvent.pointerOver(picker, { pointerType: 'mouse' });
      fireEvent.pointerDown(picker, { pointerType: 'mouse' });
      act(() => picker.focus());
      fireEvent.pointerUp(picker, { pointerType: 'mouse' });
      fireEvent.click(picker);
      expect(picker).toHaveFocus();
      fireEvent.pointerOut(carousel, { pointerType: 'mouse', relatedTarget: document.body });
      advance(GALLERY_INTERVAL_MS);

      expect(shownTitle()).toBe('Screening saves lives');
    });

    it('keeps rotating while only the pause button has focus', () => {
      renderGallery();

      act(() => screen.getByRole('button', { name: 'Pause slide show' }).focus());
      advance(GALLERY_INTERVAL_MS);

      expect(shownTitle()).toBe('Macrophages against cancer');
    });

    it('stops with the Pause button until Play is pressed', () => {
      renderGallery();

      fireEvent.click(screen.getByRole('button', { name: 'Pause slide show' }));
      advance(3 * GALLERY_INTERVAL_MS);
      expect(shownTitle()).toBe('DNMT3A: an enzyme that methylates DNA');

      fireEvent.click(screen.getByRole('button', { name: 'Play slide show' }));
      advance(GALLERY_INTERVAL_MS);
      expect(shownTitle()).toBe('Macrophages against cancer');
    });

    it('plays the feature video only while rotating', () => {
      const { container } = renderGallery();
      const play = vi.mocked(HTMLMediaElement.prototype.play);
      const pause = vi.mocked(HTMLMediaElement.prototype.pause);
      expect(container.querySelector('video')).toHaveAttribute('aria-label', 'A rotating model of the DNMT3A enzyme');
      expect(play).toHaveBeenCalled();

      fireEvent.click(screen.getByRole('button', { name: 'Pause slide show' }));

      expect(pause).toHaveBeenCalled();
    });
  });

  describe('when the student prefers reduced motion', () => {
    it('does not rotate, and offers Play', () => {
      preferReducedMotion(true);
      renderGallery();

      advance(3 * GALLERY_INTERVAL_MS);

      expect(shownTitle()).toBe('DNMT3A: an enzyme that methylates DNA');
      expect(screen.getByRole('button', { name: 'Play slide show' })).toBeInTheDocument();
      expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();
    });

    it('rotates once the student presses Play', () => {
      preferReducedMotion(true);
      renderGallery();

      fireEvent.click(screen.getByRole('button', { name: 'Play slide show' }));
      advance(GALLERY_INTERVAL_MS);

      expect(shownTitle()).toBe('Macrophages against cancer');
    });

    it('still lets the pickers change the slide', () => {
      preferReducedMotion(true);
      renderGallery();

      fireEvent.click(screen.getByRole('button', { name: /^Slide 4 of 4/ }));

      expect(shownTitle()).toBe('Genomics needs a diverse workforce');
    });
  });

  describe('in Spanish', () => {
    afterEach(async () => {
      await act(() => activateLocale('en'));
    });

    it('names its controls, its slides and their places in Spanish once the student switches', async () => {
      vi.useRealTimers();
      renderGallery();

      await act(() => activateLocale('es'));

      const carousel = screen.getByRole('region', { name: 'Research features' });
      expect(carousel).toHaveAttribute('aria-roledescription', 'carrusel');
      expect(screen.getByRole('group', { name: '1 de 4' })).toHaveAttribute('aria-roledescription', 'diapositiva');
      expect(within(carousel).getAllByRole('button')[0]).toHaveAccessibleName('Pausar la presentación');
      expect(screen.getByRole('button', { name: 'Diapositiva siguiente' })).toBeInTheDocument();
      const pickers = within(screen.getByRole('group', { name: 'Elige una diapositiva' })).getAllByRole('button');
      expect(pickers[2]).toHaveAccessibleName('Diapositiva 3 de 4: Screening saves lives');
    });
  });
});
