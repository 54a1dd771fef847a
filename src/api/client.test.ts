import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, PREFETCH_TTL_MS, REFRESH_LOCK_NAME, retryAfterMs } from './client.ts';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function authorizationOf(init: RequestInit | undefined): string | null {
  return new Headers(init?.headers).get('Authorization');
}

afterEach(() => {
  localStorage.clear();
});

describe('api client', () => {
  describe('when signed in', () => {
    it('sends the access token as a bearer credential and returns the JSON body', async () => {
      localStorage.setItem('accessToken', 'access-1');
      const fetch = vi.fn(async () => json(200, { username: 'ada' }));
      const client = createApiClient({ fetch });

      await expect(client.request('/api/student/profile/')).resolves.toEqual({ username: 'ada' });

      expect(fetch).toHaveBeenCalledOnce();
      const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe('/api/student/profile/');
      expect(authorizationOf(init)).toBe('Bearer access-1');
    });

    it('sends a JSON body and can keep the request alive while the tab hides', async () => {
      localStorage.setItem('accessToken', 'access-1');
      const fetch = vi.fn(async () => json(200, {}));
      const client = createApiClient({ fetch });

      await client.request('/api/student/modules/1/response/', { method: 'POST', body: { answers: { a: 1 } }, keepalive: true });

      const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
      expect(init.method).toBe('POST');
      expect(init.keepalive).toBe(true);
      expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
      expect(JSON.parse(init.body as string)).toEqual({ answers: { a: 1 } });
    });
  });

  describe('a prefetch at start-up', () => {
    const ANSWERS = '/api/student/modules/1/response/detail/';

    it('answers the page\'s own request of the same path, without a second download', async () => {
      localStorage.setItem('accessToken', 'access-1');
      const fetch = vi.fn(async () => json(200, { revision: 3 }));
      const client = createApiClient({ fetch });

      client.prefetch(ANSWERS);
      await expect(client.request(ANSWERS)).resolves.toEqual({ revision: 3 });

      expect(fetch).toHaveBeenCalledOnce();
      // Used once: the next request downloads again.
      await client.request(ANSWERS);
      expect(fetch).toHaveBeenCalledTimes(2);
    });

    it('hands its error to that request, as if it had been sent then', async () => {
      localStorage.setItem('accessToken', 'access-1');
      const fetch = vi.fn(async () => json(503, { detail: 'Restarting.', code: 'unavailable' }));
      const client = createApiClient({ fetch });

      client.prefetch(ANSWERS);
      await expect(client.request(ANSWERS)).rejects.toMatchObject({ status: 503, code: 'unavailable' });
      expect(fetch).toHaveBeenCalledOnce();
    });

    it('is never shown to another sign-in, to a write, or after it has waited too long', async () => {
      let now = 0;
      localStorage.setItem('accessToken', 'access-ada');
      const fetch = vi.fn(async (_url: string, init: RequestInit) => json(200, { for: authorizationOf(init), method: init.method ?? 'GET' }));
      const client = createApiClient({ fetch, now: () => now });

      client.prefetch(ANSWERS);
      localStorage.setItem('accessToken', 'access-grace');
      await expect(client.request(ANSWERS)).resolves.toEqual({ for: 'Bearer access-grace', method: 'GET' });

      client.prefetch(ANSWERS);
      await expect(client.request(ANSWERS, { method: 'POST', body: {} })).resolves.toMatchObject({ method: 'POST' });

      client.prefetch(ANSWERS);
      now += PREFETCH_TTL_MS + 1;
      await client.request(ANSWERS);
      expect(fetch).toHaveBeenCalledTimes(6);
    });
  });

  describe('token calls', () => {
    it('carry no authorization header', async () => {
      localStorage.setItem('accessToken', 'access-1');
      const fetch = vi.fn(async () => json(200, { access: 'a', refresh: 'r' }));
      const client = createApiClient({ fetch });

      await client.request('/api/token/', { method: 'POST', body: { username: 'ada', password: 'pw' }, auth: false });

      const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
      expect(authorizationOf(init)).toBeNull();
    });
  });

  describe('on an error response', () => {
    it('throws an ApiError with the status, code and detail of the body', async () => {
      const fetch = vi.fn(async () => json(409, { detail: 'That username is taken.', code: 'username_taken' }));
      const client = createApiClient({ fetch });

      const error = await client.request('/api/student/signup/', { method: 'POST', body: {}, auth: false }).catch((caught: unknown) => caught);

      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 409, code: 'username_taken', detail: 'That username is taken.' });
    });

    it('throws a network_error ApiError with status 0 when no response arrives', async () => {
      const fetch = vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      });
      const client = createApiClient({ fetch });

      await expect(client.request('/api/student/profile/')).rejects.toMatchObject({ status: 0, code: 'network_error' });
    });
  });

  describe('after a 401', () => {
    it('refreshes the access token and retries once with the new token', async () => {
      localStorage.setItem('accessToken', 'expired');
      localStorage.setItem('refreshToken', 'refresh-1');
      const fetch = vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/token/refresh/') return json(200, { access: 'access-2' });
        return authorizationOf(init) === 'Bearer access-2' ? json(200, { ok: true }) : json(401, { detail: 'Token expired', code: 'token_not_valid' });
      });
      const onAuthFailure = vi.fn();
      const client = createApiClient({ fetch, onAuthFailure });

      await expect(client.request('/api/student/profile/')).resolves.toEqual({ ok: true });

      expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/student/profile/', '/api/token/refresh/', '/api/student/profile/']);
      const [, refreshInit] = fetch.mock.calls[1] as unknown as [string, RequestInit];
      expect(JSON.parse(refreshInit.body as string)).toEqual({ refresh: 'refresh-1', rotate: true });
      expect(authorizationOf(refreshInit)).toBeNull();
      expect(authorizationOf(fetch.mock.calls[2]?.[1])).toBe('Bearer access-2');
      expect(localStorage.getItem('accessToken')).toBe('access-2');
      expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
      expect(onAuthFailure).not.toHaveBeenCalled();
    });

    it('does not retry a second time when the retried request gets a 401 too', async () => {
      localStorage.setItem('accessToken', 'expired');
      localStorage.setItem('refreshToken', 'refresh-1');
      const fetch = vi.fn(async (url: string) => {
        if (url === '/api/token/refresh/') return json(200, { access: 'access-2' });
        return json(401, { detail: 'Not allowed', code: 'not_authenticated' });
      });
      const client = createApiClient({ fetch });

      await expect(client.request('/api/student/profile/')).rejects.toMatchObject({ status: 401, code: 'not_authenticated' });

      expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/student/profile/', '/api/token/refresh/', '/api/student/profile/']);
    });

    it('clears both tokens and reports the auth failure when the server refuses the refresh', async () => {
      localStorage.setItem('accessToken', 'expired');
      localStorage.setItem('refreshToken', 'revoked');
      const fetch = vi.fn(async (url: string) => {
        if (url === '/api/token/refresh/') return json(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
        return json(401, { detail: 'Token expired', code: 'token_not_valid' });
      });
      const onAuthFailure = vi.fn();
      const client = createApiClient({ fetch, onAuthFailure });

      await expect(client.request('/api/student/profile/')).rejects.toMatchObject({ status: 401 });

      expect(localStorage.getItem('accessToken')).toBeNull();
      expect(localStorage.getItem('refreshToken')).toBeNull();
      expect(onAuthFailure).toHaveBeenCalledOnce();
      expect(fetch).toHaveBeenCalledTimes(2);
    });

    it('clears the tokens and reports the auth failure without calling the server when there is no refresh token', async () => {
      localStorage.setItem('accessToken', 'expired');
      const fetch = vi.fn(async () => json(401, { detail: 'Token expired', code: 'token_not_valid' }));
      const onAuthFailure = vi.fn();
      const client = createApiClient({ fetch, onAuthFailure });

      await expect(client.request('/api/student/profile/')).rejects.toMatchObject({ status: 401 });

      expect(fetch).toHaveBeenCalledOnce();
      expect(localStorage.getItem('accessToken')).toBeNull();
      expect(onAuthFailure).toHaveBeenCalledOnce();
    });

    it('keeps the tokens when the refresh call is lost to the network, so weak Wi-Fi does not log the student out', async () => {
      localStorage.setItem('accessToken', 'expired');
      localStorage.setItem('refreshToken', 'refresh-1');
      const fetch = vi.fn(async (url: string) => {
        if (url === '/api/token/refresh/') throw new TypeError('Failed to fetch');
        return json(401, { detail: 'Token expired', code: 'token_not_valid' });
      });
      const onAuthFailure = vi.fn();
      const client = createApiClient({ fetch, onAuthFailure });

      await expect(client.request('/api/student/profile/')).rejects.toMatchObject({ status: 0, code: 'network_error' });

      expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
      expect(onAuthFailure).not.toHaveBeenCalled();
    });

    it('shares one refresh between two requests that get a 401 at the same time', async () => {
      localStorage.setItem('accessToken', 'expired');
      localStorage.setItem('refreshToken', 'refresh-1');
      let finishRefresh: () => void = () => undefined;
      let unauthorized = 0;
      const fetch = vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/token/refresh/') {
          await new Promise<void>((resolve) => (finishRefresh = resolve));
          return json(200, { access: 'access-2' });
        }
        if (authorizationOf(init) === 'Bearer access-2') return json(200, { url });
        unauthorized += 1;
        return json(401, { detail: 'Token expired', code: 'token_not_valid' });
      });
      const client = createApiClient({ fetch });

      const profile = client.request('/api/student/profile/');
      const answers = client.request('/api/student/modules/1/response/detail/');
      // Both requests have had their 401 while the refresh is still on its way.
      await vi.waitFor(() => expect(unauthorized).toBe(2));
      await vi.waitFor(() => expect(fetch.mock.calls.filter(([url]) => url === '/api/token/refresh/')).toHaveLength(1));
      finishRefresh();

      await expect(profile).resolves.toEqual({ url: '/api/student/profile/' });
      await expect(answers).resolves.toEqual({ url: '/api/student/modules/1/response/detail/' });
      expect(fetch.mock.calls.filter(([url]) => url === '/api/token/refresh/')).toHaveLength(1);
    });
  });

  describe('refresh-token rotation (issue 11)', () => {
    it('stores the next refresh token the refresh answers, in place of the spent one', async () => {
      localStorage.setItem('accessToken', 'expired');
      localStorage.setItem('refreshToken', 'refresh-1');
      const fetch = vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/token/refresh/') return json(200, { access: 'access-2', refresh: 'refresh-2' });
        return authorizationOf(init) === 'Bearer access-2' ? json(200, { ok: true }) : json(401, { detail: 'Token expired', code: 'invalid_token' });
      });
      const client = createApiClient({ fetch });

      await expect(client.request('/api/student/profile/')).resolves.toEqual({ ok: true });

      expect(localStorage.getItem('accessToken')).toBe('access-2');
      expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
    });

    describe('two tabs sharing localStorage', () => {
      /** A stand-in for navigator.locks: one holder at a time per name, in request order. */
      function fakeLocks() {
        const tails = new Map<string, Promise<unknown>>();
        const names: string[] = [];
        return {
          names,
          request: vi.fn((name: string, task: () => Promise<unknown>) => {
            names.push(name);
            const run = (tails.get(name) ?? Promise.resolve()).then(task, task);
            tails.set(name, run.catch(() => undefined));
            return run;
          }),
        };
      }

      afterEach(() => {
        Reflect.deleteProperty(navigator, 'locks');
      });

      it('take turns under a Web Lock: the tab that waited uses the tokens the other just got, and spends nothing', async () => {
        const locks = fakeLocks();
        Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
        localStorage.setItem('accessToken', 'expired');
        localStorage.setItem('refreshToken', 'refresh-1');
        // The server rotates: refresh-1 is good once; anything spent again ends the login.
        let spent = false;
        const fetch = vi.fn(async (url: string, init?: RequestInit) => {
          if (url === '/api/token/refresh/') {
            const { refresh } = JSON.parse(String(init?.body)) as { refresh: string };
            if (refresh !== 'refresh-1' || spent) return json(401, { detail: 'This refresh token was already used', code: 'invalid_token' });
            spent = true;
            return json(200, { access: 'access-2', refresh: 'refresh-2' });
          }
          return authorizationOf(init) === 'Bearer access-2' ? json(200, { url }) : json(401, { detail: 'Token expired', code: 'invalid_token' });
        });
        const onAuthFailure = vi.fn();
        const tabA = createApiClient({ fetch, onAuthFailure });
        const tabB = createApiClient({ fetch, onAuthFailure });

        const [inA, inB] = await Promise.all([tabA.request('/api/student/profile/'), tabB.request('/api/student/inbox/')]);

        expect(inA).toEqual({ url: '/api/student/profile/' });
        expect(inB).toEqual({ url: '/api/student/inbox/' });
        expect(fetch.mock.calls.filter(([url]) => url === '/api/token/refresh/')).toHaveLength(1);
        expect(locks.names).toEqual([REFRESH_LOCK_NAME, REFRESH_LOCK_NAME]);
        expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
        expect(onAuthFailure).not.toHaveBeenCalled();
      });

      it('without Web Locks, each tab refreshes with the token it read, and relies on the server’s grace window', async () => {
        localStorage.setItem('accessToken', 'expired');
        localStorage.setItem('refreshToken', 'refresh-1');
        const sent: string[] = [];
        const fetch = vi.fn(async (url: string, init?: RequestInit) => {
          if (url === '/api/token/refresh/') {
            sent.push((JSON.parse(String(init?.body)) as { refresh: string }).refresh);
            return json(200, { access: 'access-2', refresh: 'refresh-2' }); // the server answers both with the same next token
          }
          return authorizationOf(init) === 'Bearer access-2' ? json(200, { url }) : json(401, { detail: 'Token expired', code: 'invalid_token' });
        });
        const [tabA, tabB] = [createApiClient({ fetch }), createApiClient({ fetch })];

        await Promise.all([tabA.request('/api/student/profile/'), tabB.request('/api/student/inbox/')]);

        expect(sent).toEqual(['refresh-1', 'refresh-1']);
        expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
      });
    });
  });

  describe('Retry-After (issue 11)', () => {
    it('is read into the ApiError of a 429, in ms', async () => {
      const fetch = vi.fn(async () => new Response(JSON.stringify({ detail: 'Too many', code: 'rate_limited' }), { status: 429, headers: { 'Retry-After': '6' } }));
      const client = createApiClient({ fetch });

      const error = await client.request('/api/token/', { method: 'POST', body: {}, auth: false }).catch((caught: unknown) => caught);

      expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfterMs: 6_000 });
    });

    it('reads whole seconds or an HTTP date, and nothing else', () => {
      const now = Date.UTC(2026, 2, 2, 8, 0, 0);
      expect(retryAfterMs('30', now)).toBe(30_000);
      expect(retryAfterMs('Mon, 02 Mar 2026 08:01:00 GMT', now)).toBe(60_000);
      expect(retryAfterMs('Mon, 02 Mar 2026 07:00:00 GMT', now)).toBe(0);
      expect(retryAfterMs(null, now)).toBeNull();
      expect(retryAfterMs('soon', now)).toBeNull();
    });
  });

  describe('timeouts and token expiry (issue 6)', () => {
    /** An unsigned JWT whose `exp` is `expiresInMs` from `now`. */
    function jwt(now: number, expiresInMs: number): string {
      const payload = btoa(JSON.stringify({ sub: '1', exp: Math.floor((now + expiresInMs) / 1000) }));
      return `header.${payload.replace(/=+$/, '')}.signature`;
    }

    it('gives up on a request with no answer after the timeout, as a network_error, so a save or logout never hangs', async () => {
      localStorage.setItem('accessToken', 'access-1');
      const fetch = vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      );
      const client = createApiClient({ fetch, timeoutMs: 50 });

      await expect(client.request('/api/student/profile/')).rejects.toMatchObject({ status: 0, code: 'network_error' });
    });

    it('refreshes an access token that expires within a minute before sending, so a save on tab hide needs no refresh', async () => {
      const now = Date.parse('2026-11-23T10:00:00Z');
      localStorage.setItem('accessToken', jwt(now, 30_000));
      localStorage.setItem('refreshToken', 'refresh-1');
      const fresh = jwt(now, 300_000);
      const fetch = vi.fn(async (url: string, _init?: RequestInit) => (url === '/api/token/refresh/' ? json(200, { access: fresh }) : json(200, {})));
      const client = createApiClient({ fetch, now: () => now });

      await client.request('/api/student/modules/1/response/', { method: 'POST', body: { answers: {} } });

      expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/token/refresh/', '/api/student/modules/1/response/']);
      expect(authorizationOf(fetch.mock.calls[1]![1])).toBe(`Bearer ${fresh}`);
    });

    it('sends a token far from expiry as it is', async () => {
      const now = Date.parse('2026-11-23T10:00:00Z');
      localStorage.setItem('accessToken', jwt(now, 240_000));
      const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json(200, {}));
      await createApiClient({ fetch, now: () => now }).request('/api/student/profile/');
      expect(fetch).toHaveBeenCalledOnce();
    });

    it('keeps the token fresh in the background while signed in, retrying a refresh lost to the network', async () => {
      vi.useFakeTimers();
      try {
        const start = Date.parse('2026-11-23T10:00:00Z');
        vi.setSystemTime(start);
        localStorage.setItem('accessToken', jwt(start, 300_000));
        localStorage.setItem('refreshToken', 'refresh-1');
        let lost = true;
        const fetch = vi.fn(async (_url: string, _init?: RequestInit) => {
          if (lost) {
            lost = false;
            throw new TypeError('Failed to fetch');
          }
          return json(200, { access: jwt(Date.now(), 300_000) });
        });
        const stop = createApiClient({ fetch }).keepAccessTokenFresh();
        await vi.advanceTimersByTimeAsync(239_000);
        expect(fetch).not.toHaveBeenCalled();
        await vi.advanceTimersByTimeAsync(1_000);
        expect(fetch).toHaveBeenCalledTimes(1);
        await vi.advanceTimersByTimeAsync(15_000);
        expect(fetch).toHaveBeenCalledTimes(2);
        expect(localStorage.getItem('accessToken')).not.toBe(jwt(start, 300_000));
        stop();
      } finally {
        vi.useRealTimers();
      }
    });
  });
});

describe('raw responses', () => {
  it('answer any status with its headers, sending extra headers with the bearer token', async () => {
    localStorage.setItem('accessToken', 'access-1');
    const fetch = vi.fn(async () => new Response(null, { status: 304, headers: { ETag: '"v1"' } }));
    const client = createApiClient({ fetch });

    const response = await client.requestResponse('/api/facilitator/classes/1/progress/', { headers: { 'If-None-Match': '"v1"' } });

    expect(response.status).toBe(304);
    expect(response.headers.get('ETag')).toBe('"v1"');
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get('If-None-Match')).toBe('"v1"');
    expect(authorizationOf(init)).toBe('Bearer access-1');
  });
});
