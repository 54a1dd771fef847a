import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import messages from '../../../content/locales/en/engine.json';
import { translator, useMessages, type Translate } from '../../i18n/messages.ts';
import { MAX_ZOOM, MIN_ZOOM, useZoomPan } from './use-zoom-pan.ts';
import './ZoomableImage.css';

export interface ZoomableImageProps {
  /** The image's address, e.g. `/images/lac-operon.svg`. */
  src: string;
  /** What the image shows, for anyone who cannot see it. */
  alt: string;
  /** The image's intrinsic width in px. With `height`, the image keeps its shape before it loads. */
  width?: number;
  /** The image's intrinsic height in px. */
  height?: number;
  /** Body text under the image (a `<figcaption>`); keep it to about three lines on a phone. */
  caption?: ReactNode;
  /** A class for the figure, e.g. for its padding. */
  className?: string;
}

/** Width ÷ height assumed for an image without `width` and `height` until it has loaded (then its own). */
const FALLBACK_RATIO = 4 / 3;

/**
 * "150 %": the zoom as students read it (a space before %, as in the example), from
 * `zoomableImage.level` in content/locales/LOCALE/engine.json.
 *
 * @param scale - the zoom, 1 for the fitted image
 * @param t - the engine catalogue's messages in the reader's language; the active language's unless given
 */
export function zoomPercent(scale: number, t: Translate<typeof messages> = translator(messages)): string {
  return t('zoomableImage.level', { percent: Math.round(scale * 100) });
}

/**
 * An image in a viewer that can be zoomed (1× to 4×) and panned by pinch, buttons and keyboard, for
 * the image dialogs of ImageOverlay and ImageGallery (docs/design.md#things-that-float). A figure that
 * fills the space its parent gives it (a flex column child): a toolbar with "Zoom out", "Zoom in" and
 * "Reset zoom" and the current zoom in a status ("150 %"), the image as large as fits while keeping its
 * shape, and the caption as body text right under it. The toolbar's texts are `zoomableImage.*` in
 * content/locales/LOCALE/engine.json.
 *
 * - Keyboard, anywhere in the surrounding dialog (or in the viewer when there is none): + zooms in,
 *   - zooms out, 0 resets, the arrow keys pan while zoomed.
 * - Pointer (touch, pen, mouse): drag pans while zoomed, two fingers pinch-zoom. The image area has
 *   `touch-action: pan-x pan-y` at 1× (the page still scrolls; the browser does not take the pinch)
 *   and `none` while zoomed (every gesture moves the image).
 *
 * @example <ZoomableImage src="/images/lac-operon.svg" alt="The lac operon, off and on…" width={1000} height={880} />
 */
export function ZoomableImage({ src, alt, width, height, caption, className }: ZoomableImageProps) {
  const rootRef = useRef<HTMLElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const { view, zoomed, zoomIn, zoomOut, reset, handleKey, pointerHandlers } = useZoomPan(viewportRef, imageRef);
  const t = useMessages(messages);
  const hasSize = width !== undefined && height !== undefined && width > 0 && height > 0;
  const [loadedRatio, setLoadedRatio] = useState<number | undefined>(undefined);
  const ratio = hasSize ? width / height : (loadedRatio ?? FALLBACK_RATIO);

  // The keys work wherever focus is in the dialog (it starts on Close), not only on the image.
  useEffect(() => {
    const root = rootRef.current;
    const target: HTMLElement | null = root?.closest<HTMLElement>('[role="dialog"]') ?? root ?? null;
    if (!target) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const element = event.target as HTMLElement | null;
      if (element?.closest('input, textarea, select, [contenteditable="true"]')) return;
      handleKey(event);
    };
    target.addEventListener('keydown', onKeyDown);
    return () => target.removeEventListener('keydown', onKeyDown);
  }, [handleKey]);

  const imageStyle: CSSProperties = { transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` };
  return (
    <figure ref={rootRef} className={className ? `zoomable-image ${className}` : 'zoomable-image'} style={{ '--zoomable-image-ratio': ratio } as CSSProperties}>
      <div className="zoomable-image__toolbar" role="toolbar" aria-label={t('zoomableImage.toolbar')}>
        <button type="button" className="button button--secondary zoomable-image__button" onClick={zoomOut} aria-disabled={view.scale <= MIN_ZOOM}>
          <span aria-hidden="true">−</span>
          <span className="zoomable-image__word">{t('zoomableImage.zoomOut')}</span>
        </button>
        <output className="zoomable-image__level" aria-live="polite">
          {zoomPercent(view.scale, t)}
        </output>
        <button type="button" className="button button--secondary zoomable-image__button" onClick={zoomIn} aria-disabled={view.scale >= MAX_ZOOM}>
          <span aria-hidden="true">+</span>
          <span className="zoomable-image__word">{t('zoomableImage.zoomIn')}</span>
        </button>
        <button type="button" className="button button--secondary zoomable-image__button" onClick={reset} aria-disabled={!zoomed}>
          {t('zoomableImage.reset')}
        </button>
      </div>
      <div
        ref={viewportRef}
        className={`zoomable-image__viewport${zoomed ? ' zoomable-image__viewport--zoomed' : ''}`}
        data-state={zoomed ? 'zoomed' : 'fitted'}
        data-testid="zoomable-image-viewport"
        {...pointerHandlers}
      >
        <img
          ref={imageRef}
          className="zoomable-image__image"
          src={src}
          alt={alt}
          width={width}
          height={height}
          draggable={false}
          style={imageStyle}
          onLoad={(event) => {
            const { naturalWidth, naturalHeight } = event.currentTarget;
            if (naturalWidth > 0 && naturalHeight > 0) setLoadedRatio(naturalWidth / naturalHeight);
          }}
        />
      </div>
      {caption ? <figcaption className="zoomable-image__caption">{caption}</figcaption> : null}
    </figure>
  );
}
