import type { CSSProperties } from 'react';
import messages from '../../../content/locales/en/engine.json';
import { useMessages } from '../../i18n/messages.ts';
import { ZoomableImage } from '../image-overlay/ZoomableImage.tsx';
import { OverlayDialog } from '../overlay/OverlayDialog.tsx';
import './ImageGallery.css';

/** One image of an {@link ImageGallery}, as written in MDX. */
export interface GalleryImage {
  /** The image's address, e.g. `/images/cards/card-1.svg`. */
  src: string;
  /** What the image shows, for anyone who cannot see it: the pattern in words, not "chart". */
  alt: string;
  /** A short name shown under the card and under the full-size image, e.g. "Card 1". Names the card's button. */
  caption: string;
  /** The image's intrinsic width in px. With `height`, the card keeps its shape before the image loads. */
  width?: number;
  /** The image's intrinsic height in px. */
  height?: number;
}

export interface ImageGalleryProps {
  /** The gallery's accessible name, e.g. "Results cards": the list of cards is a region with this name. */
  label: string;
  /** The cards, in reading order (at least one). */
  images: readonly GalleryImage[];
}

/** Thrown when `<ImageGallery>` is written wrongly in MDX: an authoring mistake, named with what was found. */
export class ImageGalleryError extends Error {
  constructor(label: unknown, problem: string) {
    super(`<ImageGallery label=${JSON.stringify(label) ?? String(label)}>: ${problem}`);
    this.name = 'ImageGalleryError';
  }
}

/** The card's shape for an image without `width` and `height` (the viewer then uses the image's own). */
const FALLBACK_ASPECT_RATIO_CSS = 'auto 4 / 3';

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function positiveNumberOrMissing(value: unknown): boolean {
  return value === undefined || (typeof value === 'number' && Number.isFinite(value) && value > 0);
}

function checkProps(label: unknown, images: unknown): asserts images is readonly GalleryImage[] {
  if (!nonEmptyString(label)) throw new ImageGalleryError(label, 'needs a `label` naming the gallery, e.g. label="Results cards".');
  if (!Array.isArray(images) || images.length === 0) {
    throw new ImageGalleryError(label, `needs \`images\`: a list of { src, alt, caption }; found ${JSON.stringify(images) ?? String(images)}.`);
  }
  images.forEach((image: unknown, index) => {
    const found = JSON.stringify(image) ?? String(image);
    const { src, alt, caption, width, height } = (typeof image === 'object' && image !== null ? image : {}) as Record<string, unknown>;
    const where = `image ${index + 1}`;
    if (!nonEmptyString(src)) throw new ImageGalleryError(label, `${where} needs a "src" (the image's address); found ${found}.`);
    if (!nonEmptyString(alt)) throw new ImageGalleryError(label, `${where} needs "alt" text saying what the image shows; found ${found}.`);
    if (!nonEmptyString(caption)) throw new ImageGalleryError(label, `${where} needs a "caption" (it names the card's button); found ${found}.`);
    if (!positiveNumberOrMissing(width) || !positiveNumberOrMissing(height) || (width === undefined) !== (height === undefined)) {
      throw new ImageGalleryError(label, `${where}: "width" and "height" go together, as numbers of px above 0; found ${found}.`);
    }
  });
}

/**
 * A labelled grid of image cards, each opening its image full size in a dialog, such as Day 3's gene and
 * patient cards (docs/requirements.md#overlays).
 *
 * Each card is a button named "Open {caption} full size" showing the image (sized from its own
 * dimensions, or `width` × `height` when given, so nothing jumps as it loads) and its caption; a card's
 * image downloads only once the page scrolls near it (`loading="lazy"`). The dialog
 * (the shared {@link OverlayDialog}) shows the image as large as the screen allows, zoomable and pannable
 * ({@link ZoomableImage}: buttons, + / - / 0 and arrow keys, pinch and drag;
 * docs/design.md#things-that-float), with its caption under it, takes the whole screen at 600 px wide or
 * less, and closes with its Close button, a click on the backdrop or Escape; focus then returns to the
 * card that opened it. The grid has three columns at most, two on a tablet and one on a phone. The
 * engine's own texts (the card's name and hint, the dialog's description) are `imageGallery.*` and
 * `zoomableImage.dialogDescription` in content/locales/LOCALE/engine.json.
 *
 * @throws ImageGalleryError when `label` is empty, `images` is empty or not a list, an image lacks a
 *   `src`, `alt` or `caption`, or `width`/`height` are not both positive numbers
 * @example
 * <ImageGallery label="Results cards" images={[
 *   { src: "/images/cards/card-1.svg", alt: "Card 1 shows…", caption: "Card 1", width: 480, height: 400 },
 * ]} />
 */
export function ImageGallery({ label, images }: ImageGalleryProps) {
  checkProps(label, images);
  return (
    <section className="image-gallery" aria-label={label}>
      <ul className="image-gallery__grid" role="list">
        {images.map((image, index) => (
          <li key={`${index}:${image.src}`} className="image-gallery__item">
            <GalleryCard image={image} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function GalleryCard({ image }: { image: GalleryImage }) {
  const { src, alt, caption, width, height } = image;
  const hasSize = width !== undefined && height !== undefined;
  const cardStyle: CSSProperties | undefined = hasSize ? undefined : { aspectRatio: FALLBACK_ASPECT_RATIO_CSS };
  const t = useMessages(messages);
  return (
    <OverlayDialog
      trigger={
        <button type="button" className="image-gallery__card" aria-label={t('imageGallery.openLabel', { caption })}>
          <img
            className="image-gallery__card-image"
            src={src}
            alt=""
            width={width}
            height={height}
            style={cardStyle}
            loading="lazy"
            decoding="async"
          />
          <span className="image-gallery__card-text">
            <span className="image-gallery__caption">{caption}</span>
            <span className="image-gallery__hint">{t('imageGallery.fullSize')}</span>
          </span>
        </button>
      }
      title={caption}
      hideTitle
      description={t('zoomableImage.dialogDescription')}
      hideDescription
      fullScreenOnPhone
    >
      <ZoomableImage className="image-gallery__viewer" src={src} alt={alt} width={width} height={height} caption={caption} />
    </OverlayDialog>
  );
}
