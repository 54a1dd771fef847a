import { currentLocale, DEFAULT_LOCALE, LOCALES, type PeekBlocks, type PeekLanguage } from '../../engine/index.ts';
import type { MDXContent } from 'mdx/types';

/**
 * The static pages' content, found by file name: `content/sections/<slug>.mdx`, and its translations
 * beside it, `<slug>.es.mdx` (docs/decisions/022-translations-beside-the-original.md). Each is its own
 * lazily loaded chunk, so a student downloads a page only in the languages they read. Adding a file is not
 * enough to add a page: list it in `STATIC_SECTIONS` (sections.ts) for its route and menu entry.
 */
const pages = import.meta.glob<MDXContent>('../../content/sections/*.mdx', { import: 'default' });

/** `welcome` and `en` for `…/welcome.mdx`, `welcome` and `es` for `…/welcome.es.mdx`. */
function pageKey(path: string): string {
  const [slug, locale] = path.slice(path.lastIndexOf('/') + 1, -'.mdx'.length).split('.');
  return `${slug!}:${locale ?? DEFAULT_LOCALE}`;
}

const pagesBySlug = new Map<string, () => Promise<MDXContent>>(Object.entries(pages).map(([path, load]) => [pageKey(path), load]));

/** The same pages' blocks as a reader of another language peeks at them (scripts/translations/peek.ts), each a small file of its own. */
const peeks = import.meta.glob<PeekBlocks>('../../content/sections/*.mdx', { query: '?peek', import: 'default' });
const peeksBySlug = new Map<string, () => Promise<PeekBlocks>>(Object.entries(peeks).map(([path, load]) => [pageKey(path), load]));

/**
 * A static page's other language, for a reader to peek at its blocks (engine/lesson/Peek.tsx): the
 * original's beside a translation, the first translation beside the original, as the build decides
 * (scripts/translations/peek.ts).
 *
 * @param slug - the file name without `.mdx`
 * @param locale - the language the reader asked for; the page is shown in it when it has a translation into it
 * @returns the other language and its loader, or undefined when the page has no translation
 */
export function sectionPeekLanguage(slug: string, locale: string): PeekLanguage | undefined {
  const shown = pagesBySlug.has(`${slug}:${locale}`) ? locale : DEFAULT_LOCALE;
  const language = shown === DEFAULT_LOCALE ? LOCALES.find((each) => each !== DEFAULT_LOCALE && pagesBySlug.has(`${slug}:${each}`)) : DEFAULT_LOCALE;
  const blocks = language === undefined ? undefined : peeksBySlug.get(`${slug}:${language}`);
  return language === undefined || !blocks ? undefined : { language, blocks };
}

/**
 * Loads a static page's content in a language: its translation, else the original.
 *
 * @param slug - the file name without `.mdx`, e.g. `what-youll-learn`
 * @param locale - the language; the reader's unless given
 * @returns the compiled MDX component, or null when the file does not exist yet
 * @throws when the chunk fails to download (the page offers to try again)
 */
export async function loadSectionContent(slug: string, locale: string = currentLocale()): Promise<MDXContent | null> {
  const load = pagesBySlug.get(`${slug}:${locale}`) ?? pagesBySlug.get(`${slug}:${DEFAULT_LOCALE}`);
  return load ? load() : null;
}
