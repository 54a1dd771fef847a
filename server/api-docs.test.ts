import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_COMPRESSED_FILES, API_DOCS_PATH, API_DOCS_TITLE, API_DOCS_VIEWPORT, apiDocsContentSecurityPolicy, storedEncodingFor } from './api-docs.ts';
import { cspDirectives, EMBED_ORIGINS_FILE } from './content-security-policy.ts';
import { computeHelmetHeaders } from './helmet-headers.ts';
import { OPENAPI_PATH } from './openapi.ts';
import { createTestApp, createTestDatabase, testConfig, type TestDatabase } from './test/harness.ts';

/** A page's origin in these tests; `app.inject` answers as this server. */
const ORIGIN = 'http://helix.test';

/** The framed sites the app's own pages allow here, so the two policies differ visibly. */
const FRAME_ORIGINS = ['https://www.youtube-nocookie.com'];

/** The installed package's own copies of Swagger UI's files. */
const PACKAGE_FILES = join(dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui')), 'static');

/** A Content-Security-Policy header as directive name → sources, e.g. `{ 'script-src': ["'self'"] }`. */
function directivesOf(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

/** The addresses a page's `src` and `href` attributes name, resolved against the page's own address. */
function linkedUrls(html: string, pageUrl: string): URL[] {
  return [...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((match) => new URL(match[1]!, pageUrl));
}

/** docs/security.md#headers: the API reference is the document as a page, from this server only, under a policy of its own. */
describe('the API reference at /api/docs (pglite)', () => {
  let testDatabase: TestDatabase;
  let siteDir: string;
  let app: FastifyInstance;
  let serverErrors: string[];

  /** GET as a browser does, following the server's redirects (at most 5): the last answer and its address. */
  const open = async (path: string): Promise<{ response: LightMyRequestResponse; url: string }> => {
    let url = new URL(path, ORIGIN);
    for (let hops = 0; ; hops += 1) {
      const response = await app.inject({ method: 'GET', url: url.pathname + url.search, headers: { accept: 'text/html,*/*' } });
      if (response.statusCode < 300 || response.statusCode >= 400 || hops === 5) return { response, url: url.href };
      url = new URL(String(response.headers.location), url);
      expect(url.origin, 'a redirect stays on this server').toBe(ORIGIN);
    }
  };

  beforeAll(async () => {
    testDatabase = await createTestDatabase('pglite');
    siteDir = mkdtempSync(join(tmpdir(), 'helix-api-docs-'));
    mkdirSync(join(siteDir, 'dist'));
    writeFileSync(join(siteDir, 'dist', 'index.html'), '<!doctype html><title>Helix</title>\n');
    writeFileSync(join(siteDir, 'dist', EMBED_ORIGINS_FILE), JSON.stringify({ frameOrigins: FRAME_ORIGINS }));
    ({ app, serverErrors } = await createTestApp(testDatabase, { config: testConfig({ dataDir: testDatabase.dataDir, staticDir: join(siteDir, 'dist') }) }));
  });

  afterAll(async () => {
    expect(serverErrors).toEqual([]);
    await app?.close();
    await testDatabase?.destroy();
    if (siteDir) rmSync(siteDir, { recursive: true, force: true });
  });

  it.each([API_DOCS_PATH, `${API_DOCS_PATH}/`])('answers GET %s with the page: 200 HTML, titled, laid out for a phone too', async (path) => {
    const { response } = await open(path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain(`<title>${API_DOCS_TITLE}</title>`);
    expect(response.body).toContain(API_DOCS_VIEWPORT);
    expect(response.body).toContain('<div id="swagger-ui"></div>');
  });

  it.each([API_DOCS_PATH, `${API_DOCS_PATH}/`])('serves every script, style sheet and icon the page at %s links, from this server and none from elsewhere', async (path) => {
    const { response: page, url } = await open(path);
    const links = linkedUrls(page.body, url);
    expect(links.map((link) => link.pathname)).toEqual(
      expect.arrayContaining([`${API_DOCS_PATH}/static/swagger-ui-bundle.js`, `${API_DOCS_PATH}/static/swagger-ui.css`, `${API_DOCS_PATH}/static/theme/helix.css`]),
    );
    for (const link of links) {
      expect(link.origin, link.href).toBe(ORIGIN);
      const file = await app.inject({ method: 'GET', url: link.pathname });
      expect(file.statusCode, link.pathname).toBe(200);
      const type = String(file.headers['content-type']);
      if (link.pathname.endsWith('.js')) expect(type, link.pathname).toMatch(/^application\/javascript/);
      else if (link.pathname.endsWith('.css')) expect(type, link.pathname).toMatch(/^text\/css/);
      else expect(type, link.pathname).toMatch(/^image\//);
      expect(file.body.length, link.pathname).toBeGreaterThan(0);
    }
  });

  it('shows the document /api/openapi.json serves, asks no validator elsewhere, and keeps no token on the device', async () => {
    const [shown, served, initializer] = await Promise.all([
      app.inject({ method: 'GET', url: `${API_DOCS_PATH}/json` }),
      app.inject({ method: 'GET', url: OPENAPI_PATH }),
      app.inject({ method: 'GET', url: `${API_DOCS_PATH}/static/swagger-initializer.js` }),
    ]);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual(served.json());
    // The page fetches './json' beside itself; no badge from validator.swagger.io; Authorize forgets the token with the tab.
    expect(initializer.body).toContain("resolveUrl('./json')");
    expect(initializer.body).toContain('validatorUrl: null');
    expect(initializer.body).toMatch(/"persistAuthorization":\s*false/);
    expect(initializer.body).toMatch(/"layout":\s*"BaseLayout"/);
  });

  it.each(['br', 'gzip'] as const)('sends Swagger UI’s large files compressed once (%s), byte for byte the package’s', async (encoding) => {
    for (const [name, type] of API_DOCS_COMPRESSED_FILES) {
      const url = `${API_DOCS_PATH}/static/${name}`;
      const [first, second] = [await app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } }), await app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } })];
      expect(first.statusCode, name).toBe(200);
      expect(first.headers['content-encoding'], name).toBe(encoding);
      expect(first.headers['content-type'], name).toBe(type);
      expect(first.headers.vary, name).toMatch(/accept-encoding/i);
      const decoded = encoding === 'br' ? brotliDecompressSync(first.rawPayload) : gunzipSync(first.rawPayload);
      expect(decoded.equals(readFileSync(join(PACKAGE_FILES, name))), name).toBe(true);
      expect(second.rawPayload.equals(first.rawPayload), name).toBe(true);
    }
    const plain = await app.inject({ method: 'GET', url: `${API_DOCS_PATH}/static/swagger-ui.css`, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(readFileSync(join(PACKAGE_FILES, 'swagger-ui.css')))).toBe(true);
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['GZIP;q=0.5', 'gzip'],
    ['gzip;q=0', null],
    ['identity', null],
    ['*', null],
    [undefined, null],
  ] as const)('picks the stored encoding for Accept-Encoding %j: %s', (header, expected) => {
    expect(storedEncodingFor(header)).toBe(expected);
  });

  it('sends a Content-Security-Policy that allows nothing from another origin', async () => {
    const { response } = await open(API_DOCS_PATH);
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toBe(await apiDocsContentSecurityPolicy());
    const directives = directivesOf(policy);
    // Anything not named falls back to default-src: nothing at all.
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('script-src-attr')).toEqual(["'none'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    for (const [name, sources] of directives) {
      for (const source of sources) {
        const allowed =
          source === "'self'" ||
          source === "'none'" ||
          // Images inside the page's own style sheet: no request leaves the page.
          (name === 'img-src' && source === 'data:') ||
          // Style attributes React sets (Swagger UI's code blocks); no <style> element, no script.
          (name === 'style-src-attr' && source === "'unsafe-inline'");
        expect(allowed, `${name} ${source}`).toBe(true);
      }
    }
  });

  it('leaves the app’s own pages their own policy, and puts none on the reference’s scripts and style sheets', async () => {
    const appPolicy = (await computeHelmetHeaders({ contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(FRAME_ORIGINS) } }))['content-security-policy'];
    for (const path of ['/', '/day/1']) {
      const page = await app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
      expect(page.statusCode, path).toBe(200);
      expect(page.headers['content-security-policy'], path).toBe(appPolicy);
    }
    expect(appPolicy).not.toBe(await apiDocsContentSecurityPolicy());
    for (const file of ['swagger-ui-bundle.js', 'swagger-initializer.js', 'swagger-ui.css', 'theme/helix.css']) {
      const response = await app.inject({ method: 'GET', url: `${API_DOCS_PATH}/static/${file}` });
      expect(response.headers['content-security-policy'], file).toBeUndefined();
      expect(response.headers['x-content-type-options'], file).toBe('nosniff');
    }
  });

  it('keeps the server’s fallbacks: an unknown file under /api/docs/ is a 404 not_found, an app route still gets index.html', async () => {
    const missing = await app.inject({ method: 'GET', url: `${API_DOCS_PATH}/static/missing.js`, headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'not_found' });
    const appRoute = await app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
    expect(appRoute.statusCode).toBe(200);
    expect(appRoute.body).toContain('<title>Helix</title>');
  });

  it('is left out of the document it shows', async () => {
    const document = (await app.inject({ method: 'GET', url: OPENAPI_PATH })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths).filter((path) => path.startsWith(API_DOCS_PATH))).toEqual([]);
  });
});
