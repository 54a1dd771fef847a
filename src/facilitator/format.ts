import { ApiError } from '../api/client.ts';
import type { Person } from '../api/facilitator-endpoints.ts';

/** A person's first and last name, or their username when both are empty. */
export function fullName(person: Pick<Person, 'first_name' | 'last_name' | 'username'>): string {
  return `${person.first_name} ${person.last_name}`.trim() || person.username;
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
 * How long ago `iso` was, in words of the reader's locale ("5 minutes ago", "yesterday"); "just now"
 * under a minute.
 *
 * @param now - the current time, ms since the epoch
 * @returns the words, or an empty string for an unreadable date
 */
export function relativeTime(iso: string, now: number): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const elapsed = now - at;
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  for (const [unit, ms] of UNITS) if (Math.abs(elapsed) >= ms) return format.format(-Math.trunc(elapsed / ms), unit);
  return 'just now';
}

/** A date and time in full, in the reader's locale (a `title` beside a relative time); empty for an unreadable date. */
export function exactTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(at);
}

/** The time of day as hh:mm:ss, 24-hour, e.g. "09:05:30". */
export function clockTime(date: Date): string {
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':');
}

/**
 * What to tell the facilitator about a failed call: the message given for its code, else the server's
 * detail, else a generic sentence.
 *
 * @param byCode - messages by the error's `code`, e.g. `{ class_name_taken: 'A class with this name already exists.' }`
 */
export function problemOf(error: unknown, byCode: Record<string, string> = {}): string {
  if (error instanceof ApiError) return byCode[error.code] ?? (error.status === 0 ? 'The server could not be reached. Check the connection and try again.' : error.detail);
  return 'Something went wrong. Please try again.';
}
