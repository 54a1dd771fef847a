import { clearTokens, getAccessToken, getRefreshToken, setAccessToken, setTokens } from '../auth/tokens.ts';

/** The token refresh path (docs/requirements.md#api-calls). */
export const REFRESH_PATH = '/api/token/refresh/';
/** Retries after a 401 and a successful refresh, per request (docs/requirements.md#authentication). */
export const RETRIES_AFTER_REFRESH = 1;
/**
 * Longest wait for any API response, ms: without it a save or a logout on dropped Wi-Fi hangs for minutes
 * (docs/decisions/005-revisions-and-drafts.md). Long enough for a slow school network.
 */
export const REQUEST_TIMEOUT_MS = 20_000;
/** Refresh the access token this long before it expires, ms, so that a save sent as the tab hides never needs a refresh (docs/decisions/005-revisions-and-drafts.md). */
export const ACCESS_TOKEN_REFRESH_MARGIN_MS = 60_000;
/** After a refresh that could not reach the server, try again this much later, ms. */
export const REFRESH_RETRY_MS = 15_000;
/**
 * The Web Lock under which this site's tabs take turns to refresh (docs/security.md#sessions-and-tokens).
 * Every refresh spends the
 * refresh token, and tabs share it through localStorage: a tab that waited for the lock reads the
 * tokens again and uses the ones the other tab just got, instead of spending a spent token.
 */
export const REFRESH_LOCK_NAME = 'helix-token-refresh';

/**
 * A failed API call. Server errors are JSON `{"detail": "...", "code": "..."}` (server/errors.ts); a
 * request that never got a response (offline, dropped Wi-Fi) has `status` 0 and `code` "network_error".
 */
export class ApiError extends Error {
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  /** The server's machine-readable code, or `http_<status>` / `network_error` / `invalid_response`. */
  readonly code: string;
  /** The server's human-readable detail, or a generic description. */
  readonly detail: string;
  /** The whole parsed error body (a 409 carries the stored answers), or null. */
  readonly body: unknown;
  /** How long the server asked to wait before trying again (`Retry-After` of a 429), ms, or null. */
  readonly retryAfterMs: number | null;

