/**
 * The languages the content is written in, declared once in `content/site/site.json`
 * (docs/decisions/022-translations-beside-the-original.md): `defaultLocale`, the language every original is
 * written in, and `locales`, every language a student may read, the default first.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The content's languages. */
export interface ContentLocales {
  /** The originals' language, e.g. `en`. */
  defaultLocale: string;
  /** Every language, the default among them, e.g. `['en', 'es']`. */
  locales: readonly string[];
}

/**
 * The languages a repository's `content/site/site.json` declares; English alone when it declares none
 * (or has no such file).
 *
 * @param root - the repository's folder
 * @throws Error when `defaultLocale` is not among `locales`, or site.json is not JSON
 */
export function contentLocales(root: string): ContentLocales {
  const file = join(root, 'content', 'site', 'site.json');
  const site = (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}) as Partial<ContentLocales>;
  const defaultLocale = site.defaultLocale ?? 'en';
  const locales = site.locales ?? [defaultLocale];
  if (!locales.includes(defaultLocale)) throw new Error(`content/site/site.json: defaultLocale "${defaultLocale}" is not among its locales (${locales.join(', ')}).`);
  return { defaultLocale, locales };
}

/** The languages pages are translated into: every locale but the default. */
export function translationLocales({ defaultLocale, locales }: ContentLocales): string[] {
  return locales.filter((locale) => locale !== defaultLocale);
}
