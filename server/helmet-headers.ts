/**
 * Helmet's security headers, worked out once at start-up instead of on every request (issue 10, "API
 * benchmark"). @fastify/helmet 13 calls `helmet(options)` inside its `onRequest` hook, which parses
 * the whole Content-Security-Policy again for each request: about 20 µs of the 170 µs of CPU a load
 * of saved answers cost (measured with bench:api's CPU per response). Helix's headers do not vary by
 * request (no CSP nonces, no per-route options), so they are computed by running @fastify/helmet
 * itself once, on a throwaway Fastify instance, and set from a plain object afterwards.
 */
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** The response headers of a bare Fastify route, with and without a plugin in front of it. */
async function probeHeaders(register?: (app: FastifyInstance) => Promise<void>): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  try {
    if (register) await register(probe);
    probe.get('/', async () => 'probe');
    const response = await probe.inject({ method: 'GET', url: '/' });
    return Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, String(value)]));
  } finally {
    await probe.close();
  }
}

/**
 * The headers @fastify/helmet adds to a response with these options: every header its response has
 * and a bare one lacks, or carries with another value.
 *
 * @param options - @fastify/helmet's options; must not ask for CSP nonces (they differ per request)
 * @returns header name (lower case) → value, e.g. `{ 'x-frame-options': 'SAMEORIGIN', … }`
 * @throws when `options.enableCSPNonces` is set
 */
export async function computeHelmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  if (options.enableCSPNonces) throw new Error('CSP nonces differ per request: register @fastify/helmet itself for them');
  const bare = await probeHeaders();
  const helmeted = await probeHeaders(async (probe) => {
    await probe.register(fastifyHelmet, options);
  });
  return Object.fromEntries(Object.entries(helmeted).filter(([name, value]) => bare[name] !== value));
}

/**
 * Sets helmet's headers (see {@link computeHelmetHeaders}) on every response of `app`, from an
 * `onRequest` hook as @fastify/helmet does, so error and not-found answers carry them too.
 *
 * @example
 * await addHelmetHeaders(app, { contentSecurityPolicy: { useDefaults: false, directives }, strictTransportSecurity: false });
 */
export async function addHelmetHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const headers = await computeHelmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