  constructor(status: number, code: string, detail: string, body: unknown = null, retryAfterMs: number | null = null) {
    super(`${status} ${code}: ${detail}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.body = body;
    this.retryAfterMs = retryAfterMs;
  }
}

/** Options of one call made with {@link ApiClient.request}. */
export interface RequestOptions {
  /** HTTP method; GET unless given. */
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON-serialisable body, sent as `application/json`. */
  body?: unknown;
  /** Send `Authorization: Bearer <accessToken>` and refresh on 401. True unless given (false for token calls and sign-up). */
  auth?: boolean;
  /** Let the browser finish the request after the page is hidden or closed (a save on tab hide). Bodies must stay under 64 KB. */
  keepalive?: boolean;
  signal?: AbortSignal;
  /** This request's timeout, ms; the client's (default {@link REQUEST_TIMEOUT_MS}) unless given. */
  timeoutMs?: number;
  /** Extra request headers, e.g. `If-None-Match` or `Content-Language`; they replace the client's own of the same name (`Accept`). */
  headers?: Record<string, string>;
}

/** Options of {@link ApiClient.requestResponse}: those of a request. */
export type RawRequestOptions = RequestOptions;

/** How long a prefetched response waits for the request it was made for, ms (see {@link ApiClient.prefetch}). */
export const PREFETCH_TTL_MS = 10_000;

export interface ApiClient {
  /**
   * Sends one JSON request and returns the parsed JSON response (undefined for an empty body).
   *
   * On a 401 the access token is refreshed with the refresh token and the request is retried once;
   * concurrent 401s share one refresh, and tabs take turns through the Web Lock
   * {@link REFRESH_LOCK_NAME}. The refresh answers the login's next refresh token too, which replaces the
   * stored one (rotation: docs/security.md#sessions-and-tokens). When the server refuses the refresh, or
   * there is no refresh token, both tokens are cleared and the auth-failure handler runs
   * (docs/requirements.md#authentication).
   *
   * @param path - an absolute API path such as `/api/student/profile/`
   * @throws {@link ApiError} on any non-2xx response, a network failure or a body that is not JSON
   */
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /**
   * Sends one request with the same auth, refresh and timeout as {@link request}, and answers its
   * `Response` whatever the status, for the callers that need its headers or a body that is not JSON
   * (`src/api/raw-requests.ts`: conditional GETs, file downloads).
   *
   * @throws {@link ApiError} on a network failure, or when a refresh the 401 called for was refused
   */
  requestResponse(path: string, options?: RawRequestOptions): Promise<Response>;
  /**
   * Starts `GET path` now, for a {@link request} of the same path expected within
   * {@link PREFETCH_TTL_MS}: that request then answers from this one (its body or its error) instead of
   * sending its own. The app prefetches a page's data at start-up (src/preload-route.ts), so it downloads in
   * parallel with the app's code (docs/decisions/011-first-visit-javascript.md). A prefetch is used once,
   * only by a plain GET of the same path, and only while the stored access token is still the one it was
   * sent with: another sign-in never sees it. One not used in time is dropped. Never throws.
   */
  prefetch(path: string): void;
  /** Sets what happens after the tokens are cleared by a failed refresh (the app sends the user to /login). */
  setAuthFailureHandler(handler: (() => void) | null): void;
  /**
   * Keeps the stored access token fresh: refreshes it {@link ACCESS_TOKEN_REFRESH_MARGIN_MS} before it
   * expires, again and again, until the returned function is called. A refresh that cannot reach the
   * server is tried again after {@link REFRESH_RETRY_MS}; one the server refuses signs the student out.
   *
   * @returns a function that stops it
   */
  keepAccessTokenFresh(): () => void;
}

/** The part of `fetch` the client uses: it always passes a URL string and an init object. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  /** Prefix for every path, e.g. `https://api.example.org`; empty for the same origin (the default). */
  baseUrl?: string;
  /** The fetch to use; the global one, looked up at call time, unless given (tests stub it). */
  fetch?: FetchLike;
  /** Called once per failed refresh, after both tokens are cleared. */
  onAuthFailure?: () => void;
  /** Per-request timeout, ms. Default {@link REQUEST_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Clock in ms since the epoch, for token expiry (tests). */
  now?: () => number;
  /** Makes the signal that ends a request after `ms`; `AbortSignal.timeout` unless given (tests pass one their fake timers drive). */
  timeoutSignal?: (ms: number) => AbortSignal;
}

/**
 * Creates a small fetch-based JSON client with bearer auth, single-flight token refresh, refresh ahead
 * of expiry, and a {@link REQUEST_TIMEOUT_MS} timeout per request, so a save or logout never hangs: a
 * timed-out request is a `network_error` like a dropped one, and autosave keeps the draft and retries
 * (docs/decisions/005-revisions-and-drafts.md).
 *
 * @example
 * const client = createApiClient({ onAuthFailure: () => navigate('/login') });
 * const profile = await client.request<ProfileResponse>('/api/student/profile/');
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const timeoutSignal = options.timeoutSignal ?? ((ms: number) => AbortSignal.timeout(ms));
  const doFetch: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  let onAuthFailure = options.onAuthFailure ?? null;
  let refreshing: Promise<string> | null = null;

  async function send(path: string, request: RequestOptions, accessToken: string | null, extraHeaders: Record<string, string> = {}): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...request.headers, ...extraHeaders };
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    const requestTimeoutMs = request.timeoutMs ?? timeoutMs;
    const timeout = timeoutSignal(requestTimeoutMs);
    try {
      return await doFetch(baseUrl + path, {
        method: request.method ?? 'GET',
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        keepalive: request.keepalive ?? false,
        signal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout,
      });
    } catch (error) {
      if (request.signal?.aborted) throw error;
      if (timeout.aborted) throw new ApiError(0, 'network_error', `No answer from the server within ${requestTimeoutMs / 1000} s.`);
      throw new ApiError(0, 'network_error', error instanceof Error ? error.message : 'The request could not be sent.');
    }
  }

  function failAuth(): never {
    clearTokens();
    onAuthFailure?.();
    throw new ApiError(401, 'refresh_failed', 'The session has expired. Please log in again.');
  }

  /** True when the access token expires within {@link ACCESS_TOKEN_REFRESH_MARGIN_MS}; a token with no readable expiry is taken as it is. */
  function expiresSoon(token: string): boolean {
    const expiresAt = accessTokenExpiry(token);
    return expiresAt !== null && expiresAt - now() <= ACCESS_TOKEN_REFRESH_MARGIN_MS;
  }

  async function refreshAccessToken(staleToken: string | null): Promise<string> {
    // Another tab may have refreshed while this one waited for the lock: its tokens are in storage.
    const current = getAccessToken();
    if (current && current !== staleToken && !expiresSoon(current)) return current;
    const refreshToken = getRefreshToken();
    if (!refreshToken) failAuth();
    // A dropped connection or a server error is not a refusal: keep the tokens so that a student on
    // weak Wi-Fi is not logged out (and their unsaved answers lost); the caller's retry will try again.
    const response = await send(REFRESH_PATH, { method: 'POST', body: { refresh: refreshToken, rotate: true }, auth: false }, null);
    if (response.status >= 500) throw await toApiError(response);
    const body: unknown = response.ok ? await response.json().catch(() => null) : null;
    const access = isRecord(body) && typeof body.access === 'string' && body.access ? body.access : null;
    if (!access) failAuth();
    // The refresh token just sent is spent (rotation): keep the next one. A server without rotation answers only `access`.
    if (isRecord(body) && typeof body.refresh === 'string' && body.refresh) setTokens({ accessToken: access, refreshToken: body.refresh });
    else setAccessToken(access);
    return access;
  }

  /** The access token to retry with after `staleToken` got a 401: one refresh shared by every caller, and by every tab. */
  function freshAccessToken(staleToken: string | null): Promise<string> {
    const current = getAccessToken();
    // Another request (or tab) refreshed since this one was sent: no need to refresh again.
    if (current && current !== staleToken && !refreshing) return Promise.resolve(current);
    refreshing ??= withRefreshLock(() => refreshAccessToken(staleToken)).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** The stored access token, refreshed first when it expires within the margin (a failed refresh leaves it as is). */
  async function currentAccessToken(): Promise<string | null> {
    const token = getAccessToken();
    const expiresAt = token ? accessTokenExpiry(token) : null;
    if (token === null || expiresAt === null || expiresAt - now() > ACCESS_TOKEN_REFRESH_MARGIN_MS) return token;
    try {
      return await freshAccessToken(token);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'refresh_failed') throw error;
      return token; // the server could not be reached: send it anyway; a 401 retries the refresh
    }
  }

  /** Sends one request with the access token, refreshing it and retrying once on a 401; answers the last response, whatever its status. */
  async function requestResponse(path: string, { headers: extraHeaders, ...request }: RawRequestOptions = {}): Promise<Response> {
    const auth = request.auth ?? true;
    const stored = auth ? getAccessToken() : null;
    // A token far from its expiry goes out at once, so the request leaves in the caller's task (a
    // prefetch at start-up then does not wait for the rest of the app's code to run); one about to
    // expire is refreshed first.
    const accessToken = stored !== null && !expiresSoon(stored) ? stored : auth ? await currentAccessToken() : null;
    let response = await send(path, request, accessToken, extraHeaders);
    for (let retry = 0; auth && response.status === 401 && retry < RETRIES_AFTER_REFRESH; retry += 1) {
      const freshToken = await freshAccessToken(accessToken);
      response = await send(path, request, freshToken, extraHeaders);
    }
    return response;
  }

  const prefetched = new Map<string, { startedAt: number; token: string | null; result: Promise<unknown> }>();

  function prefetch(path: string): void {
    const result = request<unknown>(path);
    result.catch(() => undefined); // Its error is for the request that uses it, if any.
    prefetched.set(path, { startedAt: now(), token: getAccessToken(), result });
  }

  /** The prefetch a plain GET of `path` may answer from (see {@link ApiClient.prefetch}), taken out of the map. */
  function takePrefetched(path: string, request: RequestOptions): Promise<unknown> | null {
    const entry = prefetched.get(path);
    if (!entry) return null;
    prefetched.delete(path);
    const plainGet = (request.method ?? 'GET') === 'GET' && request.body === undefined && request.signal === undefined && request.auth !== false;
    const fresh = now() - entry.startedAt <= PREFETCH_TTL_MS && entry.token === getAccessToken();
    return plainGet && fresh ? entry.result : null;
  }

  async function request<T>(path: string, request: RequestOptions = {}): Promise<T> {
    const early = takePrefetched(path, request);
    if (early) return early as Promise<T>;
    const response = await requestResponse(path, request);
    if (!response.ok) throw await toApiError(response);
    return parseJson<T>(response);
  }

  function keepAccessTokenFresh(): () => void {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const schedule = (delayMs: number) => {
      if (!stopped) timer = setTimeout(tick, Math.max(0, delayMs));
    };
    const tick = () => {
      const token = getAccessToken();
      const expiresAt = token ? accessTokenExpiry(token) : null;
      if (token === null || expiresAt === null) return;
      const due = expiresAt - ACCESS_TOKEN_REFRESH_MARGIN_MS - now();
      if (due > 0) return schedule(due);
      freshAccessToken(token).then(
        () => schedule(0),
        (error: unknown) => {
          if (!(error instanceof ApiError && error.code === 'refresh_failed')) schedule(REFRESH_RETRY_MS);
        },
      );
    };
    tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }

  return {
    request,
    requestResponse,
    prefetch,
    setAuthFailureHandler(handler) {
      onAuthFailure = handler;
    },
    keepAccessTokenFresh,
  };
}

/**
 * The response's JSON body, undefined when empty.
 *
 * @throws {@link ApiError} `invalid_response` for a body that is not JSON
 */
export async function parseJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(response.status, 'invalid_response', 'The server sent a response that is not JSON.');
  }
}

