import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { addHelmetHeaders, computeHelmetHeaders, EVERY_RESPONSE_HEADERS } from './helmet-headers.ts';

const OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], frameSrc: ['https://www.youtube-nocookie.com'], upgradeInsecureRequests: null } },
  strictTransportSecurity: false,
};

/** An app with a route, a failing route and the default not-found answer. */
async function appWith(setUp: (app: FastifyInstance) => Promise<void>): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await setUp(app);
  app.get('/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<!doctype html><title>Page</title>'));
  app.get('/answer', async () => ({ ok: true }));
  app.get('/worker.js', async (_request, reply) => reply.type('text/javascript').send('self.onfetch = null;'));
  app.get('/fails', async () => {
    throw Object.assign(new Error('refused'), { statusCode: 403 });
  });
  return app;
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe('helmet headers computed once (issue 10)', () => {
  it('sets exactly the headers @fastify/helmet sets on a page and on a worker script named as one', async () => {
    const plugin = await appWith(async (app) => {
      await app.register(fastifyHelmet, OPTIONS);
    });
    const computed = await appWith((app) => addHelmetHeaders(app, OPTIONS, { workerPaths: ['/worker.js'] }));
    apps.push(plugin, computed);
    for (const url of ['/page', '/worker.js', '/worker.js?v=2']) {
      const [expected, actual] = await Promise.all([plugin.inject({ method: 'GET', url }), computed.inject({ method: 'GET', url })]);
      expect(actual.statusCode).toBe(expected.statusCode);
      const { date: _expectedDate, ...expectedHeaders } = expected.headers;
      const { date: _actualDate, ...actualHeaders } = actual.headers;
      expect({ url, headers: actualHeaders }).toEqual({ url, headers: expectedHeaders });
    }
  });

  it('sends only the headers that protect any response on answers, errors and not-found, never the page policy', async () => {
    const computed = await appWith((app) => addHelmetHeaders(app, OPTIONS, { workerPaths: ['/worker.js'] }));
    apps.push(computed);
    for (const url of ['/answer', '/fails', '/nowhere']) {
      const response = await computed.inject({ method: 'GET', url });
      const helmetNames = Object.keys(response.headers).filter((name) => !['content-type', 'content-length', 'date', 'connection'].includes(name));
      expect({ url, names: helmetNames.sort() }).toEqual({ url, names: [...EVERY_RESPONSE_HEADERS].sort() });
    }
  });

  it('finds the policy and the other helmet headers', async () => {
    const headers = await computeHelmetHeaders(OPTIONS);
    expect(headers['content-security-policy']).toBe("default-src 'self';frame-src https://www.youtube-nocookie.com");
    expect(headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'SAMEORIGIN', 'referrer-policy': 'no-referrer' });
    expect(headers).not.toHaveProperty('strict-transport-security');
    expect(headers).not.toHaveProperty('content-type');
  });

  it('refuses CSP nonces, which differ per request', async () => {
    await expect(computeHelmetHeaders({ ...OPTIONS, enableCSPNonces: true })).rejects.toThrow('CSP nonces differ per request');
  });
});
