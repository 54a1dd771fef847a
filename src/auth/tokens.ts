/**
 * The stored auth tokens (docs/requirements.md#api-calls): the access token and the refresh token live in
 * the browser's local storage under exactly these keys.
 */
export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';
/**
 * The signed-in student's last loaded profile (JSON), so that a start-up on flaky Wi-Fi can show the app
 * from the stored tokens before the profile arrives (docs/decisions/005-revisions-and-drafts.md). Removed
 * with the tokens.
 */
export const PROFILE_KEY = 'profile';

/**
 * The school's provider the student signed in with (JSON `{label, signOutUrl}`), so that signing out can
 * say their provider account is still signed in on the device (docs/decisions/025-school-sign-in.md).
 * Removed with the tokens.
 */
export const SIGNED_IN_PROVIDER_KEY = 'signedInProvider';
/** Where logout leaves that provider for the sign-in page's notice (src/pages/LoginPage.tsx), in this tab's session storage. */
export const SIGNED_OUT_OF_KEY = 'helix.signedOutOf';

/** Both tokens, as returned by login and sign-up. */
export interface AuthTokens {
  accessToken: string;
  refreshToken: string;
}

/**
 * Reads one key, treating an unavailable storage (some locked-down school profiles block it) as empty.
 *
 * @returns the stored string, or null when absent, empty or unreadable
 */
function read(key: string): string | null {
  try {
    return localStorage.getItem(key) || null;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked: the session still works until the tab closes.
  }
}

function remove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to remove from a storage we cannot reach.
  }
}

/** The stored access token (a JWT string), or null when logged out. */
export function getAccessToken(): string | null {
  return read(ACCESS_TOKEN_KEY);
}

/** The stored refresh token, or null when there is none. */
export function getRefreshToken(): string | null {
  return read(REFRESH_TOKEN_KEY);
}

/** Stores both tokens after login or sign-up (docs/requirements.md#authentication). */
export function setTokens({ accessToken, refreshToken }: AuthTokens): void {
  write(ACCESS_TOKEN_KEY, accessToken);
  write(REFRESH_TOKEN_KEY, refreshToken);
}

/** Replaces the access token after a refresh; the refresh token is kept. */
export function setAccessToken(accessToken: string): void {
  write(ACCESS_TOKEN_KEY, accessToken);
}

/** Removes both tokens and the cached profile (logout, or a refresh the server refused). */
export function clearTokens(): void {
  remove(ACCESS_TOKEN_KEY);
  remove(REFRESH_TOKEN_KEY);
  remove(PROFILE_KEY);
  remove(SIGNED_IN_PROVIDER_KEY);
}

/** Keeps the last loaded profile (any JSON value) for a start-up without network. */
export function storeProfile(profile: unknown): void {
  write(PROFILE_KEY, JSON.stringify(profile));
}

/** The profile kept by {@link storeProfile}, parsed, or null when absent or unreadable. */
export function storedProfile(): unknown {
  const text = read(PROFILE_KEY);
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
