import type { ReactNode } from 'react';
import messages from '../../../content/locales/en/engine.json';
import { useMessages } from '../../i18n/messages.ts';
import { EmbedPanel } from '../embed-panel/EmbedPanel.tsx';
import { OverlayDialog } from '../overlay/OverlayDialog.tsx';
import './InteractiveOverlay.css';

export interface InteractiveOverlayProps {
  /** What the external page is, e.g. "Anatomy of a Gene": the dialog's title and the frame's title. */
  title: string;
  /** The external page: an absolute https URL. */
  src: string;
  /** The opening button's label, e.g. "Open Anatomy of a Gene". */
  children: ReactNode;
  /** The external page's language, a BCP 47 tag such as `en`; see {@link EmbedPanel}'s `lang`. */
  lang?: string;
}

/** The site an address belongs to, for the dialog's description; the address itself if it does not parse. */
function siteOf(src: string): string {
  try {
    return new URL(src).hostname;
  } catch {
    return src;
  }
}

/**
 * A button that opens an external interactive page full screen, as Day 1's core-concepts card does
 * (docs/requirements.md#day-1).
 *
 * The page sits in an {@link EmbedPanel}, so it has Reload, Open in new tab and the blocked-embed
 * warning. The overlay closes with its Close button, a click on the backdrop or Escape; focus stays
 * inside while it is open and returns to the button after. The dialog's description, naming the page's
 * site, is `interactiveOverlay.description` in content/locales/LOCALE/engine.json.
 *
 * @example <InteractiveOverlay title="Anatomy of a Gene" src="https://learn.genetics.utah.edu/…">Open Anatomy of a Gene</InteractiveOverlay>
 */
export function InteractiveOverlay({ title, src, children, lang }: InteractiveOverlayProps) {
  const t = useMessages(messages);
  return (
    <OverlayDialog
      trigger={
        <button type="button" className="button interactive-overlay__trigger">
          {children}
        </button>
      }
      title={title}
      description={t('interactiveOverlay.description', { site: siteOf(src) })}
    >
      <EmbedPanel title={title} src={src} layout="fill" lang={lang} />
    </OverlayDialog>
  );
}
