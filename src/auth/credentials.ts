/**
 * The Sign Up form's checks on a new username and password, made before anything is sent
 * (docs/security.md#passwords-and-usernames), like "Passwords do not match."
 * (docs/requirements.md#validation). The rules and messages are the server's own
 * (server/auth/credentials.ts: plain TypeScript, no Node API), so the form can never let through what the
 * API refuses for these reasons.
 */
import { normalizeUsername, usernameProblem as storedUsernameProblem } from '../../server/auth/credentials.ts';

export { newPasswordProblem } from '../../server/auth/credentials.ts';

/**
 * Checks a username as typed into the Sign Up form: NFKC-normalised and trimmed first, as the server stores it.
 *
 * @returns the message to show under the field, or null when the username is acceptable
 */
export function usernameProblem(typed: string): string | null {
  return storedUsernameProblem(normalizeUsername(typed));
}
