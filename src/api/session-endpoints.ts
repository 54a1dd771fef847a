import { getRefreshToken, SIGNED_IN_PROVIDER_KEY, SIGNED_OUT_OF_KEY, type AuthTokens } from '../auth/tokens.ts';
import { apiClient, ApiError, isRecord, type ApiClient } from './client.ts';
import type { SignupDetails } from './endpoints.ts';

// The requests that start and end a login: sign in, sign up, log out. A chunk of its own, which the app
// asks for once it is idle and whenever one of them is first used (src/auth/AuthProvider.tsx): /login,
// every student's first page, draws without it (docs/decisions/011-first-visit-javascript.md).

/**
 * A sign-in or sign-up refused with 429 and a `Retry-After` of at most this, ms, is retried after that
 * wait, while the form shows "Signing in…" (docs/security.md: the server slows repeated failures down rather
 * than locking out; a student whose classmate typed wrong passwords for their name gets in within the
 * minute instead of reading "Invalid credentials").
 */
export const RATE_LIMIT_RETRY_MAX_WAIT_MS = 30_000;
/** Most waiting in all for one sign-in or sign-up, ms; past it the 429 is the answer. */
export const RATE_LIMIT_RETRY_TOTAL_MS = 60_000;

/** Waits `ms`; tests pass their own. */
export type Sleep = (ms: number) => Promise<void>;
const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `call`, waiting out and retrying 429s as {@link RATE_LIMIT_RETRY_MAX_WAIT_MS} allows. */
async function waitingOutRateLimits<T>(call: () => Promise<T>, wait: Sleep): Promise<T> {
  let waited = 0;
  for (;;) {
    try {
      return await call();
    } catch (error) {
      const retryAfter = error instanceof ApiError && error.status === 429 ? error.retryAfterMs : null;
      if (retryAfter === null || retryAfter > RATE_LIMIT_RETRY_MAX_WAIT_MS || waited + retryAfter > RATE_LIMIT_RETRY_TOTAL_MS) throw error;
      waited += retryAfter;
      await wait(retryAfter);
    }
  }
}

/**
 * Logs in with a username and password: `POST /api/token/`. A 429 asking for a short wait is waited
 * out and retried ({@link RATE_LIMIT_RETRY_MAX_WAIT_MS}).
 *
 * @returns both tokens (the caller stores them)
 * @throws {@link ApiError} 401 on bad credentials, 429 when held back longer, or any other failure
 */
export async function login(username: string, password: string, client: ApiClient = apiClient, wait: Sleep = sleep): Promise<AuthTokens> {
  const body = await waitingOutRateLimits(() => client.request<unknown>('/api/token/', { method: 'POST', body: { username, password }, auth: false }), wait);
  return toTokens(body);
}

/** Longest wait for the server to end the login at logout, ms: a slow or failed call never holds up the sign-out (docs/security.md). */
export const LOGOUT_REQUEST_TIMEOUT_MS = 3_000;

/**
 * Ends the current login on the server: `POST /api/token/logout/` with the stored refresh token, so
 * that it cannot be used again (docs/security.md). Does nothing without a refresh token. Call it after the
 * final save and before the tokens are removed (docs/requirements.md#authentication).
 *
 * @throws {@link ApiError} on any failure, including no answer within {@link LOGOUT_REQUEST_TIMEOUT_MS};
 *   the caller signs out anyway
 */
export async function revokeLogin(client: ApiClient = apiClient): Promise<void> {
  const refresh = getRefreshToken();
  if (!refresh) return;
  await client.request<unknown>('/api/token/logout/', { method: 'POST', body: { refresh }, auth: false, timeoutMs: LOGOUT_REQUEST_TIMEOUT_MS });
}

/**
 * Creates a student account: `POST /api/student/signup/` with the snake_case payload of docs/requirements.md#records. A 429
 * asking for a short wait (a whole school signing up at once) is waited out and retried.
 *
 * @returns both tokens of the new account (the caller stores them)
 * @throws {@link ApiError} 409 when the username is taken, 400 on invalid details, 429 when held back
 *   longer, or any other failure
 */
