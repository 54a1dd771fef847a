import { afterEach, describe, expect, it, vi } from 'vitest';
import { login, LOGOUT_REQUEST_TIMEOUT_MS, revokeLogin, signup } from './session-endpoints.ts';
import { createApiClient } from './client.ts';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  localStorage.clear();
});

function rateLimited(retryAfterSeconds: number): Response {
  return new Response(JSON.stringify({ detail: 'Too many failed sign-ins for this username.', code: 'rate_limited' }), {
    status: 429,
    headers: { 'Content-Type': 'application/json', 'Retry-After': String(retryAfterSeconds) },
  });
}

describe('login: held back, not locked out (docs/security.md#abuse-limits)', () => {
  it('waits out a 429 as long as Retry-After asks, then signs in', async () => {
    const fetch = vi
      .fn<(url: string, init: RequestInit) => Promise<Response>>()
      .mockResolvedValueOnce(rateLimited(16))
      .mockResolvedValueOnce(rateLimited(30))
      .mockResolvedValueOnce(json(200, { access: 'access-1', refresh: 'refresh-1' }));
    const waits: number[] = [];

    const tokens = await login('rosa', 'montgomery 1955', createApiClient({ fetch }), async (ms) => {
      waits.push(ms);
    });

    expect(tokens).toEqual({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(waits).toEqual([16_000, 30_000]);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('gives up on a wait over 30 s, or over a minute in all, and throws the 429', async () => {
    const tooLong = createApiClient({ fetch: vi.fn(async () => rateLimited(31)) });
    await expect(login('rosa', 'pw', tooLong, async () => undefined)).rejects.toMatchObject({ status: 429, retryAfterMs: 31_000 });

    const fetch = vi.fn(async () => rateLimited(30));
    const waits: number[] = [];
    await expect(login('rosa', 'pw', createApiClient({ fetch }), async (ms) => void waits.push(ms))).rejects.toMatchObject({ status: 429 });
    expect(waits).toEqual([30_000, 30_000]);
  });

  it('does not retry a wrong password', async () => {
    const fetch = vi.fn(async () => json(401, { detail: 'No account matches this username and password.', code: 'invalid_credentials' }));
    await expect(login('rosa', 'wrong', createApiClient({ fetch }), async () => undefined)).rejects.toMatchObject({ status: 401 });
    expect(fetch).toHaveBeenCalledOnce();
  });
});

/** An AbortSignal.timeout that fake timers drive. */
function fakeTimeoutSignal(ms: number): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException('timed out', 'TimeoutError')), ms);
  return controller.signal;
}

describe('revokeLogin', () => {
  it('sends the stored refresh token to POST /api/token/logout/, with no bearer, and a short timeout', async () => {
    localStorage.setItem('accessToken', 'access-1');
    localStorage.setItem('refreshToken', 'refresh-1');
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 204 }));

    await revokeLogin(createApiClient({ fetch }));

    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/token/logout/');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ refresh: 'refresh-1' });
    expect(new Headers(init?.headers).get('Authorization')).toBeNull();
    expect(LOGOUT_REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(3_000);
  });

  it('does nothing without a refresh token', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    await revokeLogin(createApiClient({ fetch }));
    expect(fetch).not.toHaveBeenCalled();
  });

  it(`gives up after ${LOGOUT_REQUEST_TIMEOUT_MS} ms without an answer`, async () => {
    vi.useFakeTimers();
    try {
      localStorage.setItem('refreshToken', 'refresh-1');
      const fetch = vi.fn(
        (_url: string, init: RequestInit) => new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      );
      const client = createApiClient({ fetch, timeoutSignal: fakeTimeoutSignal });
      let settled = false;
      const revoking = revokeLogin(client).catch((error: unknown) => error).finally(() => (settled = true));
      await vi.advanceTimersByTimeAsync(LOGOUT_REQUEST_TIMEOUT_MS - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await revoking).toMatchObject({ status: 0, code: 'network_error' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('signup', () => {
  it('sends the spec payload with snake_case names and returns both tokens', async () => {
    const fetch = vi.fn(async () => json(201, { access: 'access-1', refresh: 'refresh-1' }));
    const client = createApiClient({ fetch });

    const tokens = await signup({ username: 'ada', password: 'pw', firstName: 'Ada', lastName: 'Lovelace', classroomName: '' }, client);

    expect(JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({
      username: 'ada',
      password: 'pw',
      first_name: 'Ada',
      last_name: 'Lovelace',
      classroom_name: '',
    });
    expect(tokens).toEqual({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  });
});
