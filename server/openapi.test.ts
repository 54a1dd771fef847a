import { compileErrors, validate } from '@readme/openapi-parser';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_PATH } from './api-docs.ts';
import { OPENAPI_PATH } from './openapi.ts';
import { createTestApp, createTestDatabase, testConfig, type TestDatabase } from './test/harness.ts';

/**
 * Every route the app serves, as `METHOD /path` with `{param}` placeholders, read from Fastify's own
 * route tree (`printRoutes`, one method at a time); HEAD, which Fastify adds for every GET, left out.
 */
function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const) {
    const stack: { depth: number; path: string }[] = [];
    for (const line of app.printRoutes({ method, commonPrefix: false }).split('\n')) {
      const match = /^([│ ├└─]*)(\S.*?)(?: \([A-Z, ]+\))?$/.exec(line);
      if (match === null) continue;
      const depth = match[1]!.length / 4;
      while (stack.length > 0 && stack[stack.length - 1]!.depth >= depth) stack.pop();
      const path = (stack[stack.length - 1]?.path ?? '') + match[2]!;
      stack.push({ depth, path });
      if (line.endsWith(')') && match[2] !== '(empty tree)') routes.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return routes.sort();
}

/** The API reference's page, its files and its copy of the document (server/api-docs.ts), which the document leaves out. */
function isApiReference(route: string): boolean {
  const path = route.split(' ')[1]!;
  return path === API_DOCS_PATH || path.startsWith(`${API_DOCS_PATH}/`);
}

describe('the OpenAPI document', () => {
  let testDatabase: TestDatabase;
  let app: FastifyInstance;
  let document: OpenAPIV3_1.Document;

  beforeAll(async () => {
    testDatabase = await createTestDatabase('pglite');
    // With CORS on, so its preflight route is registered too (and must stay out of the document).
    ({ app } = await createTestApp(testDatabase, { config: testConfig({ dataDir: testDatabase.dataDir, corsOrigins: ['https://app.school.org'] }) }));
    const response = await app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });

  afterAll(async () => {
    await app?.close();
    await testDatabase?.destroy();
  });

  it('is valid OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? 'valid' : compileErrors(result)).toBe('valid');
  });

  it('lists every API route the server has, and nothing else', () => {
    const documented = Object.entries(document.paths ?? {})
      .flatMap(([path, item]) => Object.keys(item ?? {}).filter((key) => ['get', 'post', 'patch', 'put', 'delete'].includes(key)).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const served = registeredRoutes(app).filter((route) => route.split(' ')[1]!.startsWith('/api') && !isApiReference(route));
    expect(served).toContain('POST /api/student/modules/{day}/response/');
    expect(documented).toEqual(served);
    // The static files, the CORS preflight and the API reference at /api/docs are all that is left out.
    expect(registeredRoutes(app).filter(isApiReference)).toContain(`GET ${API_DOCS_PATH}`);
    expect(registeredRoutes(app).filter((route) => !served.includes(route) && !isApiReference(route))).toEqual(['GET *', 'OPTIONS *']);
  });

  it('covers every call of the API contract', () => {
    const contract = [
      'POST /api/token/',
      'POST /api/token/refresh/',
      'POST /api/student/signup/',
      'GET /api/student/profile/',
      'GET /api/student/inbox/',
      'PATCH /api/student/inbox/{id}/read/',
      'GET /api/student/modules/{day}/response/detail/',
      'POST /api/student/modules/{day}/response/',
      'GET /api/workbooks/workbooks/',
      'GET /api/workbooks/workbooks/{id}/',
    ];
    for (const call of contract) {
      const [method, path] = call.split(' ') as [string, string];
      expect(document.paths?.[path], call).toHaveProperty(method.toLowerCase());
    }
  });

  it('describes what every API route answers when it succeeds: a 2xx response with its schema, a 204 without a body, or a 303 for a page a browser opens', () => {
    const undescribed: string[] = [];
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const method of ['get', 'post', 'patch', 'put', 'delete'] as const) {
        const operation = item?.[method];
        if (operation === undefined) continue;
        // 303: the school sign-in's start and callback, which send the browser on (server/routes/oidc.ts).
        const successes = Object.entries(operation.responses ?? {}).filter(([status]) => /^(2\d\d|303)$/.test(status)) as [string, OpenAPIV3_1.ResponseObject][];
        // A route without a response schema gets @fastify/swagger's placeholder: 200 "Default Response" with no content.
        const described = successes.some(([status, response]) => status === '204' || status === '303' || Object.values(response.content ?? {}).some((media) => media.schema !== undefined));
        if (!described) undescribed.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(undescribed, 'routes without a 2xx response schema: declare `response: { 200: … }` (server/routes/console/schemas.ts has the pieces)').toEqual([]);
    // The console's routes among them (docs/facilitators.md#api), the ones that lacked it first.
    expect(Object.keys(document.paths ?? {}).filter((path) => path.startsWith('/api/facilitator/')).length).toBeGreaterThan(15);
  });

  it('says which calls need no access token, and how refresh rotates', () => {
    expect(document.paths?.['/api/token/']?.post?.security).toEqual([]);
    expect(document.paths?.['/api/student/profile/']?.get?.security).toBeUndefined();
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    const refreshBody = document.paths?.['/api/token/refresh/']?.post?.requestBody as OpenAPIV3_1.RequestBodyObject;
    expect(refreshBody.content['application/json']?.schema).toMatchObject({ properties: { rotate: { type: 'boolean' } } });
  });
});
