import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from './app.ts';
import { EMBED_ORIGINS_FILE } from './content-security-policy.ts';
import { bearer, createTestApp, createTestDatabase, signUp, testConfig, type TestDatabase } from './test/harness.ts';

/** docs/security.md#headers and docs/security.md#server-limits: what every response carries, and what path ids and bodies are refused. */
describe('response headers and strict input (pglite)', () => {
  let testDatabase: TestDatabase;
  let siteDir: string;
  let app: FastifyInstance;
  let serverErrors: string[];
  let access: string;

  const directive = (csp: string, name: string) => csp.split(';').find((part) => part.startsWith(`${name} `));

  beforeAll(async () => {
    testDatabase = await createTestDatabase('pglite');
    siteDir = mkdtempSync(join(tmpdir(), 'helix-headers-'));
    mkdirSync(join(siteDir, 'dist'));
    writeFileSync(join(siteDir, 'dist', 'index.html'), '<!doctype html><title>Helix</title>\n');
    writeFileSync(join(siteDir, 'dist', EMBED_ORIGINS_FILE), JSON.stringify({ frameOrigins: ['https://docs.google.com', 'https://www.youtube-nocookie.com'] }));
    ({ app, serverErrors } = await createTestApp(testDatabase, {
      config: testConfig({ dataDir: testDatabase.dataDir, staticDir: join(siteDir, 'dist'), hstsMaxAgeSeconds: 31_536_000, trustProxy: ['127.0.0.1'] }),
    }));
    ({ access } = await signUp(app, 'headers-student'));
  });

  afterAll(async () => {
    await app?.close();
    await testDatabase?.destroy();
    if (siteDir) rmSync(siteDir, { recursive: true, force: true });
  });

  describe('Cache-Control: no-store on every /api/ response (a shared school computer keeps nothing)', () => {
    it.each([
      ['a success', { method: 'GET', url: '/api/health' }, 200],
      ['a profile', { method: 'GET', url: '/api/student/profile/', headers: { authorization: 'placeholder' } }, 200],
      ['a 401', { method: 'GET', url: '/api/student/profile/' }, 401],
      ['an unknown API route', { method: 'GET', url: '/api/nothing-here/' }, 404],
      ['a URL the router cannot decode', { method: 'GET', url: '/api/%' }, 400],
      ['broken JSON', { method: 'POST', url: '/api/token/', headers: { 'content-type': 'application/json' }, payload: '{"username":' }, 400],
      ['a body that is not JSON', { method: 'POST', url: '/api/token/', headers: { 'content-type': 'text/plain' }, payload: 'hello' }, 415],
      ['a body over 256 KB', { method: 'POST', url: '/api/token/', headers: { 'content-type': 'application/json' }, payload: `"${'a'.repeat(BODY_LIMIT_BYTES)}"` }, 413],
      ['a bad path id', { method: 'GET', url: '/api/student/modules/0x1/response/detail/', headers: { authorization: 'placeholder' } }, 400],
    ] as const)('on %s', async (_name, request, status) => {
      const headers = { ...('headers' in request ? request.headers : {}) } as Record<string, string>;
      if (headers.authorization === 'placeholder') Object.assign(headers, bearer(access));
      const response = await app.inject({ ...request, headers });
      expect(response.statusCode).toBe(status);
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('leaves the front end to its own caching', async () => {
      const response = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(response.headers['cache-control']).toBe('no-cache');
    });
  });

  describe('Strict-Transport-Security', () => {
    it('is sent over HTTPS (here: X-Forwarded-Proto from a trusted proxy) when HSTS_MAX_AGE is set', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
    });

    it('is never sent over plain HTTP', async () => {
      for (const url of ['/api/health', '/', '/api/nothing-here/']) {
        const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(response.headers['strict-transport-security'], url).toBeUndefined();
      }
    });

    it('is not sent over HTTPS when HSTS_MAX_AGE is unset (the default)', async () => {
      const { app: plainApp } = await createTestApp(testDatabase, { config: testConfig({ dataDir: testDatabase.dataDir, trustProxy: ['127.0.0.1'] }) });
      const response = await plainApp.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      await plainApp.close();
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });
  });

  describe('Content-Security-Policy', () => {
    it('goes on pages and the service worker, not on API answers', async () => {
      writeFileSync(join(siteDir, 'dist', 'sw.js'), 'self.addEventListener("fetch", () => undefined);\n');
      mkdirSync(join(siteDir, 'dist', 'assets'), { recursive: true });
      writeFileSync(join(siteDir, 'dist', 'assets', 'day-1-Ab12.js'), 'export const lesson = 1;\n');
      const [page, worker, answer, script] = await Promise.all([
        app.inject({ method: 'GET', url: '/sections/day-1', headers: { accept: 'text/html' } }),
        app.inject({ method: 'GET', url: '/sw.js' }),
        app.inject({ method: 'GET', url: '/api/student/profile/', headers: bearer(access) }),
        app.inject({ method: 'GET', url: '/assets/day-1-Ab12.js' }),
      ]);
      expect(page.headers['content-security-policy']).toMatch(/^default-src 'self'/);
      expect(worker.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers).not.toHaveProperty('content-security-policy');
      expect(answer.headers).not.toHaveProperty('x-frame-options');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(script.statusCode).toBe(200);
      expect(script.headers).not.toHaveProperty('content-security-policy');
      expect(script.headers['x-content-type-options']).toBe('nosniff');
    });

    it('allows frames and the reachability probe only for the sites listed by the build', async () => {
      const response = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      const csp = String(response.headers['content-security-policy']);
      expect(directive(csp, 'frame-src')).toBe('frame-src https://docs.google.com https://www.youtube-nocookie.com');
      expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://docs.google.com https://www.youtube-nocookie.com");
      expect(csp).not.toMatch(/https:(;|\s|$)/);
    });

    it.each([
      ['missing', null],
      ['not JSON', '{"frameOrigins": ['],
      ['holding something other than https origins', JSON.stringify({ frameOrigins: ['https:', 'http://example.org'] })],
      ['holding an origin with a path', JSON.stringify({ frameOrigins: ['https://example.org/embed'] })],
    ])('falls back to no framed site at all when the list is %s', async (_name, contents) => {
      const dist = mkdtempSync(join(siteDir, 'dist-'));
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Helix</title>\n');
      if (contents !== null) writeFileSync(join(dist, EMBED_ORIGINS_FILE), contents);
      const { app: fallbackApp } = await createTestApp(testDatabase, { config: testConfig({ dataDir: testDatabase.dataDir, staticDir: dist }) });
      const response = await fallbackApp.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      await fallbackApp.close();
      const csp = String(response.headers['content-security-policy']);
      expect(directive(csp, 'frame-src')).toBe("frame-src 'none'");
      expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    });
  });

  describe('path ids are plain positive integers (issue 11)', () => {
    const BAD_IDS = ['Infinity', '0x1', '1e0', '%202', '0', '-1', '01', '1.0', '+1', '1%20', '99999999999', '2147483648', 'NaN', 'true', '%EF%BC%91'];
    const ROUTES = [
      ['GET', (id: string) => `/api/student/modules/${id}/response/detail/`],
      ['POST', (id: string) => `/api/student/modules/${id}/response/`],
      ['PATCH', (id: string) => `/api/student/inbox/${id}/read/`],
      ['GET', (id: string) => `/api/workbooks/workbooks/${id}/`],
    ] as const;

    it.each(ROUTES)('%s %s refuses each of Infinity, 0x1, 1e0, " 2", 0, -1, 01… with 400 {"detail", "code"}', async (method, path) => {
      for (const id of BAD_IDS) {
        const payload = method === 'GET' ? undefined : method === 'PATCH' ? { is_read: true } : { answers: {} };
        const response = await app.inject({ method, url: path(id), headers: bearer(access), payload });
        expect(response.statusCode, `${method} ${path(id)}`).toBe(400);
        expect(Object.keys(response.json()).sort(), id).toEqual(['code', 'detail']);
        expect(response.json().code).toBe('invalid_request');
      }
    });

    it('still accepts a plain id', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/student/modules/1/response/detail/', headers: bearer(access) });
      expect(response.statusCode).toBe(404); // nothing saved yet: the id itself was fine
      expect(response.json().code).toBe('not_found');
    });

    it('names the rule in the message', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/student/modules/1e0/response/detail/', headers: bearer(access) });
      expect(response.json().detail).toBe('params/day must be a positive whole number written in digits, such as 3');
    });
  });

  describe('bodies are not type-coerced (issue 11)', () => {
    it.each([
      ['a refresh token wrapped in a list', '/api/token/refresh/', { refresh: ['a.b.c'] }],
      ['a number for a username', '/api/token/', { username: 12345, password: 'whatever password' }],
      ['a list for a password', '/api/token/', { username: 'headers-student', password: ['correct horse battery staple'] }],
      ['a string for base_revision', '/api/student/modules/1/response/', { answers: {}, base_revision: '0' }],
      ['a list for the answers', '/api/student/modules/1/response/', { answers: [{}] }],
    ])('refuses %s with 400 invalid_request', async (_name, url, payload) => {
      const response = await app.inject({ method: 'POST', url, headers: bearer(access), payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_request');
    });

    it('refuses "true" for is_read', async () => {
      const response = await app.inject({ method: 'PATCH', url: '/api/student/inbox/1/read/', headers: bearer(access), payload: { is_read: 'true' } });
      expect(response.statusCode).toBe(400);
    });
  });

  it('never answered 5xx', () => {
    expect(serverErrors).toEqual([]);
  });
});
