/**
 * Headers added to responses by path and protocol (docs/security.md#headers): `Cache-Control: no-store`
 * on the whole API, and `Strict-Transport-Security` on HTTPS responses when configured.
 */
import type { FastifyInstance } from 'fastify';

/** Every `/api/` response: a profile, messages, answers or tokens must not stay in the cache of a shared school computer. */
export const API_CACHE_CONTROL = 'no-store';

/** True for the API's paths: `/api`, `/api/…` and `/api?…`. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** What {@link addResponseHeaders} needs. */
export interface ResponseHeaderOptions {
  /** HSTS max-age in seconds (HSTS_MAX_AGE); null: never send the header. */
  hstsMaxAgeSeconds: number | null;
}

/**
 * Adds an `onSend` hook to the whole app (call it on the root instance, before the routes) that sets:
 * - `Cache-Control: no-store` on every response under `/api/`, errors and 404s included;
 * - `Strict-Transport-Security: max-age=N` when `hstsMaxAgeSeconds` is set and the request came over
 *   HTTPS (`request.protocol`: a TLS socket, or `X-Forwarded-Proto: https` from a proxy Fastify trusts).
 *   A browser ignores HSTS over plain HTTP, and sending it there only misleads, so it never is.
 */
export function addResponseHeaders(app: FastifyInstance, options: ResponseHeaderOptions): void {
  const hsts = options.hstsMaxAgeSeconds === null ? null : `max-age=${options.hstsMaxAgeSeconds}`;
  // With `done` rather than `async`: no promise per response for headers set at once.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.url)) reply.header('cache-control', API_CACHE_CONTROL);
    if (hsts !== null && request.protocol === 'https') reply.header('strict-transport-security', hsts);
    done(null, payload);
  });
}