/** Reads a server error body `{"detail", "code"}`, tolerating an empty or non-JSON body, and its `Retry-After`. */
export async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const detail = isRecord(body) && typeof body.detail === 'string' ? body.detail : response.statusText || `Request failed with status ${response.status}.`;
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : `http_${response.status}`;
  return new ApiError(response.status, code, detail, body, retryAfterMs(response.headers.get('Retry-After')));
}

/**
 * Reads a `Retry-After` header: whole seconds, or an HTTP date (RFC 9110 §10.2.3).
 *
 * @returns ms to wait (0 for a date in the past), or null when absent or unreadable
 */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  if (/^\s*\d+\s*$/.test(header)) return Number(header) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * Runs `task` holding the Web Lock {@link REFRESH_LOCK_NAME}, so that tabs refresh one at a time
 * (docs/security.md#sessions-and-tokens); runs it at once where Web Locks are missing (old browsers,
 * jsdom): the server then hands two tabs refreshing with one token the same next token, within its 60 s
 * grace window.
 */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  return locks ? locks.request(REFRESH_LOCK_NAME, task) : task();
}

/** A JWT's claims, read without checking its signature (the server does that); null when it is not a JWT. */
function tokenClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return isRecord(json) ? json : null;
  } catch {
    return null;
  }
}

/**
 * When a JWT expires, from its `exp` claim, without checking its signature (the server does that).
 *
 * @returns ms since the epoch, or null when the token is not a JWT with a numeric `exp`
 */
export function accessTokenExpiry(token: string): number | null {
  const exp = tokenClaims(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}

/**
 * Whose a JWT is, from its `sub` claim: Helix's server puts the user's id there, as a string
 * (server/auth/tokens.ts). Not checked: only for naming what the device keeps for that user.
 *
 * @returns the claim, or null when the token is not a JWT with a non-empty string `sub`
 */
export function accessTokenSubject(token: string): string | null {
  const sub = tokenClaims(token)?.sub;
  return typeof sub === 'string' && sub ? sub : null;
}

/** True for a plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The app's API client: same origin unless `VITE_API_BASE_URL` is set at build time. The
 * {@link AuthProvider} installs its auth-failure handler.
 */
export const apiClient: ApiClient = createApiClient({ baseUrl: import.meta.env.VITE_API_BASE_URL ?? '' });
