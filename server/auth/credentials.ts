/**
 * The rules for usernames and new passwords (docs/security.md#passwords-and-usernames): one place, so
 * sign-up, sign-in and the abuse limits all see a username the same way. The Sign Up form imports these
 * rules to check them before sending (src/auth/credentials.ts), so this module stays plain TypeScript
 * with no imports.
 */

/** Shortest password accepted at sign-up, in characters (Unicode code points; docs/security.md#passwords-and-usernames). */
export const MIN_PASSWORD_LENGTH = 8;

/** Refused at sign-up: the password is shorter than {@link MIN_PASSWORD_LENGTH}. */
export const PASSWORD_TOO_SHORT_MESSAGE = `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;

/** Refused at sign-up: the username holds a control, invisible (zero-width) or text-direction character. */
export const USERNAME_INVISIBLE_MESSAGE =
  'The username must not contain control characters, invisible (zero-width) characters or text-direction marks.';

/** Refused at sign-up: the username mixes Latin, Greek and Cyrillic letters, whose look-alikes (a/а, o/ο) could impersonate another student. */
export const USERNAME_MIXED_SCRIPTS_MESSAGE = 'The username must not mix Latin, Greek and Cyrillic letters.';

/**
 * Characters a username may not hold: every control (Cc), format (Cf: zero-width spaces and joiners,
 * bidirectional marks and overrides, soft hyphen), surrogate (Cs), private-use (Co) and unassigned (Cn)
 * code point, and the line and paragraph separators (Zl, Zp).
 */
const FORBIDDEN_IN_USERNAME = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u;

/** The alphabets whose letters look alike; a username uses at most one of them. */
const CONFUSABLE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Greek}/u, /\p{Script=Cyrillic}/u];

/**
 * The username as stored and as looked up: Unicode NFKC (so `ｊｏｈｎ` and `ﬁsh` become `john` and
 * `fish`), then trimmed. Letter case is kept: the student's spelling is shown back to them.
 */
export function normalizeUsername(username: string): string {
  return username.normalize('NFKC').trim();
}

/**
 * The one key a username is unique under and rate-limited under: {@link normalizeUsername} then
 * JavaScript's locale-independent `toLowerCase()`. Computed here only, never by the database, whose
 * `lower()` depends on its locale (`lower('İ')` is `i` in PostgreSQL but `i̇` here).
 *
 * @example usernameKey('  ＡＤＡ ') // 'ada'
 */
export function usernameKey(username: string): string {
  return normalizeUsername(username).toLowerCase();
}

/**
 * Checks a username offered at sign-up (after {@link normalizeUsername}).
 *
 * @returns the message to answer with, or null when the username is acceptable
 */
export function usernameProblem(username: string): string | null {
  if (FORBIDDEN_IN_USERNAME.test(username)) return USERNAME_INVISIBLE_MESSAGE;
  if (CONFUSABLE_SCRIPTS.filter((script) => script.test(username)).length > 1) return USERNAME_MIXED_SCRIPTS_MESSAGE;
  return null;
}

/**
 * Checks a password chosen at sign-up. Sign-in accepts any non-empty password, so accounts made before
 * the rule still sign in.
 *
 * @returns the message to answer with, or null when the password is long enough
 */
export function newPasswordProblem(password: string): string | null {
  return [...password].length < MIN_PASSWORD_LENGTH ? PASSWORD_TOO_SHORT_MESSAGE : null;
}

/**
 * How a class name and a student's Classroom Name are compared (docs/facilitators.md#classes): NFKC,
 * trimmed, lower-cased, so `"  Biology 10A "` and `"biology 10a"` name one class.
 */
export function classKey(name: string): string {
  return name.normalize('NFKC').trim().toLowerCase();
}
