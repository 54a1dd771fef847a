import { describe, expect, it, vi } from 'vitest';
import { OfflineError, RevisionConflictError } from '../../engine/index.ts';
import { createApiClient } from '../api/client.ts';
import { dayAnswersTransport, KEEPALIVE_BODY_LIMIT_BYTES } from './day-answers.ts';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('dayAnswersTransport: load', () => {
  it('returns the answers with the saved time as a Date and the revision', async () => {
    const fetch = vi.fn(async () => json(200, { answers: { geneQ1: 'A switch' }, updated_at: '2026-11-20T10:15:00.000Z', revision: 3 }));
    const client = createApiClient({ fetch });

    await expect(dayAnswersTransport(1, client).load()).resolves.toEqual({
      answers: { geneQ1: 'A switch' },
      savedAt: new Date('2026-11-20T10:15:00.000Z'),
      revision: 3,
    });
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe('/api/student/modules/1/response/detail/');
  });

  it('unwraps answers that wrap another answers object', async () => {
    const client = createApiClient({ fetch: vi.fn(async () => json(200, { answers: { answers: { geneQ1: 'A switch' } }, updated_at: null, revision: 1 })) });

    await expect(dayAnswersTransport(2, client).load()).resolves.toEqual({ answers: { geneQ1: 'A switch' }, savedAt: null, revision: 1 });
  });

  it('returns null when nothing is saved yet (404)', async () => {
    const client = createApiClient({ fetch: vi.fn(async () => json(404, { detail: 'No saved answers.', code: 'not_found' })) });

    await expect(dayAnswersTransport(3, client).load()).resolves.toBeNull();
  });

  it('throws on any other failure, for the day page to ignore', async () => {
    const client = createApiClient({ fetch: vi.fn(async () => json(500, { detail: 'Boom', code: 'internal' })) });

    await expect(dayAnswersTransport(4, client).load()).rejects.toMatchObject({ status: 500 });
  });

  it('says the server could not be reached when no response came, so the day opens from the device', async () => {
    const client = createApiClient({ fetch: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) });

    await expect(dayAnswersTransport(5, client).load()).rejects.toBeInstanceOf(OfflineError);
  });
});

describe('dayAnswersTransport: save', () => {
  it('posts the whole answers object, kept alive when asked', async () => {
    const fetch = vi.fn(async () => json(200, { answers: { geneQ1: 'A switch' }, updated_at: '2026-11-20T10:15:00.000Z', revision: 4 }));
    const client = createApiClient({ fetch });

    const saved = await dayAnswersTransport(5, client).save({ geneQ1: 'A switch' }, { baseRevision: null, keepalive: true });

    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/student/modules/5/response/');
    expect(init.method).toBe('POST');
    expect(init.keepalive).toBe(true);
    expect(JSON.parse(init.body as string)).toEqual({ answers: { geneQ1: 'A switch' }, base_revision: null });
    expect(saved.revision).toBe(4);
  });

  it('sends the base revision, null included, so the server can refuse a stale save', async () => {
    const fetch = vi.fn(async () => json(200, { answers: {}, updated_at: '2026-11-20T10:15:00.000Z', revision: 1 }));
    const client = createApiClient({ fetch });

    await dayAnswersTransport(1, client).save({ geneQ1: 'x' }, { baseRevision: 3, keepalive: false });
    await dayAnswersTransport(1, client).save({ geneQ1: 'x' }, { baseRevision: null, keepalive: false });

    const bodies = fetch.mock.calls.map((call) => JSON.parse((call as unknown as [string, RequestInit])[1].body as string) as unknown);
    expect(bodies).toEqual([
      { answers: { geneQ1: 'x' }, base_revision: 3 },
      { answers: { geneQ1: 'x' }, base_revision: null },
    ]);
  });

  it('sends a body over 60 KB as a normal request even when keepalive is asked, since browsers cap keepalive at 64 KB', async () => {
    const fetch = vi.fn(async () => json(200, { answers: {}, updated_at: '2026-11-20T10:15:00.000Z', revision: 2 }));
    const client = createApiClient({ fetch });

    await dayAnswersTransport(1, client).save({ geneQ1: 'é'.repeat(KEEPALIVE_BODY_LIMIT_BYTES / 2) }, { baseRevision: null, keepalive: true });

    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].keepalive).toBe(false);
  });

  it('turns a 409 conflict into a RevisionConflictError carrying the stored answers and revision', async () => {
    const stored = { answers: { geneQ1: 'from the other tab' }, updated_at: '2026-11-20T10:15:00.000Z', revision: 7 };
    const fetch = vi.fn(async () => json(409, { detail: 'Newer answers are saved.', code: 'revision_conflict', ...stored }));
    const client = createApiClient({ fetch });

    const error: unknown = await dayAnswersTransport(1, client).save({ geneQ1: 'mine' }, { baseRevision: 6, keepalive: false }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(RevisionConflictError);
    expect((error as RevisionConflictError).snapshot).toMatchObject({ answers: { geneQ1: 'from the other tab' }, revision: 7 });
  });

  it('says the server could not be reached when no response came', async () => {
    const client = createApiClient({ fetch: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) });

    await expect(dayAnswersTransport(1, client).save({}, { baseRevision: 0, keepalive: false })).rejects.toBeInstanceOf(OfflineError);
  });
});
