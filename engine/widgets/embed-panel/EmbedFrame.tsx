import type { CSSProperties, ReactNode } from 'react';
import type { EmbedLoad } from './use-embed-load.ts';
import './EmbedFrame.css';

export interface EmbedFrameProps {
  /** The frame's `title`, e.g. "PhET: Gene Expression Essentials". */
  title: string;
  /** The embedded page: an absolute https URL. */
  src: string;
  /** The frame's load state, from {@link useEmbedLoad}. */
  load: EmbedLoad;
  /** What the overlay says in the current state ("" once loaded). */
  message: string;
  /** Size of the frame box: a height in px, an aspect ratio, or nothing to fill its container. */
  style?: CSSProperties;
  /** Where the overlay's message sits: `center` (default), or `top` for tall frames where the middle is off screen. */
  align?: 'center' | 'top';
  /** Shown next to Try again when the frame seems blocked, e.g. an "Open in new tab" link. */
  blockedAction?: ReactNode;
  /** Let the page play media full screen (video players). */
  media?: boolean;
}

/**
 * The frame of an external page with its loading overlay: a spinner and "Loading …" until the frame
 * loads, then nothing; when it seems blocked or the browser is offline, the message with Try again
 * (docs/requirements.md#embed-panel). Shared by `EmbedPanel` and `AtlasViewer`, which differ only in
 * their bars, their timeouts and their messages.
 */
export function EmbedFrame({ title, src, load, message, style, align = 'center', blockedAction, media = false }: EmbedFrameProps) {
  const { status, attempt, onLoad, reload, containerRef } = load;
  return (
    <div className="embed-frame" style={style} ref={containerRef}>
      {status === 'offline' ? null : (
        <iframe
          key={attempt}
          className="embed-frame__iframe"
          title={title}
          src={src}
          loading="lazy"
          allow={media ? 'picture-in-picture; encrypted-media; clipboard-write' : undefined}
          allowFullScreen={media}
          referrerPolicy="strict-origin-when-cross-origin"
          onLoad={onLoad}
        />
      )}
      <div className={`embed-frame__overlay embed-frame__overlay--${status} embed-frame__overlay--${align}`}>
        {status === 'loading' ? <span className="embed-frame__spinner" aria-hidden="true" /> : null}
        {/* One live region for the whole life of the frame, so each change of message is announced. */}
        <p className="embed-frame__message" role="status">
          {message}
        </p>
        {status === 'blocked' || status === 'offline' ? (
          <div className="embed-frame__actions">
            <button type="button" className="button" onClick={reload}>
              Try again
            </button>
            {status === 'blocked' ? blockedAction : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
