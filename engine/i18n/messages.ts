import { setupI18n } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import site from '../../content/site/site.json';

/**
 * The app's languages, declared once in `content/site/site.json` (docs/decisions/022-translations-beside-the-original.md):
 * `locales`, every language a student may read, and `defaultLocale`, the one every original is written in.
 */
export const LOCALES: readonly string[] = site.locales;
/** The originals' language (`en`): the message catalogues' source and the fallback of every other. */
export const DEFAULT_LOCALE: string = site.defaultLocale;

/**
 * A message catalogue as its module gives it: message id → ICU message, compiled by the build
 * (scripts/message-catalogues/vite-plugin.ts) from `content/locales/<locale>/<name>.json`.
 */
export type Catalogue = Readonly<Record<string, unknown>>;

/** ICU placeholder values: `{ time: "10:42" }`, `{ count: 3 }`. */
export type MessageValues = Readonly<Record<string, unknown>>;

/** Gives the text of a catalogue's message in the reader's language, its placeholders filled. */
export type Translate<C extends Catalogue> = (id: keyof C & string, values?: MessageValues) => string;

/**
 * The one Lingui instance of the app, the engine and the console. Only the other languages' catalogues
 * are loaded into it ({@link activateLocale}); the English text travels with the code that shows it, as
 * each message's fallback, so a page in English never waits for a catalogue.
 */
const i18n = setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: {} } });

const loadedLocales = new Set([DEFAULT_LOCALE]);

/**
 * Downloads `locale`'s catalogues the first time (one small file per catalogue), without showing them:
 * a switch downloads them while it downloads the lesson in that language (src/i18n/switch.ts).
 *
 * @param locale - one of {@link LOCALES}; any other is taken as {@link DEFAULT_LOCALE}
 * @returns the locale loaded
 * @throws when a catalogue cannot be downloaded
 */
export async function loadLocale(locale: string): Promise<string> {
  const next = LOCALES.includes(locale) ? locale : DEFAULT_LOCALE;
  if (!loadedLocales.has(next)) {
    const { loadCatalogues } = await import('./catalogues.ts');
    i18n.load(next, (await loadCatalogues(next)) as Record<string, never>);
    loadedLocales.add(next);
  }
  return next;
}

/**
 * Makes `locale` the language every message and lesson is shown in: downloads its catalogues the first
 * time ({@link loadLocale}), then switches, and every component that uses {@link useMessages} or
 * {@link useLocale} renders again in place (nothing is mounted again).
 *
 * @param locale - one of {@link LOCALES}; any other is taken as {@link DEFAULT_LOCALE}
 * @returns the locale now active
 * @throws when a catalogue cannot be downloaded (the language stays as it was)
 */
export async function activateLocale(locale: string): Promise<string> {
  const next = await loadLocale(locale);
  if (i18n.locale !== next) i18n.activate(next);
  return next;
}

/** The language messages are shown in now, e.g. `es`. */
export function currentLocale(): string {
  return i18n.locale;
}

const subscribe = (onChange: () => void) => i18n.on('change', onChange);

/** The active language, e.g. `es`; the component renders again when it changes. */
export function useLocale(): string {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}

/**
 * A catalogue's messages in the active language, outside React (a document title, an error thrown).
 * A message the language's catalogue lacks is shown from `source`, the English catalogue.
 *
 * @param source - the English catalogue the messages come from, e.g. `content/locales/en/engine.json`
 */
export function translator<C extends Catalogue>(source: C): Translate<C> {
  return (id, values) => i18n._({ id, message: source[id] as string, values: values as Record<string, unknown> });
}

/**
 * {@link translator} for a component: it renders again when the language changes, so a switch swaps its
 * text in place (docs/decisions/022-translations-beside-the-original.md).
 *
 * @example
 * import messages from '../../../content/locales/en/engine.json';
 * const t = useMessages(messages);
 * t('savePill.savedAt', { time })
 */
export function useMessages<C extends Catalogue>(source: C): Translate<C> {
  // A new function per language, so a memo that depends on `t` follows a switch.
  return translatorFor(source, useLocale());
}

const translators = new WeakMap<Catalogue, Map<string, Translate<Catalogue>>>();

/** One {@link translator} per catalogue and language, the same function on every render. */
function translatorFor<C extends Catalogue>(source: C, locale: string): Translate<C> {
  let byLocale = translators.get(source);
  if (!byLocale) translators.set(source, (byLocale = new Map()));
  let translate = byLocale.get(locale);
  if (!translate) byLocale.set(locale, (translate = translator(source) as Translate<Catalogue>));
  return translate as Translate<C>;
}

/**
 * A language's name in that language, as a language menu lists it: `en` → "English", `es` → "Español"
 * (`Intl.DisplayNames`, capitalised as a menu item starts).
 */
export function languageName(locale: string): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/**
 * A language's name as a sentence in another language says it: `languageNameIn('en', 'es')` → "inglés"
 * (`Intl.DisplayNames`; the tag itself when the browser does not know it).
 *
 * @param language - the language named, a BCP 47 tag such as `en`
 * @param locale - the language of the sentence, e.g. `es`
 */
export function languageNameIn(language: string, locale: string): string {
  return new Intl.DisplayNames([locale], { type: 'language' }).of(language) ?? language;
}
