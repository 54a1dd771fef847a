import { useId, useState, type ReactNode } from 'react';
import messages from '../../../content/locales/en/engine.json';
import { useMessages } from '../../i18n/messages.ts';
import './Banner.css';

/** Prefix of the `sessionStorage` key that remembers a dismissed banner (docs/requirements.md#overlays). */
export const BANNER_STORAGE_PREFIX = 'helix:banner-dismissed:';

/** The `sessionStorage` key for the banner `id`, e.g. `helix:banner-dismissed:heads-up`. */
export const bannerStorageKey = (id: string): string => `${BANNER_STORAGE_PREFIX}${id}`;

export interface BannerProps {
  /**
   * Names the banner in storage, so its dismissal is remembered for the browser session
   * (`sessionStorage["helix:banner-dismissed:<id>"]`). Unique per banner, e.g. `heads-up`.
   */
  id: string;
  /** The strong first line, e.g. "Heads up"; also the region's accessible name. */
  title: string;
  /** `"warning"` (amber, default) for a rule to follow; `"info"` (blue) for a plain notice. */
  tone?: 'warning' | 'info';
  /**
   * The dismiss button's text. Default "I understand" (docs/requirements.md#overlays), in the reader's
   * language (`banner.dismiss` in content/locales/LOCALE/engine.json).
   */
  dismissLabel?: string;
  /** The notice itself: Markdown in MDX (leave blank lines around it). */
  children?: ReactNode;
}

/** Thrown when a Banner tag lacks its `id` or `title`: an authoring mistake. */
export class BannerError extends Error {
  constructor(problem: string) {
    super(`<Banner>: ${problem}`);
    this.name = 'BannerError';
  }
}

// Storage can throw (blocked cookies, some private modes): then the banner simply shows again next load.
function readDismissed(key: string): boolean {
  try {
    return typeof window !== 'undefined' && window.sessionStorage.getItem(key) === 'true';
  } catch {
    return false;
  }
}

function writeDismissed(key: string): void {
  try {
    window.sessionStorage.setItem(key, 'true');
  } catch {
    // Nothing to do: it stays hidden for this page visit and shows again on the next load.
  }
}

/**
 * A notice at the top of a lesson that the student dismisses once per browser session, such as Day 3's
 * amber "Heads up" banner (docs/requirements.md#overlays).
 *
 * Dismissing writes `sessionStorage["helix:banner-dismissed:<id>"] = "true"`, so the banner stays hidden
 * on reload in the same tab and is back in a new session. Storage is read during the first render, so
 * a dismissed banner never flashes on reload. When storage throws, the banner still hides for this page
 * visit and shows again on the next load.
 *
 * A region named by its title. After dismissing, focus stays at the banner's former place (an empty
 * placeholder that is removed once focus leaves it), so the next Tab goes to whatever followed the
 * banner and a screen reader carries on reading from there; focus is not thrown to a control further
 * down the page. Nothing is announced.
 *
 * @throws BannerError when `id` or `title` is missing or blank
 * @example
 * <Banner id="heads-up" tone="warning" title="Heads up" dismissLabel="I understand">
 *
 * Write answers in your own words today.
 *
 * </Banner>
 */
export function Banner({ id, title, tone = 'warning', dismissLabel, children }: BannerProps) {
  const key = bannerStorageKey(id);
  // 'placeholder': dismissed in this visit and focus is still on its former place.
  const [state, setState] = useState<'shown' | 'placeholder' | 'hidden'>(() => (readDismissed(key) ? 'hidden' : 'shown'));
  const titleId = useId();
  const t = useMessages(messages);
  if (typeof id !== 'string' || id.trim() === '') throw new BannerError('needs an id, e.g. id="heads-up" (it names the banner in session storage).');
  if (typeof title !== 'string' || title.trim() === '') throw new BannerError(`id="${id}" needs a title, e.g. title="Heads up".`);

  if (state === 'hidden') return null;
  if (state === 'placeholder') {
    return <div className="banner__placeholder" tabIndex={-1} ref={(element) => element?.focus()} onBlur={() => setState('hidden')} />;
  }

  return (
    <section className={`banner banner--${tone === 'info' ? 'info' : 'warning'}`} aria-labelledby={titleId}>
      <svg className="banner__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        {tone === 'info' ? (
          <path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-6h2v6Zm0-8h-2V7h2v2Z" />
        ) : (
          <path fill="currentColor" d="M1 21h22L12 2 1 21Zm12-3h-2v-2h2v2Zm0-4h-2v-4h2v4Z" />
        )}
      </svg>
      <div className="banner__content">
        <p className="banner__title" id={titleId}>
          {title}
        </p>
        <div className="banner__body">{children}</div>
        <button
          type="button"
          className="banner__dismiss"
          onClick={() => {
            writeDismissed(key);
            setState('placeholder');
          }}
        >
          {dismissLabel ?? t('banner.dismiss')}
        </button>
      </div>
    </section>
  );
}
