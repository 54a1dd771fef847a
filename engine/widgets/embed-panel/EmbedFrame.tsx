import type { CSSProperties, ReactNode } from 'react';
import messages from '../../../content/locales/en/engine.json';
import { languageNameIn, useLocale, useMessages, type Translate } from '../../i18n/messages.ts';
import type { EmbedLoad, EmbedLoadStatus } from './use-embed-load.ts';
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
 * What the overlay of an {@link EmbedFrame} says, in the reader's language: "Loading {title}…" while the
 * frame loads, `blocked` when it seems blocked, that the browser is offline (an embed needs the internet,
 * answers do not), and nothing once loaded.
 *
 * @param status - the frame's load status
 * @param title - what is loading, e.g. "PhET: Gene Expression Essentials"
 * @param blocked - the widget's own warning for a frame that seems blocked
 * @param t - the engine catalogue's messages (`useMessages(messages)` in a component)
 */
export function embedFrameMessage(status: EmbedLoadStatus, title: string, blocked: string, t: Translate<typeof messages>): string {
  if (status === 'loading') return t('embedFrame.loading', { title });
  if (status === 'blocked') return blocked;
  if (status === 'offline') return t('embedFrame.offline');
  return '';
}

/**
 * The frame of an external page with its loading overlay: a spinner and "Loading …" until the frame
 * loads, then nothing; when it seems blocked or the browser is offline, the message with Try again
 * (docs/requirements.md#embed-panel). Shared by `EmbedPanel` and `AtlasViewer`, which differ only in
 * their bars, their timeouts and their messages. Its texts are `embedFrame.*` in
 * content/locales/LOCALE/engine.json; see {@link embedFrameMessage}.
 */
export function EmbedFrame({ title, src, load, message, style, align = 'center', blockedAction, media = false }: EmbedFrameProps) {
  const { status, attempt, onLoad, reload, containerRef } = load;
  const t = useMessages(messages);
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
              {t('embedFrame.tryAgain')}
            </button>
            {status === 'blocked' ? blockedAction : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The line above an embed whose page is in another language than the reader's: "Este video está en
 * inglés." (`embedPanel.inLanguage`); nothing when `lang` is omitted or is the reader's language.
 *
 * @param lang - the embedded page's language, a BCP 47 tag such as `en`
 * @param kind - `video` for a video player, `other` for an interactive page
 */
export function EmbedLanguageNote({ lang, kind }: { lang: string | undefined; kind: 'video' | 'other' }) {
  const t = useMessages(messages);
  const locale = useLocale();
  if (lang === undefined || primaryLanguage(lang) === primaryLanguage(locale)) return null;
  return <p className="embed-language">{t('embedPanel.inLanguage', { kind, language: languageNameIn(primaryLanguage(lang), locale) })}</p>;
}

/** The language of a BCP 47 tag without its region or script: `es-MX` → `es`. */
function primaryLanguage(tag: string): string {
  return tag.split('-')[0]!.toLowerCase();
}
