/**
 * The stored auth tokens (spec section 3, "Auth tokens"): the access token and the refresh token live in
 * the browser's local storage under exactly these keys.
 */
export const ACCESS_TOKEN_KEY = 'accessToken'; // spec §3 Auth tokens
export const REFRESH_TOKEN_KEY = 'refreshToken'; // spec §3 Auth tokens

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

/** Stores both tokens after login or sign-up (spec section 4, "Authentication"). */
export function setTokens({ accessToken, refreshToken }: AuthTokens): void {
  write(ACCESS_TOKEN_KEY, accessToken);
  write(REFRESH_TOKEN_KEY, refreshToken);
}

/** Replaces the access token after a refresh; the refresh token is kept. */
export function setAccessToken(accessToken: string): void {
  write(ACCESS_TOKEN_KEY, accessToken);
}

/** Removes both tokens (logout, failed refresh, failed start-up profile fetch). */
export function clearTokens(): void {
  remove(ACCESS_TOKEN_KEY);
  remove(REFRESH_TOKEN_KEY);
}
