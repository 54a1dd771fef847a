import { useId, useState } from 'react';
import messages from '../../../content/locales/en/engine.json';
import { useMessages } from '../../i18n/messages.ts';
import { EmbedFrame, embedFrameMessage, EmbedLanguageNote } from '../embed-panel/EmbedFrame.tsx';
import { useEmbedLoad } from '../embed-panel/use-embed-load.ts';
import './AtlasViewer.css';

/** How long the viewer waits for the frame's load event before hinting that the embed may be blocked, ms. */
export const ATLAS_HINT_MS = 5000; // docs/requirements.md#atlas-viewer
/** The frame's height when the author gives none, px. */
export const ATLAS_FRAME_HEIGHT_PX = 900; // docs/requirements.md#atlas-viewer

/** One gene the student can choose, as written in MDX. */
export interface AtlasGene {
  /** The gene's symbol; the selector's value, compared trimmed and upper-cased (docs/requirements.md#atlas-viewer). */
  symbol: string;
  /** What the selector shows, e.g. a symbol with the entry it maps to. */
  label: string;
  /** The gene's page on the atlas: an absolute https URL. */
  href: string;
}

/** A section of the selected gene's page, linked beside the selector. */
export interface AtlasQuickLink {
  /** The link's text, e.g. "Tissue". */
  label: string;
  /** Appended to the gene's page, e.g. "/tissue". */
  path: string;
}

export interface AtlasViewerProps {
  /** What the atlas is, e.g. "Human Protein Atlas". Shown above the frame, names the viewer, and starts the frame's `title`. */
  title: string;
  /** The genes in the selector, in the order shown; the first is shown first. At least one. */
  genes: readonly AtlasGene[];
  /** The page for a symbol that is none of `genes` (docs/requirements.md#atlas-viewer): an absolute https URL. */
  fallbackHref: string;
  /** Links to sections of the selected gene's page, each `{ label, path }`; none when left out. */
  quickLinks?: readonly AtlasQuickLink[];
  /** The frame's height, px. Default {@link ATLAS_FRAME_HEIGHT_PX} (900). */
  height?: number;
  /** How long to wait for the frame before the blocked-embed hint, ms. Default {@link ATLAS_HINT_MS} (5000). */
  hintAfterMs?: number;
  /** The atlas's language, a BCP 47 tag such as `en`: a reader of another sees a line saying so above the frame. */
  lang?: string;
}

/** Thrown when AtlasViewer's props written in MDX are not the expected shape: an authoring mistake. */
export class AtlasViewerPropsError extends Error {
  constructor(where: string, expected: string, found: unknown) {
    super(`${where}: ${expected}; found ${JSON.stringify(found) ?? String(found)}.`);
    this.name = 'AtlasViewerPropsError';
  }
}

const normalSymbol = (symbol: string) => symbol.trim().toUpperCase();

/**
 * The atlas page for a gene symbol: the `href` of the gene in `genes` with that symbol, compared trimmed
 * and upper-cased, or `fallbackHref` for any other symbol (docs/requirements.md#atlas-viewer).
 * Every address comes from the lesson's content; the engine knows none.
 *
 * @param symbol - a gene symbol as typed or chosen, e.g. " abc1 "
 * @param genes - the lesson's genes, each `{ symbol, href }`
 * @param fallbackHref - the page for an unknown symbol
 * @returns an address from `genes` or `fallbackHref`; never throws
 * @example atlasUrlFor(' x1 ', [{ symbol: 'X1', label: 'X1', href: 'https://atlas.example/x1' }], 'https://atlas.example/search') // 'https://atlas.example/x1'
 */
export function atlasUrlFor(symbol: string, genes: readonly Pick<AtlasGene, 'symbol' | 'href'>[], fallbackHref: string): string {
  const wanted = normalSymbol(symbol);
  return genes.find((gene) => normalSymbol(gene.symbol) === wanted)?.href ?? fallbackHref;
}

