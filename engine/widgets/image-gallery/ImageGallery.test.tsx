import { composeStories } from '@storybook/react-vite';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../../test/axe.ts';
import { ImageGallery } from './ImageGallery.tsx';
import * as stories from './ImageGallery.stories.tsx';

const { GeneCards, PatientCards, OpenedImage, KeyboardOnly, NarrowScreen } = composeStories(stories);
const MYC_ALT = 'MYC is much higher in the tumour than in healthy tissue for all four people: the tumour bars are about three times the height of the healthy ones.';

async function openMyc() {
  const user = userEvent.setup();
  render(<GeneCards />);
  const card = screen.getByRole('button', { name: 'Open MYC full size' });
  await user.click(card);
  return { user, card, dialog: await screen.findByRole('dialog', { name: 'MYC' }) };
}

describe('ImageGallery', () => {
  describe('closed', () => {
    it('is a region named by its label holding one button per image, named "Open {caption} full size"', () => {
      render(<GeneCards />);
      const gallery = screen.getByRole('region', { name: 'Gene cards' });
      const cards = within(gallery).getAllByRole('button');
      expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(
        ['HK1', 'GAPDH', 'BRCA1', 'BRCA2', 'TP53', 'MYC'].map((gene) => `Open ${gene} full size`),
      );
      for (const card of cards) expect(card).toHaveAttribute('type', 'button');
      expect(within(gallery).getAllByRole('listitem')).toHaveLength(6);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('shows each image with its size, so the card keeps its shape while it loads, and the caption', () => {
      render(<GeneCards />);
      const card = screen.getByRole('button', { name: 'Open HK1 full size' });
      const image = card.querySelector('img');
      expect(image).toHaveAttribute('src', '/images/expression/gene-hk1.svg');
      expect(image).toHaveAttribute('width', '480');
      expect(image).toHaveAttribute('height', '400');
      expect(card).toHaveTextContent('HK1');
    });

    it('holds three patient cards', () => {
      render(<PatientCards />);
      const gallery = screen.getByRole('region', { name: 'Patient cards' });
      expect(within(gallery).getAllByRole('button').map((card) => card.textContent)).toEqual([
        'Patient Case 1Full size',
        'Patient Case 2Full size',
        'Patient Case 3Full size',
      ]);
    });

    it('keeps a card its shape when the image has no size given', () => {
      render(<ImageGallery label="Cards" images={[{ src: '/a.png', alt: 'A chart', caption: 'A' }]} />);
      expect(screen.getByRole('button', { name: 'Open A full size' }).querySelector('img')).toHaveStyle({ aspectRatio: 'auto 4 / 3' });
    });
  });

  describe('opened', () => {
    it('shows the full image, named by its alt text, with the caption after it', async () => {
      const { dialog } = await openMyc();
      const image = within(dialog).getByRole('img', { name: MYC_ALT });
      expect(image).toHaveAttribute('src', '/images/expression/gene-myc.svg');
      const caption = within(dialog).getByText('MYC', { selector: 'figcaption' });
      expect(within(dialog).getByRole('figure')).toContainElement(image);
      // 480 × 400: the zoomable viewer sizes the image from this shape.
      expect(within(dialog).getByRole('toolbar', { name: 'Zoom' }).parentElement?.style.getPropertyValue('--zoomable-image-ratio')).toBe('1.2');
      expect(image.compareDocumentPosition(caption) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });

    it('closes with Escape and gives focus back to the card', async () => {
      const { user, card } = await openMyc();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await waitFor(() => expect(card).toHaveFocus());
    });

    it('closes with the Close button', async () => {
      const { user, card, dialog } = await openMyc();
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await waitFor(() => expect(card).toHaveFocus());
    });

    it('closes with a click on the backdrop', async () => {
      const { user, card } = await openMyc();
      await user.click(screen.getByTestId('overlay-backdrop'));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(card).toHaveFocus());
    });
  });

  describe('stories', () => {
    it('OpenedImage opens the MYC card', async () => {
      const { container } = render(<OpenedImage />);
      await OpenedImage.play?.({ canvasElement: container });
      expect(await screen.findByRole('dialog', { name: 'MYC' })).toBeInTheDocument();
    });

    it('KeyboardOnly opens a card with Enter and closes it with Escape', async () => {
      const { container } = render(<KeyboardOnly />);
      await KeyboardOnly.play?.({ canvasElement: container });
      await waitFor(() => expect(screen.getByRole('button', { name: 'Open GAPDH full size' })).toHaveFocus());
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('NarrowScreen shows the six cards', () => {
      render(<NarrowScreen />);
      expect(screen.getAllByRole('button', { name: /full size$/ })).toHaveLength(6);
    });
  });

  describe('authoring mistakes', () => {
    it('names the gallery and the image that lacks alt text', () => {
      expect(() => render(<ImageGallery label="Cards" images={[{ src: '/a.png', alt: '', caption: 'A' }]} />)).toThrow(
        '<ImageGallery label="Cards">: image 1 needs "alt" text saying what the image shows; found {"src":"/a.png","alt":"","caption":"A"}.',
      );
    });

    it('refuses an empty gallery', () => {
      expect(() => render(<ImageGallery label="Cards" images={[]} />)).toThrow('<ImageGallery label="Cards">: needs `images`: a list of { src, alt, caption }; found [].');
    });

    it('refuses a width without a height', () => {
      expect(() => render(<ImageGallery label="Cards" images={[{ src: '/a.png', alt: 'A chart', caption: 'A', width: 480 }]} />)).toThrow(
        /image 1: "width" and "height" go together/,
      );
    });
  });

  describe('accessibility', () => {
    it('has no serious violation when closed', async () => {
      const { container } = render(<GeneCards />);
      expect(await seriousAxeViolations(container)).toEqual([]);
    });

    it('has no serious violation when open', async () => {
      const { dialog } = await openMyc();
      expect(await seriousAxeViolations(dialog)).toEqual([]);
    });

    it('has no serious violation for the patient cards', async () => {
      const { container } = render(<PatientCards />);
      expect(await seriousAxeViolations(container)).toEqual([]);
    });
  });
});
