import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client.ts';
import { filenameOf, requestConditional, requestFile } from './raw-requests.ts';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => localStorage.clear());

describe('conditional requests', () => {
  it('send the held ETag as If-None-Match, and a 304 answers not-modified without a body', async () => {
    localStorage.setItem('accessToken', 'access-1');
    const fetch = vi.fn(async () => new Response(null, { status: 304, headers: { ETag: '"v1"' } }));
    const client = createApiClient({ fetch });

    await expect(requestConditional(client, '/api/facilitator/classes/1/progress/', '"v1"')).resolves.toEqual({ status: 'not-modified', etag: '"v1"' });

    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get('If-None-Match')).toBe('"v1"');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer access-1');
  });

  it('answer the new body and ETag on a 200, and send no If-None-Match on a first load', async () => {
    localStorage.setItem('accessToken', 'access-1');
    const fetch = vi.fn(async () => new Response(JSON.stringify({ days: [] }), { status: 200, headers: { ETag: '"v2"' } }));
    const client = createApiClient({ fetch });

    await expect(requestConditional(client, '/api/facilitator/classes/1/progress/', null)).resolves.toEqual({ status: 'modified', etag: '"v2"', body: { days: [] } });

    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).has('If-None-Match')).toBe(false);
  });

  it('throw the server’s error for any other status', async () => {
    localStorage.setItem('accessToken', 'access-1');
    const client = createApiClient({ fetch: vi.fn(async () => json(404, { detail: 'No such class.', code: 'not_found' })) });

    await expect(requestConditional(client, '/api/facilitator/classes/9/progress/', '"v1"')).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('file downloads', () => {
  it('answer the body as a Blob with the file name of Content-Disposition, sent with the bearer token', async () => {
    localStorage.setItem('accessToken', 'access-1');
    const fetch = vi.fn(
      async () =>
        new Response('\uFEFFname,answer\n', { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="Room 12-day-1.csv"' } }),
    );
    const client = createApiClient({ fetch });

    const file = await requestFile(client, '/api/facilitator/classes/1/export.csv?day=1');

    expect(file.filename).toBe('Room 12-day-1.csv');
    expect(await file.blob.text()).toContain('name,answer');
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer access-1');
  });

  it('throw the server’s error instead of saving an error page', async () => {
    localStorage.setItem('accessToken', 'access-1');
    const client = createApiClient({ fetch: vi.fn(async () => json(403, { detail: 'Staff only.', code: 'forbidden' })) });

    await expect(requestFile(client, '/api/facilitator/classes/1/export.csv')).rejects.toMatchObject({ status: 403, code: 'forbidden' });
  });

  it.each([
    ['attachment; filename="a.csv"', 'a.csv'],
    ["attachment; filename*=UTF-8''Sal%C3%B3n%201.csv; filename=\"Salon 1.csv\"", 'Salón 1.csv'],
    ['attachment; filename=plain.csv', 'plain.csv'],
    ['attachment', null],
    [null, null],
  ])('read the file name of %s', (header, name) => {
    expect(filenameOf(header)).toBe(name);
  });
});
