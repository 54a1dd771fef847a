import { OverlayDialog } from '../overlay/OverlayDialog.tsx';
import './ImageOverlay.css';

export interface ImageOverlayProps {
  /** The image's address, e.g. `/images/lac-operon.svg`. */
  src: string;
  /** What the image shows, for anyone who cannot see it. Required: name the content, not "diagram". */
  alt: string;
  /** Shown under the thumbnail and as the enlarged view's title. */
  caption?: string;
}

/**
 * An image shown as a thumbnail button that opens it large in a dialog (spec section 2, Day 1: "A
 * large-image overlay"; Day 3: image cards "open a full-size image viewer dialog").
 *
 * The button is named "Enlarge image: {alt}". The dialog shows the image as large as the screen allows
 * with its caption as the title, and closes with its Close button, a click on the backdrop or Escape;
 * focus returns to the thumbnail.
 *
 * @example <ImageOverlay src="/images/lac-operon.svg" alt="The lac operon, off and on…" caption="The lac operon switched off and on." />
 */
export function ImageOverlay({ src, alt, caption }: ImageOverlayProps) {
  return (
    <figure className="image-overlay">
      <OverlayDialog
        size="media"
        trigger={
          <button type="button" className="image-overlay__thumbnail" aria-label={`Enlarge image: ${alt}`}>
            <img className="image-overlay__thumbnail-image" src={src} alt="" />
            <span className="image-overlay__badge" aria-hidden="true">
              Enlarge
            </span>
          </button>
        }
        title={caption || 'Enlarged image'}
        hideTitle={!caption}
        description="Close it with the Close button, the Escape key or a click outside the image."
        hideDescription
      >
        <img className="image-overlay__image" src={src} alt={alt} />
      </OverlayDialog>
      {caption ? <figcaption className="image-overlay__caption">{caption}</figcaption> : null}
    </figure>
  );
}
