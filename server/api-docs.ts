/**
 * The API reference for a person: Swagger UI at `GET /api/docs`, a browsable page of the OpenAPI
 * document that server/openapi.ts generates, served from the installed @fastify/swagger-ui package
 * (no CDN: the page, its scripts, style sheets and the document all come from this server) under a
 * Content-Security-Policy of its own ({@link apiDocsCspDirectives}). Nothing is stored on the device:
 * a token typed into "Authorize" is forgotten when the tab closes (Swagger UI's `persistAuthorization`
 * stays off, for shared school computers: docs/security.md#headers).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { apiDocsCspDirectives } from './content-security-policy.ts';
import { computeHelmetHeaders } from './helmet-headers.ts';

/** Where the reference is served; its files are under `/api/docs/static/`, and the document it shows at `/api/docs/json`. */
export const API_DOCS_PATH = '/api/docs';

/** The reference page's title, in the browser's tab. */
export const API_DOCS_TITLE = 'Helix API reference';

/**
 * Added after the page's `<meta charset>`: @fastify/swagger-ui's page has no viewport, so a phone
 * would lay it out 980 px wide and shrink it (the app's own pages say the same: index.html).
 */
export const API_DOCS_VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">';

/**
 * The reference's own style sheet, served after Swagger UI's as `/api/docs/static/theme/helix.css`.
 * On a phone, Swagger UI's responses table keeps a Links column, which squeezed the media type list to
 * 124 px of a 390 px screen ("applicatio…"); the column goes, since Helix's document declares no links.
 */
export const API_DOCS_STYLE = '@media (max-width: 600px) { .swagger-ui .responses-table .response-col_links { display: none; } }\n';

/**
 * Swagger UI's large files under `/api/docs/static/` → their Content-Type. Each is compressed once per
 * encoding, on its first request, and kept in memory, instead of by @fastify/compress on every visit,
 * which cost far more CPU per visit than a save and is anyone's to ask for without signing in (figures:
 * docs/decisions/014-a-server-a-school-runs.md; the app's own bundle files are compressed at build time
 * for the same reason: server/static-files.ts).
 */
export const API_DOCS_COMPRESSED_FILES: ReadonlyMap<string, string> = new Map([
  ['swagger-ui-bundle.js', 'application/javascript; charset=utf-8'],
  ['swagger-ui-standalone-preset.js', 'application/javascript; charset=utf-8'],
  ['swagger-ui.css', 'text/css; charset=utf-8'],
]);

/** The encodings {@link API_DOCS_COMPRESSED_FILES} are kept in, best first. */
type StoredEncoding = 'br' | 'gzip';

/**
 * The stored encoding to answer a request with.
 *
 * @param acceptEncoding - the request's `Accept-Encoding`, e.g. `"gzip, deflate, br"`; a coding with
 *   `q=0` is refused, `*` is not taken as either
 * @returns `'br'` when accepted, else `'gzip'` when accepted, else null (the file then goes as it is)
 */
export function storedEncodingFor(acceptEncoding: string | undefined): StoredEncoding | null {
  const accepted = new Set<string>();
  for (const coding of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...parameters] = coding.split(';').map((part) => part.trim());
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    if (quality === undefined || Number(quality.slice(2)) > 0) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') ? 'gzip' : null;
}

/** The file compressed at a high level, computed off the event loop: brotli 9, gzip 9 (its cost: docs/decisions/014-a-server-a-school-runs.md). */
async function compressFile(path: string, encoding: StoredEncoding): Promise<Buffer> {
  const file = await readFile(path);
  if (encoding === 'gzip') return promisify(gzip)(file, { level: 9 });
  return promisify(brotliCompress)(file, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: file.length } });
}

/**
 * The `Content-Security-Policy` header of the reference's pages, as helmet writes it from
 * {@link apiDocsCspDirectives}.
 *
 * @returns e.g. `"default-src 'none';script-src 'self';…"`
 * @throws (rejects) when helmet refuses the directives
 */
export async function apiDocsContentSecurityPolicy(): Promise<string> {
  const headers = await computeHelmetHeaders({ contentSecurityPolicy: { useDefaults: false, directives: apiDocsCspDirectives() } });
  const policy = headers['content-security-policy'];
  if (policy === undefined) throw new Error('helmet wrote no Content-Security-Policy for the API reference');
  return policy;
}

/**
 * Registers the reference at {@link API_DOCS_PATH}: `/api/docs` and `/api/docs/` answer the page, its
 * scripts and style sheets are under `/api/docs/static/` (the large ones compressed once:
 * {@link API_DOCS_COMPRESSED_FILES}), and `/api/docs/json` and `/api/docs/yaml` answer the same
 * document as `/api/openapi.json`. Call it after `registerOpenApi` (server/openapi.ts), whose plugin it
 * depends on; its routes say `hide: true`, so the document does not list them. Its pages keep the
 * app's other page headers (server/helmet-headers.ts), but their Content-Security-Policy is replaced
 * by {@link apiDocsContentSecurityPolicy}, in this plugin's scope only: the app's own pages keep theirs.
 *
 * @throws (rejects) when @fastify/swagger is not registered, or helmet refuses the policy
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  const policy = await apiDocsContentSecurityPolicy();
  const packageFiles = join(dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui')), 'static');
  const compressed = new Map<string, Promise<Buffer>>();
  // Its own encapsulated scope, so the hooks below see the reference's requests only.
  await app.register(async (docs) => {
    docs.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET') return;
      const path = request.url.split('?', 1)[0]!;
      const name = path.startsWith(`${API_DOCS_PATH}/static/`) ? path.slice(API_DOCS_PATH.length + '/static/'.length) : '';
      const type = API_DOCS_COMPRESSED_FILES.get(name);
      const encoding = storedEncodingFor(request.headers['accept-encoding']);
      if (type === undefined || encoding === null) return;
      const key = `${encoding} ${name}`;
      let body = compressed.get(key);
      if (body === undefined) {
        body = compressFile(join(packageFiles, name), encoding);
        compressed.set(key, body);
        // A failure is not kept: the next request tries again.
        body.catch(() => compressed.delete(key));
      }
      // Already encoded, so @fastify/compress leaves it as it is.
      return reply.header('content-type', type).header('content-encoding', encoding).header('vary', 'accept-encoding').send(await body);
    });
    // Runs before @fastify/compress, which compresses in a route-level onSend hook: the page is still a string here.
    docs.addHook('onSend', (_request, reply, payload, done) => {
      const type = reply.getHeader('content-type');
      if (typeof type !== 'string' || !type.startsWith('text/html')) return done(null, payload);
      void reply.header('content-security-policy', policy);
      done(null, typeof payload === 'string' ? payload.replace(/<meta charset="UTF-8">/i, (charset) => `${charset}\n      ${API_DOCS_VIEWPORT}`) : payload);
    });
    await docs.register(fastifySwaggerUi, {
      routePrefix: API_DOCS_PATH,
      theme: { title: API_DOCS_TITLE, css: [{ filename: 'helix.css', content: API_DOCS_STYLE }] },
      uiConfig: {
        // No top bar: its address field would fetch any document the reader types, and its logo is Swagger's.
        layout: 'BaseLayout',
        docExpansion: 'list',
        deepLinking: true,
        defaultModelsExpandDepth: 0,
        displayRequestDuration: true,
        persistAuthorization: false,
      },
    });
  });
}
