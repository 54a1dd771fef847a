/**
 * A front end served from another origin (docs/decisions/006-clients-built-from-the-api-contract.md,
 * "Portable responses"): CORS for the origins in CORS_ORIGINS only, lesson images it may show, and
 * image addresses built from PUBLIC_URL.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createTestDatabase, signUp, testConfig, type TestDatabase } from './test/harness.ts';

const FRONT_END = 'https://app.school.org';
const preflight = (app: FastifyInstance, origin: string) =>
  app.inject({
    method: 'OPTIONS',
    url: '/api/student/modules/1/response/',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
  });

describe('a front end on another origin', () => {
  let testDatabase: TestDatabase;
  let contentDir: string;
  let open: FastifyInstance;
  let closed: FastifyInstance;

  beforeAll(async () => {
    testDatabase = await createTestDatabase('pglite');
    contentDir = mkdtempSync(join(tmpdir(), 'helix-cross-origin-'));
    mkdirSync(join(contentDir, 'workbooks'));
    writeFileSync(join(contentDir, 'workbooks', 'genes.md'), '---\ntitle: Genes\n---\n## Operon\n\n![The lac operon](/images/lac-operon.svg)\n');
    const common = { dataDir: testDatabase.dataDir, workbooksDir: join(contentDir, 'workbooks'), imagesDir: resolve(process.cwd(), 'content/images') };
    ({ app: open } = await createTestApp(testDatabase, { config: testConfig({ ...common, corsOrigins: [FRONT_END], publicUrl: 'https://helix.example.org' }) }));
    ({ app: closed } = await createTestApp(testDatabase, { config: testConfig(common), workbooks: null }));
  });

  afterAll(async () => {
    await open?.close();
    await closed?.close();
    await testDatabase?.destroy();
    rmSync(contentDir, { recursive: true, force: true });
  });

  it('may call the API from a browser when its origin is in CORS_ORIGINS', async () => {
    const response = await preflight(open, FRONT_END);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(FRONT_END);
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(response.headers['access-control-allow-methods']).toContain('POST');

    const { access } = await signUp(open, 'cross-origin-student');
    const save = await open.inject({ method: 'POST', url: '/api/student/modules/1/response/', headers: { ...bearer(access), origin: FRONT_END }, payload: { answers: { geneQ1: 'from elsewhere' } } });
    expect(save.statusCode).toBe(200);
    expect(save.headers['access-control-allow-origin']).toBe(FRONT_END);
  });

  it('gets no CORS permission from an origin not listed, or from a server with CORS_ORIGINS unset', async () => {
    expect((await preflight(open, 'https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight(closed, FRONT_END)).headers['access-control-allow-origin']).toBeUndefined();
    const profile = await closed.inject({ method: 'GET', url: '/api/health', headers: { origin: FRONT_END } });
    expect(profile.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('may show the lesson images only when CORS_ORIGINS lists front ends (Cross-Origin-Resource-Policy)', async () => {
    const shared = await open.inject({ method: 'GET', url: '/images/lac-operon.svg' });
    expect(shared.statusCode).toBe(200);
    expect(shared.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await open.inject({ method: 'GET', url: '/api/health' })).headers['cross-origin-resource-policy']).toBe('same-origin');
    expect((await closed.inject({ method: 'GET', url: '/images/lac-operon.svg' })).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it("gets workbook images' addresses under PUBLIC_URL, whatever host the request named", async () => {
    const { access } = await signUp(open, 'workbook-reader');
    const [summary] = (await open.inject({ method: 'GET', url: '/api/workbooks/workbooks/', headers: bearer(access) })).json<{ results: { id: number }[] }>().results;
    const workbook = await open.inject({ method: 'GET', url: `/api/workbooks/workbooks/${summary!.id}/?include_toc=true`, headers: { ...bearer(access), host: 'internal:3000' } });
    expect(workbook.json().sections[0].images).toEqual([{ id: expect.any(Number), image: 'https://helix.example.org/images/lac-operon.svg', caption: 'The lac operon' }]);
  });
});
