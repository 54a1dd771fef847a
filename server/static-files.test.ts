import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, useTestApp } from './test/harness.ts';

// One database is enough: which page a path gets never depends on the driver.
describe('which GET requests get the app page (pglite)', () => {
  const INDEX_HTML = '<!doctype html><html><head><title>Helix</title></head><body><div id="root"></div></body></html>\n';
  const siteDir = mkdtempSync(join(tmpdir(), 'helix-static-'));
  mkdirSync(join(siteDir, 'dist', 'assets'), { recursive: true });
  writeFileSync(join(siteDir, 'dist', 'index.html'), INDEX_HTML);
  writeFileSync(join(siteDir, 'dist', 'assets', 'index-Abc123.js'), 'console.log("helix");\n');
  mkdirSync(join(siteDir, 'empty-dist'));
  const server = useTestApp(DATABASE_KINDS[0]!, { config: () => ({ staticDir: join(siteDir, 'dist'), imagesDir: join(siteDir, 'images') }) });
  const unbuilt = useTestApp(DATABASE_KINDS[0]!, { config: () => ({ staticDir: join(siteDir, 'empty-dist'), imagesDir: join(siteDir, 'images') }) });

  afterAll(() => {
    rmSync(siteDir, { recursive: true, force: true });
  });

  // What curl, a browser, a link checker and a load balancer's probe send.
  const ACCEPTS: Array<[string, Record<string, string>]> = [
    ['Accept: */*', { accept: '*/*' }],
    ['no Accept', {}],
    ['Accept: text/html', { accept: 'text/html,application/xhtml+xml' }],
    ['Accept: application/json', { accept: 'application/json' }],
  ];

  describe.each(ACCEPTS)('with %s', (_, headers) => {
    it('answers /login with the page, as `curl http://127.0.0.1:3000/login` shows', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/login', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(INDEX_HTML);
    });

    it("answers every kind of the app's routes with the page, parametrised ones included", async () => {
      for (const url of ['/', '/forgot-password', '/student_profile', '/sections/day-1/', '/workbooks/3', '/facilitator/classes/12', '/facilitator/classes/12/students/40/days/2', '/facilitator/admin?tab=staff']) {
        const response = await server.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).toMatch(/^text\/html/);
        expect(response.body, url).toBe(INDEX_HTML);
      }
    });

    it('answers an unknown API path 404 as JSON, never the page', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/api/nope', headers });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ detail: 'There is no API route GET /api/nope.', code: 'not_found' });
    });

    it('answers a missing file 404, never the page, which a browser would run as the script', async () => {
      for (const url of ['/assets/nope.js', '/assets/nope', '/favicon.ico', '/nope.js', '/images/missing.png']) {
        const response = await server.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).not.toContain('<html');
        expect(response.json(), url).toMatchObject({ code: 'not_found' });
      }
    });

    it('answers /metrics 404 when METRICS_TOKEN is unset, so a scraper never parses a page', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    });

    it('answers a page with the plain-text "not built" 503 when the front end was not built', async () => {
      const response = await unbuilt.app.inject({ method: 'GET', url: '/login', headers });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.body).toContain('npm run build');
    });
  });

  it('still serves the files that exist', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/assets/index-Abc123.js', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
  });

  it('answers a POST to a page path 404 as JSON: only GET and HEAD get the page', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/login', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });

  it('answers HEAD of a page as its GET, without the body', async () => {
    const response = await server.app.inject({ method: 'HEAD', url: '/login' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe('');
  });
});
