import messages from '../../content/locales/en/console.json';
import { currentLocale, translator, type Translate } from '../../engine/index.ts';
import { ApiError } from '../api/client.ts';
import type { Person } from '../api/facilitator-endpoints.ts';

/** The console's messages (content/locales/LOCALE/console.json), as `t` gives them. */
export type ConsoleTranslate = Translate<typeof messages>;

/** A person's first and last name, or their username when both are empty. */
export function fullName(person: Pick<Person, 'first_name' | 'last_name' | 'username'>): string {
  return `${person.first_name} ${person.last_name}`.trim() || person.username;
}

/**
 * The locale dates and numbers are written in: the browser's own when it speaks the reader's language
 * (so `en-GB` keeps its day-month order and 24-hour clock), else the reader's language.
 *
 * @param language - the reader's language, e.g. `es`; the active one unless given
 */
export function formatLocale(language: string = currentLocale()): string {
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages;
  return browser.find((each) => each.split('-')[0] === language) ?? language;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

/**
 * How long ago `iso` was, in words of the reader's language ("5 minutes ago", "yesterday"; "hace 5
 * minutos", "ayer"); "just now" under a minute (`time.justNow` in content/locales/LOCALE/console.json).
 *
 * @param now - the current time, ms since the epoch
 * @param t - the console's messages in the reader's language; the active language's unless given
 * @param locale - BCP 47 locale of the words; {@link formatLocale}'s unless given
 * @returns the words, or an empty string for an unreadable date
 */
export function relativeTime(iso: string, now: number, t: ConsoleTranslate = translator(messages), locale: string = formatLocale()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const elapsed = now - at;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, ms] of UNITS) if (Math.abs(elapsed) >= ms) return format.format(-Math.trunc(elapsed / ms), unit);
  return t('time.justNow');
}

/**
 * A date and time in full, in the reader's language (a `title` beside a relative time); empty for an unreadable date.
 *
 * @param locale - BCP 47 locale; {@link formatLocale}'s unless given
 */
export function exactTime(iso: string, locale: string = formatLocale()): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(at);
}

/** The time of day as hh:mm:ss, 24-hour, e.g. "09:05:30" (the same in every language). */
export function clockTime(date: Date): string {
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':');
}

/**
 * What to tell the facilitator about a failed call, in their language: the message for the error's
 * `code` (`apiError.<code>` in content/locales/LOCALE/console.json, e.g. `apiError.class_name_taken`:
 * "A class with this name already exists."), the one for an unreachable server when the connection
 * failed, else a generic sentence. The server's `detail` is never shown: it is English, for developers.
 *
 * @param error - what the call threw, an `ApiError` or anything else
 * @param t - the console's messages in the reader's language; the active language's unless given
 */
export function problemOf(error: unknown, t: ConsoleTranslate = translator(messages)): string {
  if (error instanceof ApiError) {
    const id = `apiError.${error.status === 0 ? 'network_error' : error.code}`;
    if (Object.hasOwn(messages, id)) return t(id as keyof typeof messages);
  }
  return t('problem.generic');
}
