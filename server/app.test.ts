import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from './errors.ts';
import { DAY_PREVIEWS_FILE, ROUTE_PRELOADS_FILE } from './static-files.ts';
import { createTestApp, createTestDatabase, testConfig, type TestDatabase } from './test/harness.ts';

// One database is enough here: nothing in this file depends on the driver.
describe('the app around the API (pglite)', () => {
  const INDEX_HTML = '<!doctype html><html><head><title>Helix</title></head><body><div id="root"></div></body></html>\n';
  const DAY_2_PREVIEW = '<div class="day-preview" aria-busy="true"><h1>Day 2</h1></div>';
  const DAY_5_PREVIEW = '<div class="day-preview" aria-busy="true"><h1>Day 5</h1></div>';
  const BUNDLE = `console.log(${JSON.stringify('helix '.repeat(500))});\n`;
  let testDatabase: TestDatabase;
  let siteDir: string;
  let app: FastifyInstance;
  let serverErrors: string[];

  beforeAll(async () => {
    testDatabase = await createTestDatabase('pglite');
    siteDir = mkdtempSync(join(tmpdir(), 'helix-site-'));
    mkdirSync(join(siteDir, 'dist', 'assets'), { recursive: true });
    writeFileSync(join(siteDir, 'dist', 'index.html'), INDEX_HTML);
    // What the build lists from the content (scripts/embed-origins/; docs/security.md#headers).
    writeFileSync(join(siteDir, 'dist', 'embed-origins.json'), JSON.stringify({ frameOrigins: ['https://phet.colorado.edu', 'https://www.youtube-nocookie.com'] }));
    writeFileSync(join(siteDir, 'dist', 'assets', 'index-Abc123.js'), BUNDLE);
    // A file with the build's compressed copies beside it (scripts/precompress/vite-plugin.ts). Their
    // content says which copy was sent.
    writeFileSync(join(siteDir, 'dist', 'assets', 'lesson-engine-Pre456.js'), BUNDLE);
    writeFileSync(join(siteDir, 'dist', 'assets', 'lesson-engine-Pre456.js.br'), brotliCompressSync('// the brotli copy\n'));
    writeFileSync(join(siteDir, 'dist', 'assets', 'lesson-engine-Pre456.js.gz'), gzipSync('// the gzip copy\n'));
    // What the build lists for the server to link from a route's page (scripts/route-assets.js, routePreloads).
    mkdirSync(dirname(join(siteDir, 'dist', ROUTE_PRELOADS_FILE)));
    writeFileSync(
      join(siteDir, 'dist', ROUTE_PRELOADS_FILE),
      JSON.stringify({ '/sections/day-2': { js: ['/assets/DayPage-X1.js', '/assets/day-2-Y2.js'], css: ['/assets/Lesson-Z3.css'] }, '/inbox': { js: [], css: [] } }),
    );
    writeFileSync(join(siteDir, 'dist', DAY_PREVIEWS_FILE), JSON.stringify({ '/sections/day-2': DAY_2_PREVIEW, '/sections/day-5': DAY_5_PREVIEW }));
    mkdirSync(join(siteDir, 'images'));
    writeFileSync(join(siteDir, 'images', 'lac-operon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
    mkdirSync(join(siteDir, 'empty-dist'));
    ({ app, serverErrors } = await createTestApp(testDatabase, {
      config: testConfig({ dataDir: testDatabase.dataDir, staticDir: join(siteDir, 'dist'), imagesDir: join(siteDir, 'images') }),
    }));
  });

  afterAll(async () => {
    await app?.close();
    await testDatabase?.destroy();
    if (siteDir) rmSync(siteDir, { recursive: true, force: true });
  });

  describe('GET /api/health', () => {
    it('answers {status: "ok"} without a token', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });
  });

  describe('unknown API routes', () => {
    it.each([
      ['GET', '/api/nothing-here'],
      ['POST', '/api/student/nothing-here/'],
      ['GET', '/api/token/'],
      ['DELETE', '/api/student/profile/'],
    ] as const)('%s %s answers 404 not_found as JSON', async (method, url) => {
      const response = await app.inject({ method, url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json().code).toBe('not_found');
    });
  });

  describe('malformed URLs', () => {
    it('answers 400 invalid_request in the registry shape for a URL that cannot be decoded', async () => {
      const response = await app.inject({ method: 'GET', url: '/%', headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'The request is invalid.', code: 'invalid_request' });
    });

    it('answers 404 not_found for an API path with an empty segment', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/student/modules/1//response/detail/' });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('not_found');
    });
  });

  describe('request bodies', () => {
    it('answers 400 malformed_json for broken JSON', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/token/', headers: { 'content-type': 'application/json' }, payload: '{"username": ' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'The request body is not valid JSON.', code: 'malformed_json' });
    });

    it('answers 400 malformed_json for an empty JSON body', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/token/', headers: { 'content-type': 'application/json' }, payload: '' });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('malformed_json');
    });

    it('answers 415 unsupported_media_type for text/plain', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/token/', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ detail: 'Send the request body as application/json.', code: 'unsupported_media_type' });
    });

    it('answers 400 invalid_request for a JSON body that is not an object', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/token/', headers: { 'content-type': 'application/json' }, payload: '[1, 2]' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'body must be object', code: 'invalid_request' });
    });

    it('answers 400 without a body at all', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/token/refresh/' });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_request');
    });

    it('answers 413 body_too_large over 256 KB, even unauthenticated', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/student/signup/',
        payload: { username: 'big', password: 'x'.repeat(300 * 1024), first_name: 'B', last_name: 'B' },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().code).toBe('body_too_large');
    });
  });

  describe('the front end', () => {
    it('serves index.html at / with Cache-Control no-cache', async () => {
      const response = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
    });

    it('falls back to index.html for a client-side route such as /sections/day-1', async () => {
      const response = await app.inject({ method: 'GET', url: '/sections/day-1', headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(INDEX_HTML);
    });

    it("links the files the build lists for a route from that route's page, so they download with the entry", async () => {
      for (const url of ['/sections/day-2', '/sections/day-2/']) {
        const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('no-cache');
        // Still a document: it carries the document headers.
        expect(response.headers['content-security-policy']).toBeDefined();
        const head = response.body.slice(0, response.body.indexOf('</head>'));
        expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/DayPage-X1.js">');
        expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/day-2-Y2.js">');
        expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/Lesson-Z3.css">');
        expect(response.body.replace(/\s*<link [^>]+>/g, '').replace(/\s+<\/head>/, '</head>').replace(/\s*<div class="day-preview".*<\/div>\s*<\/body>/, '</body>')).toBe(INDEX_HTML);
      }
    });

    it("puts a day's preview at the end of its page's body, after the root the app draws into", async () => {
      const response = await app.inject({ method: 'GET', url: '/sections/day-2', headers: { accept: 'text/html' } });
      const body = response.body.slice(response.body.indexOf('<body>'));
      expect(body).toMatch(/^<body><div id="root"><\/div>\s*<div class="day-preview" aria-busy="true"><h1>Day 2<\/h1><\/div>\s*<\/body>/);
      expect(response.body.match(/day-preview/g)).toHaveLength(1);
    });

    it('gives a day with a preview and nothing to link its preview alone, and other routes none', async () => {
      const day5 = await app.inject({ method: 'GET', url: '/sections/day-5', headers: { accept: 'text/html' } });
      expect(day5.body).toBe(INDEX_HTML.replace('</body>', `  ${DAY_5_PREVIEW}\n  </body>`));
      for (const url of ['/sections/day-1', '/login']) {
        const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(response.body).not.toContain('day-preview');
      }
    });

    it('answers index.html as it is for a route the build lists nothing for', async () => {
      for (const url of ['/inbox', '/student_profile']) {
        const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(response.body).toBe(INDEX_HTML);
      }
    });

    it('links the files of the build it serves now, after a new build under the running server', async () => {
      const nextHtml = INDEX_HTML.replace('<title>Helix</title>', '<title>Helix, next build</title>');
      writeFileSync(join(siteDir, 'dist', 'index.html'), nextHtml);
      utimesSync(join(siteDir, 'dist', 'index.html'), new Date(), new Date(Date.now() + 60_000));
      try {
        const response = await app.inject({ method: 'GET', url: '/sections/day-2', headers: { accept: 'text/html' } });
        expect(response.body).toContain('<title>Helix, next build</title>');
        expect(response.body).toContain('href="/assets/day-2-Y2.js"');
      } finally {
        writeFileSync(join(siteDir, 'dist', 'index.html'), INDEX_HTML);
      }
    });

    it('serves hashed assets for a year, immutable', async () => {
      const response = await app.inject({ method: 'GET', url: '/assets/index-Abc123.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.body).toBe(BUNDLE);
    });

    it('compresses the bundle with brotli or gzip', async () => {
      const brotli = await app.inject({ method: 'GET', url: '/assets/index-Abc123.js', headers: { 'accept-encoding': 'br' } });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.rawPayload.length).toBeLessThan(BUNDLE.length / 4);
      const gzip = await app.inject({ method: 'GET', url: '/assets/index-Abc123.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
    });

    it('sends the compressed copy the build wrote beside a file as it is, by what the browser accepts, and the file itself to one that accepts neither', async () => {
      const brotli = await app.inject({ method: 'GET', url: '/assets/lesson-engine-Pre456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(brotli.statusCode).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toMatch(/javascript/);
      expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotli.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('// the brotli copy\n');

      const gzip = await app.inject({ method: 'GET', url: '/assets/lesson-engine-Pre456.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe('// the gzip copy\n');

      const plain = await app.inject({ method: 'GET', url: '/assets/lesson-engine-Pre456.js', headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(BUNDLE);
    });

    it('answers 404 for a missing asset instead of index.html (a module script must never get HTML)', async () => {
      const response = await app.inject({ method: 'GET', url: '/assets/index-Gone999.js', headers: { accept: '*/*' } });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('<html');
    });

    it('serves lesson images under /images/', async () => {
      const response = await app.inject({ method: 'GET', url: '/images/lac-operon.svg' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(response.body).toContain('<svg');
    });

    it('answers 404 for a missing image', async () => {
      const response = await app.inject({ method: 'GET', url: '/images/missing.png', headers: { accept: 'image/*' } });
      expect(response.statusCode).toBe(404);
    });

    it('does not serve files outside STATIC_DIR', async () => {
      const response = await app.inject({ method: 'GET', url: '/..%2fimages%2flac-operon.svg' });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toContain('<svg');
    });

    describe('when STATIC_DIR has no index.html', () => {
      let unbuiltApp: FastifyInstance;

      beforeAll(async () => {
        ({ app: unbuiltApp } = await createTestApp(testDatabase, {
          config: testConfig({ dataDir: testDatabase.dataDir, staticDir: join(siteDir, 'empty-dist'), imagesDir: join(siteDir, 'images') }),
        }));
      });

      afterAll(async () => {
        await unbuiltApp?.close();
      });

      it('answers a plain-text 503 telling to run npm run build', async () => {
        const response = await unbuiltApp.inject({ method: 'GET', url: '/sections/day-1', headers: { accept: 'text/html' } });
        expect(response.statusCode).toBe(503);
        expect(response.headers['content-type']).toMatch(/^text\/plain/);
        expect(response.body).toContain('npm run build');
      });

      it('still answers the API', async () => {
        expect((await unbuiltApp.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      });
    });
  });

  describe('security headers', () => {
    it('sends the Content-Security-Policy for an app that embeds the built list of sites and sets inline styles', async () => {
      const response = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      const csp = String(response.headers['content-security-policy']);
      expect(csp.split(';')).toEqual(
        expect.arrayContaining([
          "default-src 'self'",
          "script-src 'self'",
          "style-src 'self' 'unsafe-inline'",
          "img-src 'self' data:",
          'frame-src https://phet.colorado.edu https://www.youtube-nocookie.com',
          "connect-src 'self' https://phet.colorado.edu https://www.youtube-nocookie.com",
          "font-src 'self'",
          "object-src 'none'",
          "frame-ancestors 'self'",
        ]),
      );
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  describe('the error registry', () => {
    it('gives every code a 4xx or 5xx status and a message', () => {
      for (const [code, entry] of Object.entries(API_ERRORS)) {
        expect(entry.status, code).toBeGreaterThanOrEqual(400);
        expect(entry.status, code).toBeLessThan(600);
        expect(entry.message, code).not.toBe('');
      }
    });
  });

  it('never answered 5xx', () => {
    expect(serverErrors).toEqual([]);
  });
});
