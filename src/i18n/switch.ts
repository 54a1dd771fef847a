import { activateLocale, loadLocale } from '../../engine/index.ts';
import { applied, CHOSEN_KEY, prepareLanguage, storage, UNSYNCED_KEY } from './language.ts';

// Switching the reader's language in place (docs/decisions/023-the-reader-s-language.md): loaded by the
// language menu, and at sign-in when the account's language is another, not by the start-up file.

/**
 * Switches the app to `locale` in place (no navigation, no reload): what the pages on screen need in it
 * (their `addLanguagePreparer`, ./language.ts) and its catalogues are downloaded first, side by side,
 * then every text changes in one render. The
 * choice is kept on this device, and on the account when `saveToAccount` is given (a failure, offline,
 * is retried by `adoptAccountLanguage`, ./language.ts, at the next sign-in or start).
 *
 * @param locale - one of the site's languages
 * @param saveToAccount - stores it on the signed-in account (`PATCH /api/student/profile/`)
 * @throws when the language's files cannot be downloaded: nothing changed
 */
export async function switchLanguage(locale: string, saveToAccount?: (locale: string) => Promise<void>): Promise<void> {
  await Promise.all([prepareLanguage(locale), loadLocale(locale)]);
  const shown = await activateLocale(locale);
  applied(shown);
  const device = storage();
  device?.setItem(CHOSEN_KEY, shown);
  if (!saveToAccount) return;
  device?.setItem(UNSYNCED_KEY, '1');
  await saveToAccount(shown).then(
    () => device?.removeItem(UNSYNCED_KEY),
    () => undefined,
  );
}