export async function signup(details: SignupDetails, client: ApiClient = apiClient, wait: Sleep = sleep): Promise<AuthTokens> {
  const body = await waitingOutRateLimits(
    () =>
      client.request<unknown>('/api/student/signup/', {
        method: 'POST',
        auth: false,
        body: {
          username: details.username,
          password: details.password,
          first_name: details.firstName,
          last_name: details.lastName,
          classroom_name: details.classroomName,
          ...(details.joinCode === undefined ? {} : { join_code: details.joinCode }),
        },
      }),
    wait,
  );
  return toTokens(body);
}

function toTokens(body: unknown): AuthTokens {
  if (isRecord(body) && typeof body.access === 'string' && typeof body.refresh === 'string' && body.access && body.refresh) {
    return { accessToken: body.access, refreshToken: body.refresh };
  }
  throw new ApiError(200, 'invalid_response', 'The server did not send both tokens.');
}

/**
 * Puts the signed-in student in the class of a join link: `POST /api/join/{code}/` (Helix's addition,
 * docs/decisions/024-class-join-links.md).
 *
 * @throws {@link ApiError} 404 `join_code_unknown` for a closed or unknown code, 403 for a facilitator, or any other failure
 */
export async function joinClass(code: string, client: ApiClient = apiClient): Promise<void> {
  await client.request<unknown>(`/api/join/${encodeURIComponent(code)}/`, { method: 'POST' });
}

/** What finishing a sign-in through a school's provider gives: the tokens, where to go, and the provider. */
export interface ProviderSignIn extends AuthTokens {
  /** A path on this site, e.g. `/sections/day-1`. */
  returnTo: string;
  /** The provider's name (e.g. Google) and where to sign out of it on a shared device, kept for the sign-out notice. */
  provider: SignedInProvider;
}

/** The provider a student signed in with, as the sign-out notice names it. */
export interface SignedInProvider {
  label: string;
  signOutUrl: string | null;
}

/**
 * Exchanges the one-time code of `/login/return#handoff=…` for the tokens: `POST /api/auth/oidc/session/`
 * (Helix's addition, docs/decisions/025-school-sign-in.md).
 *
 * @throws {@link ApiError} 401 `handoff_invalid` for a code spent or older than 2 minutes, or any other failure
 */
export async function redeemHandoff(handoff: string, client: ApiClient = apiClient): Promise<ProviderSignIn> {
  const body = await client.request<unknown>('/api/auth/oidc/session/', { method: 'POST', body: { handoff }, auth: false });
  const tokens = toTokens(body);
  const record = body as { return_to?: unknown; provider?: { label?: unknown; sign_out_url?: unknown } };
  const provider: SignedInProvider = {
    label: typeof record.provider?.label === 'string' ? record.provider.label : '',
    signOutUrl: typeof record.provider?.sign_out_url === 'string' ? record.provider.sign_out_url : null,
  };
  // Kept with the tokens (and removed with them) for the sign-out notice.
  try {
    localStorage.setItem(SIGNED_IN_PROVIDER_KEY, JSON.stringify(provider));
  } catch {
    // Storage full or blocked: the sign-out goes without the notice.
  }
  return { ...tokens, returnTo: typeof record.return_to === 'string' ? record.return_to : '/', provider };
}

/**
 * At logout, before the tokens are removed: when the student signed in through a school's provider,
 * leaves it for the sign-in page, which then says that account is still signed in on the device.
 */
export function noteProviderSignOut(): void {
  try {
    const provider = localStorage.getItem(SIGNED_IN_PROVIDER_KEY);
    if (provider !== null) sessionStorage.setItem(SIGNED_OUT_OF_KEY, provider);
  } catch {
    // A storage we cannot reach: the page goes without the notice.
  }
}

