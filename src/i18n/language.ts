import { activateLocale, DEFAULT_LOCALE, LOCALES } from '../../engine/index.ts';

// The reader's language at start-up: what this device holds, or what its browser asks for, reconciled
// with the account's once signed in (docs/decisions/023-the-reader-s-language.md). Switching is in
// ./switch.ts, loaded when first used: not in the start-up file every page downloads.

/** Where this device keeps the language its reader chose (`localStorage`). */
export const CHOSEN_KEY = 'helix.language';
/** Set while the device's choice has not reached the account yet (a switch made offline). */
export const UNSYNCED_KEY = 'helix.language.unsynced';

export function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage blocked by the browser's settings: the language lasts as long as the page.
    return null;
  }
}

/** The language a browser asks for first among the site's, by primary subtag (`es-MX` is `es`), else the default. */
export function browserLanguage(languages: readonly string[] = globalThis.navigator?.languages ?? []): string {
  for (const tag of languages) {
    const primary = tag.split('-')[0]!.toLowerCase();
    if (LOCALES.includes(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

/**
 * The language to read in on this device: the one its reader chose here (or their account gave it),
 * else the browser's first language the site has, else the default (English).
 */
export function readingLanguage(): string {
  const chosen = storage()?.getItem(CHOSEN_KEY);
  return chosen && LOCALES.includes(chosen) ? chosen : browserLanguage();
}

/** Downloads what the page shows in a language before the switch (a day's lesson in it); see {@link usePrepareLanguage}. */
export type LanguagePreparer = (locale: string) => Promise<unknown>;

const preparers = new Set<LanguagePreparer>();

/**
 * Registers what a page must download before it can show another language, so a switch changes every
 * text at once; the page unregisters it (the returned function) when it unmounts.
 */
export function addLanguagePreparer(prepare: LanguagePreparer): () => void {
  preparers.add(prepare);
  return () => preparers.delete(prepare);
}

/** Runs every registered preparer for `locale` (./switch.ts, before a switch). */
export function prepareLanguage(locale: string): Promise<unknown> {
  return Promise.all([...preparers].map((prepare) => prepare(locale)));
}

/** Marks `locale` as the page's language: `<html lang>`. */
export function applied(locale: string): void {
  document.documentElement.lang = locale;
}

/**
 * Shows the app in the language this device reads in ({@link readingLanguage}): its catalogues are
 * downloaded first when it is not English. Called once before the first render (src/main.tsx).
 *
 * @returns the language shown
 */
export async function startInReadingLanguage(): Promise<string> {
  const locale = await activateLocale(readingLanguage()).catch(() => activateLocale(DEFAULT_LOCALE));
  applied(locale);
  return locale;
}

/**
 * Reconciles the device with the account once the profile has loaded: a choice made on this device that
 * has not reached the account yet is sent to it; else the account's language (chosen on another device,
 * or given by the student's class) becomes this device's. An account with none takes the device's
 * language when its reader chose one here.
 *
 * @param accountLanguage - the profile's `language`; null or undefined when it has none
 * @param saveToAccount - `PATCH /api/student/profile/`
 * @param switchTo - switches the page to a language (`switchLanguage` of ./switch.ts, loaded when needed)
 */
export async function adoptAccountLanguage(
  accountLanguage: string | null | undefined,
  saveToAccount: (locale: string) => Promise<void>,
  switchTo: (locale: string) => Promise<void>,
): Promise<void> {
  const device = storage();
  const chosen = device?.getItem(CHOSEN_KEY);
  const unsynced = device?.getItem(UNSYNCED_KEY) === '1';
  if (chosen && LOCALES.includes(chosen) && (unsynced || !accountLanguage)) {
    if (accountLanguage !== chosen) await saveToAccount(chosen).then(() => device?.removeItem(UNSYNCED_KEY), () => undefined);
    else device?.removeItem(UNSYNCED_KEY);
    return;
  }
  if (accountLanguage && LOCALES.includes(accountLanguage) && accountLanguage !== readingLanguage()) await switchTo(accountLanguage).catch(() => undefined);
  else if (accountLanguage && LOCALES.includes(accountLanguage)) device?.setItem(CHOSEN_KEY, accountLanguage);
}
