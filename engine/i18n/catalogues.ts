import type { Catalogue } from './messages.ts';

/**
 * Every language's catalogues but the originals' (content/locales/LOCALE/NAME.json), each its own file.
 * A module of its own, loaded the first time a reader chooses another language, so that a page in
 * English carries not even their addresses (docs/decisions/011-first-visit-javascript.md).
 */
const TRANSLATED_CATALOGUES = import.meta.glob<Catalogue>(['../../content/locales/*/*.json', '!../../content/locales/en/*.json'], { import: 'default' });

/**
 * Downloads a language's catalogues, merged.
 *
 * @param locale - a language other than the originals', e.g. `es`
 * @returns message id → compiled message; empty for a language with no catalogue
 * @throws when a file cannot be downloaded
 */
export async function loadCatalogues(locale: string): Promise<Record<string, unknown>> {
  const folder = `/locales/${locale}/`;
  const loads = Object.entries(TRANSLATED_CATALOGUES)
    .filter(([path]) => path.includes(folder))
    .map(([, load]) => load());
  return Object.assign({}, ...(await Promise.all(loads))) as Record<string, unknown>;
}
