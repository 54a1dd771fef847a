import type { CSSProperties } from 'react';
import messages from '../../../content/locales/en/engine.json';
import { useMessages } from '../../i18n/messages.ts';
import { EmbedFrame, embedFrameMessage, EmbedLanguageNote } from './EmbedFrame.tsx';
import './EmbedPanel.css';
import { useEmbedLoad } from './use-embed-load.ts';

/** How long the panel waits for the frame's load event before warning it may be blocked, ms. */
export const EMBED_BLOCKED_WARNING_MS = 3500; // docs/requirements.md#embed-panel
/** The frame's height when the author gives none, px. */
export const EMBED_DEFAULT_HEIGHT_PX = 560;

export interface EmbedPanelProps {
  /** What the embedded page is, e.g. "PhET: Gene Expression Essentials". Shown above the frame and used as the frame's `title`. */
  title: string;
  /** The page to embed: an absolute https URL. */
  src: string;
  /** The frame's height, px. Default {@link EMBED_DEFAULT_HEIGHT_PX} (560). Ignored when `aspect` is set. */
  height?: number;
  /** `"video"`: the frame is as wide as the panel and 16:9, for video players. */
  aspect?: 'video';
  /**
   * `"inline"` (default): a panel in the lesson, with its title. `"fill"`: no title, and the frame
   * takes all the height its container gives it; for a dialog that shows the title itself
   * (InteractiveOverlay).
   */
  layout?: 'inline' | 'fill';
  /**
   * The embedded page's language, a BCP 47 tag such as `en`. When the reader reads another, a line
   * above the frame says so in theirs ("Este video está en inglés…"). Omitted: the page is in the
   * lesson's language, or has no words.
   */
  lang?: string;
}

/**
 * An external page (simulation, video, quiz) in a frame, with its title, a Reload button that
 * re-creates the frame and an "Open in new tab" link (docs/requirements.md#embed-panel).
 *
 * A loading overlay covers the frame until its load event. If the frame has not loaded
 * {@link EMBED_BLOCKED_WARNING_MS} (3.5 s) after the panel came into view, the overlay warns "This site
 * may block embeds in iframes" and offers Try again and Open in new tab. The clock starts when the panel
 * is on screen, not at page load, because the frame loads lazily. When the browser is offline the panel
 * says so at once, and tries again by itself when the connection comes back. Its texts are `embedPanel.*`
 * and `embedFrame.*` in content/locales/LOCALE/engine.json (the English is docs/requirements.md's).
 *
 * An embed in another language than the reader's (`lang`) says so in one line above the frame, in the
 * reader's language (docs/decisions/023-the-reader-s-language.md, "Embeds").
 *
 * Printed, the frame and buttons give way to the title and the page's address (EmbedPanel.css).
 *
 * @example <EmbedPanel title="PhET: Gene Expression Essentials" src="https://phet.colorado.edu/…" height={640} />
 * @example <EmbedPanel title="Gene regulation (video)" src="https://www.youtube-nocookie.com/embed/…" aspect="video" />
 */
export function EmbedPanel({ title, src, height = EMBED_DEFAULT_HEIGHT_PX, aspect, layout = 'inline', lang }: EmbedPanelProps) {
  // A new src is a new page: the hook starts again from "loading" with a new frame.
  const load = useEmbedLoad({ src, timeoutMs: EMBED_BLOCKED_WARNING_MS });
  const { status, reload } = load;
  const t = useMessages(messages);

  const frameStyle: CSSProperties | undefined = layout === 'fill' ? undefined : aspect === 'video' ? { aspectRatio: '16 / 9' } : { height: `${height}px` };
  const message = embedFrameMessage(status, title, t('embedPanel.blocked'), t);
  const newTabLink = (
    <a className="button button--secondary" href={src} target="_blank" rel="noopener noreferrer">
      {t('embedPanel.openInNewTab')}
      <span className="visually-hidden">: {title}</span>
    </a>
  );

  return (
    <section className={`embed-panel embed-panel--${layout}`} aria-label={title} data-src={src}>
      <div className="embed-panel__bar">
        {layout === 'inline' ? <p className="embed-panel__title">{title}</p> : null}
        <div className="embed-panel__actions">
          <button type="button" className="button button--secondary" aria-label={t('embedPanel.reloadLabel', { title })} onClick={reload}>
            {t('embedPanel.reload')}
          </button>
          {newTabLink}
        </div>
      </div>
      <EmbedLanguageNote lang={lang} kind={aspect === 'video' ? 'video' : 'other'} />
      <EmbedFrame title={title} src={src} load={load} message={message} style={frameStyle} blockedAction={newTabLink} media />
    </section>
  );
}
