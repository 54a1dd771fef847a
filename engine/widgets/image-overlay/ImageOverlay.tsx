import type { CSSProperties } from 'react';
import messages from '../../../content/locales/en/engine.json';
import { useMessages } from '../../i18n/messages.ts';
import { OverlayDialog } from '../overlay/OverlayDialog.tsx';
import { ZoomableImage } from './ZoomableImage.tsx';
import './ImageOverlay.css';

export interface ImageOverlayProps {
  /** The image's address, e.g. `/images/lac-operon.svg`. */
  src: string;
  /** What the image shows, for anyone who cannot see it. Required: name the content, not "diagram". */
  alt: string;
  /** Shown under the thumbnail and under the enlarged image, and names the enlarged view for screen readers. */
  caption?: string;
  /**
   * The image's intrinsic width in px. With `height`, the thumbnail reserves the image's shape before
   * it loads (so nothing jumps) and is never drawn wider than this, nor taller than the screen less
   * 160 px. Without them the thumbnail takes the column's full width, as a diagram should.
   */
  width?: number;
  /** The image's intrinsic height in px; goes with `width`. */
  height?: number;
}

/** Thrown when `<ImageOverlay>` gets a `width` without a `height` (or the reverse), or a size that is not above 0. */
export class ImageOverlayError extends Error {
  constructor(src: string, problem: string) {
    super(`<ImageOverlay src=${JSON.stringify(src)}>: ${problem}`);
    this.name = 'ImageOverlayError';
  }
}

/** Height in px kept free above and below a sized thumbnail (the app's header and a line of text), so it fits the screen. */
const SCREEN_ROOM_PX = 160;

function checkSize(src: string, width: unknown, height: unknown) {
  const ok = (value: unknown) => value === undefined || (typeof value === 'number' && Number.isFinite(value) && value > 0);
  if (!ok(width) || !ok(height) || (width === undefined) !== (height === undefined)) {
    throw new ImageOverlayError(src, `"width" and "height" go together, as numbers of px above 0; found width=${String(width)}, height=${String(height)}.`);
  }
}

/**
 * An image shown as a thumbnail button that opens it large in a dialog, such as Day 1's large image
 * (docs/requirements.md#overlays).
 *
 * The thumbnail is a figure as wide as the lesson column, sized from the image's shape; with `width`
 * and `height` it is never wider than the image nor taller than the screen (less 160 px), with an
 * "Enlarge" badge in the image's bottom-right corner; the button is named "Enlarge image: {alt}". Its
 * image downloads and is drawn only once the page scrolls near it (`loading="lazy"`), the box holding
 * the image's shape meanwhile, so a diagram far down a lesson costs nothing while the lesson opens
 * (docs/decisions/011-first-visit-javascript.md). The dialog takes the whole screen on a phone and shows
 * the image in a {@link ZoomableImage} (buttons, + / - / 0 and arrow keys, pinch and drag) with the
 * caption as body text under it. It closes with its Close button, a click on the backdrop or Escape;
 * focus returns to the thumbnail. The engine's own texts ("Enlarge", the button's name, the dialog's
 * description) are `imageOverlay.*` and `zoomableImage.dialogDescription` in content/locales/LOCALE/engine.json.
 *
 * @throws ImageOverlayError when only one of `width`/`height` is given, or one is not a number above 0
 * @example <ImageOverlay src="/images/lac-operon.svg" alt="The lac operon, off and on…" caption="The lac operon switched off and on." width={1000} height={880} />
 */
export function ImageOverlay({ src, alt, caption, width, height }: ImageOverlayProps) {
  checkSize(src, width, height);
  const t = useMessages(messages);
  const hasSize = width !== undefined && height !== undefined;
  // Never wider than the image, nor so tall that it does not fit the screen with room for the header.
  const frameStyle: CSSProperties | undefined = hasSize
    ? { aspectRatio: `${width} / ${height}`, maxWidth: `min(100%, ${width}px, (100dvh - ${SCREEN_ROOM_PX}px) * ${width / height})` }
    : undefined;
  return (
    <figure className="image-overlay">
      <OverlayDialog
        fullScreenOnPhone
        trigger={
          <button type="button" className="image-overlay__thumbnail" aria-label={t('imageOverlay.enlargeLabel', { alt })}>
            <span className="image-overlay__frame" style={frameStyle}>
              <img className="image-overlay__thumbnail-image" src={src} alt="" width={width} height={height} loading="lazy" decoding="async" />
              <span className="image-overlay__badge" aria-hidden="true">
                {t('imageOverlay.enlarge')}
              </span>
            </span>
          </button>
        }
        title={caption || t('imageOverlay.defaultTitle')}
        hideTitle
        description={t('zoomableImage.dialogDescription')}
        hideDescription
      >
        <ZoomableImage className="image-overlay__viewer" src={src} alt={alt} width={width} height={height} caption={caption} />
      </OverlayDialog>
      {caption ? <figcaption className="image-overlay__caption">{caption}</figcaption> : null}
    </figure>
  );
}
