import { createContext, useContext, useId, useState, type ReactNode } from 'react';
import messages from '../../content/locales/en/engine.json';
import { languageNameIn, useLocale, useMessages } from '../i18n/messages.ts';
import './Peek.css';

/** A lesson's blocks as HTML, by the number of the original block each stands for: `{ "12": "<p>…</p>" }`. */
export type PeekBlocks = Readonly<Record<string, string>>;

/** The other language of a lesson, and how to download its blocks. */
export interface PeekLanguage {
  /** The other language, e.g. `es` beside an English lesson. */
  language: string;
  /** Its blocks ({@link PeekBlocks}), downloaded on the first peek. @throws when the download fails */
  blocks: () => Promise<PeekBlocks>;
}

/**
 * Where a lesson's `<Peek>` blocks find their other language. Without it (Storybook, a facilitator's
 * page) a block shows no peek control.
 */
export const PeekSource = createContext<PeekLanguage | null>(null);

export interface PeekProps {
  /** The original block's number (scripts/translations/peek.ts), which names it in every language. */
  block: string;
  /** The block, as the lesson shows it. */
  children?: ReactNode;
}

type Shown = { state: 'closed' } | { state: 'loading' } | { state: 'failed' } | { state: 'open'; html: string };

/**
 * A block of a lesson that a reader can show in the other language, in place, under it, without
 * switching the page (docs/decisions/023-the-reader-s-language.md, "Peek"). The build wraps each such
 * block (scripts/translations/peek.ts); authors never write the tag.
 *
 * Beside the block, a small button named "Show this part in Spanish" ("Mostrar esta parte en inglés"),
 * with `aria-expanded`, opens and closes a box holding the block in that language, marked with its `lang`.
 * The first peek downloads that language's blocks ({@link PeekSource}); a failed download says so and
 * the button tries again.
 */
export function Peek({ block, children }: PeekProps) {
  const source = useContext(PeekSource);
  const language = source?.language;
  const locale = useLocale();
  const t = useMessages(messages);
  const [shown, setShown] = useState<Shown>({ state: 'closed' });
  const id = useId();
  if (!source || !language || language === locale) return children;

  const expanded = shown.state !== 'closed';
  const toggle = () => {
    if (expanded && shown.state !== 'failed') {
      setShown({ state: 'closed' });
      return;
    }
    setShown({ state: 'loading' });
    source.blocks().then(
      (blocks) => setShown(blocks[block] === undefined ? { state: 'failed' } : { state: 'open', html: blocks[block] }),
      () => setShown({ state: 'failed' }),
    );
  };
  const name = languageNameIn(language, locale);

  return (
    <div className="peek">
      <div className="peek__block">{children}</div>
      <button type="button" className="peek__toggle" aria-expanded={expanded} aria-controls={id} aria-label={t('peek.show', { language: name })} onClick={toggle}>
        <span aria-hidden="true">{language.toUpperCase()}</span>
      </button>
      <div className="peek__other" id={id} hidden={!expanded}>
        {shown.state === 'loading' && <p className="peek__status">{t('peek.loading')}</p>}
        {shown.state === 'failed' && (
          <p className="peek__status" role="alert">
            {t('peek.failed')}
          </p>
        )}
        {shown.state === 'open' && (
          <>
            <p className="peek__caption">{t('peek.caption', { language: name })}</p>
            {/* Built from the lesson's own Markdown in the repository (scripts/translations/peek.ts), never from a reader's input. */}
            <div className="peek__text" lang={language} dangerouslySetInnerHTML={{ __html: shown.html }} />
          </>
        )}
      </div>
    </div>
  );
}
