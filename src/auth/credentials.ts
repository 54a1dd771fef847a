/**
 * The Sign Up form's checks on a new username and password, made before anything is sent (issue 11,
 * "Passwords"), like "Passwords do not match." (spec section 5). The server applies the same rules
 * (server/auth/credentials.ts) with the same messages; src/auth/credentials.test.ts keeps the two in step.
 */

/** Shortest password accepted at sign-up, in characters (issue 11). */
export const MIN_PASSWORD_LENGTH = 8;
export const PASSWORD_TOO_SHORT_MESSAGE = `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
export const USERNAME_INVISIBLE_MESSAGE =
  'The username must not contain control characters, invisible (zero-width) characters or text-direction marks.';
export const USERNAME_MIXED_SCRIPTS_MESSAGE = 'The username must not mix Latin, Greek and Cyrillic letters.';

/** Control, format (zero-width, text direction), surrogate, private-use and unassigned characters, and line or paragraph separators. */
const FORBIDDEN_IN_USERNAME = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u;
const CONFUSABLE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Greek}/u, /\p{Script=Cyrillic}/u];

/**
 * Checks a username typed into the Sign Up form (NFKC-normalised and trimmed first, as the server stores it).
 *
 * @returns the message to show under the field, or null when the username is acceptable
 */
export function usernameProblem(typed: string): string | null {
  const username = typed.normalize('NFKC').trim();
  if (FORBIDDEN_IN_USERNAME.test(username)) return USERNAME_INVISIBLE_MESSAGE;
  if (CONFUSABLE_SCRIPTS.filter((script) => script.test(username)).length > 1) return USERNAME_MIXED_SCRIPTS_MESSAGE;
  return null;
}

/**
 * Checks a password chosen in the Sign Up form; counted in characters, not UTF-16 units.
 *
 * @returns the message to show under the field, or null when it is long enough
 */
export function newPasswordProblem(password: string): string | null {
  return [...password].length < MIN_PASSWORD_LENGTH ? PASSWORD_TOO_SHORT_MESSAGE : null;
}
