/**
 * Helmet's security headers, worked out once at start-up instead of on every request. @fastify/helmet
 * 13 calls `helmet(options)` inside its `onRequest` hook, which parses the whole
 * Content-Security-Policy again for each request: about 20 µs of the 170 µs of CPU a load of saved
 * answers cost (measured with bench:api's CPU per response). Helix's headers do not vary by request
 * (no CSP nonces, no per-route options), so they are computed by calling the same `helmet` middleware
 * once, the way @fastify/helmet calls it, on a response that only records the headers it is given,
 * and set from a plain object afterwards. server/helmet-headers.test.ts checks the result against
 * @fastify/helmet itself.
 */
import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers @fastify/helmet adds to a response with these options.
 *
 * @param options - @fastify/helmet's options; must not ask for CSP nonces (they differ per request).
 *   Its own `global` option is ignored: the headers go on every response.
 * @returns header name (lower case) → value, e.g. `{ 'x-frame-options': 'SAMEORIGIN', … }`; a
 *   promise, as the headers are set up with the app's other asynchronous plugins
 * @throws (rejects) when `options.enableCSPNonces` is set, or helmet refuses the options
 */
export async function computeHelmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  // As @fastify/helmet does: its own options are not helmet's.
  const { enableCSPNonces, global: _global, ...helmetOptions } = options;
  if (enableCSPNonces) throw new Error('CSP nonces differ per request: register @fastify/helmet itself for them');
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: OutgoingHttpHeader) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return recorder;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // Helmet's middleware sets its headers synchronously and throws on bad options; the request is
  // read only by CSP directives given as functions, which Helix does not use.
  // The cast only bridges type declarations: @fastify/helmet's types name helmet's CommonJS ones,
  // this import gets its ES module ones, and TypeScript tells their `unique symbol`s apart.
  helmet(helmetOptions as unknown as HelmetOptions)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Helmet's headers that protect any response, not only a page: the browser must not guess a JSON answer or
 * a script to be something else (`X-Content-Type-Options`), and only this origin may load a file unless
 * it says otherwise (`Cross-Origin-Resource-Policy`). Every other helmet header speaks to a document.
 */
export const EVERY_RESPONSE_HEADERS: ReadonlySet<string> = new Set(['x-content-type-options', 'cross-origin-resource-policy']);

/** A request URL without its query string. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** Where {@link addHelmetHeaders} sends the headers that speak to a document. */
export interface DocumentHeaderOptions {
  /**
   * Paths of scripts that run as documents of their own and so take a policy too (the service worker,
   * whose Content-Security-Policy governs its own requests), e.g. `['/sw.js']`.
   */
  workerPaths?: readonly string[];
}

/**
 * Sets helmet's headers (see {@link computeHelmetHeaders}) by what a response is (docs/security.md#headers):
 * - {@link EVERY_RESPONSE_HEADERS} on every response, from an `onRequest` hook as @fastify/helmet does,
 *   so error and not-found answers carry them too;
 * - the others (Content-Security-Policy, X-Frame-Options, Referrer-Policy…) only on documents: responses
 *   whose `Content-Type` is `text/html`, and the worker scripts named in `documents.workerPaths`. A
 *   script, a style sheet, an image or a JSON answer is not shown as a page, so those headers would do
 *   nothing there but add about 1 KB to every file of a first visit.
 *
 * @throws (rejects) as {@link computeHelmetHeaders}
 * @example
 * await addHelmetHeaders(app, { contentSecurityPolicy: { useDefaults: false, directives }, strictTransportSecurity: false }, { workerPaths: ['/sw.js'] });
 */
export async function addHelmetHeaders(app: FastifyInstance, options: FastifyHelmetOptions, documents: DocumentHeaderOptions = {}): Promise<void> {
  const all = await computeHelmetHeaders(options);
  const everyResponse = Object.fromEntries(Object.entries(all).filter(([name]) => EVERY_RESPONSE_HEADERS.has(name)));
  const documentOnly = Object.fromEntries(Object.entries(all).filter(([name]) => !EVERY_RESPONSE_HEADERS.has(name)));
  const workerPaths = new Set(documents.workerPaths ?? []);
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(everyResponse);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if ((typeof type === 'string' && type.startsWith('text/html')) || (workerPaths.size > 0 && workerPaths.has(pathOf(request.url)))) void reply.headers(documentOnly);
    done(null, payload);
  });
}