/** The address of a section of a gene's page: the page, without a trailing slash, then the path with one leading slash. */
function quickLinkHref(pageHref: string, path: string): string {
  return `${pageHref.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * @returns the first gene, the one shown first
 * @throws AtlasViewerPropsError when `genes` or `quickLinks` is not the shape MDX must give
 */
function checkProps(title: string, genes: unknown, quickLinks: unknown): AtlasGene {
  const where = `<AtlasViewer title="${title}">`;
  if (!Array.isArray(genes) || genes.length === 0) throw new AtlasViewerPropsError(where, 'genes must be a list of at least one { symbol, label, href }', genes);
  for (const gene of genes as unknown[]) {
    const { symbol, label, href } = (typeof gene === 'object' && gene !== null ? gene : {}) as Record<string, unknown>;
    if (!isText(symbol) || !isText(label) || !isText(href)) throw new AtlasViewerPropsError(where, 'each gene must be { symbol: "…", label: "…", href: "…" } (non-empty strings)', gene);
  }
  const first = genes[0] as AtlasGene;
  if (quickLinks === undefined) return first;
  if (!Array.isArray(quickLinks)) throw new AtlasViewerPropsError(where, 'quickLinks must be a list of { label, path }', quickLinks);
  for (const link of quickLinks as unknown[]) {
    const { label, path } = (typeof link === 'object' && link !== null ? link : {}) as Record<string, unknown>;
    if (!isText(label) || !isText(path)) throw new AtlasViewerPropsError(where, 'each quick link must be { label: "…", path: "/…" } (non-empty strings)', link);
  }
  return first;
}

/**
 * A gene's page on a protein atlas, embedded in the lesson, with a gene selector, an "Open on
 * Protein Atlas" link and quick links to sections of the gene's page (docs/requirements.md#atlas-viewer).
 *
 * The selected gene is the student's to browse, not an answer: it is not saved, and the viewer works
 * outside an answers form. Every time a gene is chosen, a new frame opens at its page (see
 * {@link atlasUrlFor}) and a loading overlay covers it until it loads. If it has not loaded `hintAfterMs`
 * ({@link ATLAS_HINT_MS}, 5 s) after the viewer came into view, the overlay hints that the browser may
 * block the embed and to use "Open on Protein Atlas", with Try again. When the browser is offline it says
 * so, and loads by itself when the connection returns. The blocked-embed logic is EmbedPanel's
 * ({@link useEmbedLoad}). Its own texts (the link, the hint, the selector's label "Gene", "Quick links
 * for …") are `atlasViewer.*` in content/locales/LOCALE/engine.json; the genes' labels and the quick
 * links' texts are the lesson's.
 *
 * @throws AtlasViewerPropsError when `genes` is empty or a gene or quick link is not the shape shown below
 * @example
 * <AtlasViewer
 *   title="Some Atlas"
 *   genes={[{ symbol: "X1", label: "X1", href: "https://atlas.example/x1" }, { symbol: "Y2", label: "Y2 (Y2B)", href: "https://atlas.example/y2b" }]}
 *   fallbackHref="https://atlas.example/search"
 *   quickLinks={[{ label: "Tissue", path: "/tissue" }]}
 * />
 */
export function AtlasViewer({ title, genes, fallbackHref, quickLinks, height = ATLAS_FRAME_HEIGHT_PX, hintAfterMs = ATLAS_HINT_MS, lang }: AtlasViewerProps) {
  const firstGene = checkProps(title, genes, quickLinks);
  const [symbol, setSymbol] = useState(firstGene.symbol);
  const gene = genes.find((candidate) => normalSymbol(candidate.symbol) === normalSymbol(symbol)) ?? firstGene;
  const src = atlasUrlFor(gene.symbol, genes, fallbackHref);
  const load = useEmbedLoad({ src, timeoutMs: hintAfterMs });
  const { status } = load;
  const selectId = useId();
  const quickLinksId = useId();
  const t = useMessages(messages);

  const frameTitle = `${title}: ${gene.label}`;
  const openLinkText = t('atlasViewer.openLink');
  // Shown over the frame when it has not loaded `hintAfterMs` after a gene was chosen (docs/requirements.md#atlas-viewer).
  const message = embedFrameMessage(status, frameTitle, t('atlasViewer.blockedHint', { link: openLinkText }), t);

  return (
    <section className="atlas-viewer" aria-label={title}>
      <div className="atlas-viewer__bar">
        <p className="atlas-viewer__title">{title}</p>
        <div className="atlas-viewer__controls">
          <div className="atlas-viewer__gene">
            <label htmlFor={selectId}>{t('atlasViewer.geneLabel')}</label>
            <select id={selectId} className="atlas-viewer__select" value={gene.symbol} onChange={(event) => setSymbol(event.target.value)}>
              {genes.map((option) => (
                <option key={option.symbol} value={option.symbol}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <a className="button atlas-viewer__open" href={src} target="_blank" rel="noopener noreferrer">
            {openLinkText}
          </a>
        </div>
        {quickLinks && quickLinks.length > 0 ? (
          <div className="atlas-viewer__quick">
            <p className="atlas-viewer__quick-label" id={quickLinksId}>
              {t('atlasViewer.quickLinks', { gene: gene.label })}
            </p>
            <ul className="atlas-viewer__quick-list" aria-labelledby={quickLinksId}>
              {quickLinks.map((link) => (
                <li key={`${link.label}:${link.path}`}>
                  <a className="atlas-viewer__quick-link" href={quickLinkHref(src, link.path)} target="_blank" rel="noopener noreferrer">
                    {link.label}
                    <span className="visually-hidden">: {gene.label}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <EmbedLanguageNote lang={lang} kind="other" />
      <EmbedFrame title={frameTitle} src={src} load={load} message={message} style={{ height: `${height}px` }} align="top" />
    </section>
  );
}
