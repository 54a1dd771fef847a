import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxMessages, dayAnswers, users } from './db/schema.ts';
import { API_ERRORS } from './errors.ts';
import {
  authorizationFrom,
  contentType,
  forgeTokens,
  nastyString,
  nastyValue,
  pathId,
  queryString,
  rawBody,
  shapedBody,
  type TokenSet,
} from './test/fuzz-arbitraries.ts';
import { createPasswordHasher } from './auth/passwords.ts';
import { createStaffAccount } from './facilitator/accounts.ts';
import { bearer, createTestApp, createTestDatabase, DATABASE_KINDS, FAST_PASSWORD_HASHING, signUp, testConfig, type TestDatabase } from './test/harness.ts';
import { FIXTURE_DAY_FOLDERS, fixtureDays, fixtureSchema } from '../test/fixture-days.ts';

/**
 * Generated requests per endpoint and database. 12 endpoints × 300 = 3,600 requests, each followed
 * by a read of the stored data: about 25 s on PGlite and 15 s on PostgreSQL on 2 cores.
 * FUZZ_RUNS raises it for a longer search.
 */
const RUNS_PER_ENDPOINT = Number(process.env.FUZZ_RUNS ?? 300);

/** One API route under test and the body it expects. */
interface Endpoint {
  /** As written in the route file, e.g. `PATCH /api/student/inbox/:id/read/`. */
  route: string;
  /** The body's properties, for bodies that are almost right; none for routes without a body. */
  bodyKeys?: readonly string[];
  /** Generated requests; {@link RUNS_PER_ENDPOINT} unless given. */
  runs?: number;
}

/** Generated requests per facilitator-console route: they share the student routes' guards and parsers, so fewer find anything new. */
const RUNS_PER_CONSOLE_ROUTE = Math.ceil(RUNS_PER_ENDPOINT / 6);

/** Every route of server/routes (checked below, so a new route cannot be left out of the fuzzing). */
const ENDPOINTS: readonly Endpoint[] = [
  { route: 'GET /api/health' },
  { route: 'GET /api/ready' },
  { route: 'POST /api/token/', bodyKeys: ['username', 'password'] },
  { route: 'POST /api/token/refresh/', bodyKeys: ['refresh'] },
  { route: 'POST /api/token/logout/', bodyKeys: ['refresh'] },
  { route: 'POST /api/student/signup/', bodyKeys: ['username', 'password', 'first_name', 'last_name', 'classroom_name', 'join_code'] },
  { route: 'GET /api/join/:code/' },
  { route: 'POST /api/join/:code/' },
  { route: 'GET /api/student/profile/' },
  { route: 'PATCH /api/student/profile/', bodyKeys: ['language'] },
  { route: 'GET /api/student/inbox/' },
  { route: 'PATCH /api/student/inbox/:id/read/', bodyKeys: ['is_read'] },
  { route: 'GET /api/student/modules/:day/response/detail/' },
  { route: 'POST /api/student/modules/:day/response/', bodyKeys: ['answers', 'base_revision'] },
  { route: 'GET /api/workbooks/workbooks/' },
  { route: 'GET /api/workbooks/workbooks/:id/' },
  { route: 'POST /api/account/password/', bodyKeys: ['current_password', 'new_password'] },
  { route: 'GET /api/student/feedback/' },
  { route: 'GET /api/student/modules/:day/feedback/' },
  { route: 'PATCH /api/student/modules/:day/feedback/:feedbackId/read/' },
  // Signing in through a school's provider (none configured here: every answer is a refusal, never a 5xx).
  ...(
    [
      ['GET /api/auth/providers/'],
      ['GET /api/auth/oidc/:provider/start'],
      ['POST /api/auth/oidc/:provider/link/', ['return_to']],
      ['GET /api/auth/oidc/callback'],
      ['POST /api/auth/oidc/session/', ['handoff']],
      ['GET /api/account/identities/'],
      ['DELETE /api/account/identities/:id/'],
    ] as const
  ).map(([route, bodyKeys]) => ({ route, bodyKeys, runs: RUNS_PER_CONSOLE_ROUTE })),
  ...(
    [
      ['GET /api/facilitator/classes/'],
      ['POST /api/facilitator/classes/', ['name']],
      ['DELETE /api/facilitator/classes/:id/', ['confirm']],
      ['PATCH /api/facilitator/classes/:id/', ['language']],
      ['GET /api/facilitator/classes/:id/join-link/'],
      ['POST /api/facilitator/classes/:id/join-link/'],
      ['DELETE /api/facilitator/classes/:id/join-link/'],
      ['POST /api/facilitator/classes/:id/roster/', ['csv']],
      ['GET /api/facilitator/classes/:id/progress/'],
      ['POST /api/facilitator/classes/:id/students/', ['username']],
      ['DELETE /api/facilitator/classes/:id/students/:studentId/'],
      ['POST /api/facilitator/classes/:id/facilitators/', ['username']],
      ['GET /api/facilitator/days/:day/questions/'],
      ['GET /api/facilitator/classes/:id/students/:studentId/days/:day/'],
      ['GET /api/facilitator/classes/:id/days/:day/answers/'],
      ['GET /api/facilitator/classes/:id/export.csv'],
      ['POST /api/facilitator/classes/:id/messages/', ['subject', 'body', 'student_ids']],
      ['GET /api/facilitator/classes/:id/messages/'],
      ['POST /api/facilitator/classes/:id/students/:studentId/password/'],
      ['GET /api/facilitator/facilitators/'],
      ['POST /api/facilitator/facilitators/', ['username', 'first_name', 'last_name']],
      ['POST /api/facilitator/facilitators/:id/password/'],
      ['GET /api/facilitator/unassigned/'],
      ['GET /api/facilitator/audit/'],
      ['GET /api/facilitator/classes/:id/days/:day/feedback/'],
      ['GET /api/facilitator/classes/:id/students/:studentId/days/:day/feedback/'],
      ['POST /api/facilitator/classes/:id/students/:studentId/days/:day/feedback/', ['field', 'body']],
      ['PATCH /api/facilitator/classes/:id/students/:studentId/days/:day/feedback/:feedbackId/', ['body']],
      ['DELETE /api/facilitator/classes/:id/students/:studentId/days/:day/feedback/:feedbackId/'],
    ] as const
  ).map(([route, bodyKeys]) => ({ route, bodyKeys, runs: RUNS_PER_CONSOLE_ROUTE })),
];

/** `METHOD /path` of every route declared in server/routes/ and its folders (`app.get(…)`, or on `app.withTypeProvider<…>()`). */
function declaredRoutes(): string[] {
  const dir = join(import.meta.dirname, 'routes');
  const routes: string[] = [];
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    for (const match of text.matchAll(/app\.(?:withTypeProvider<\w+>\(\)\.)?(get|post|put|patch|delete)\b[\s\S]{0,120}?'(\/api\/[^']*)'/g)) routes.push(`${match[1]!.toUpperCase()} ${match[2]}`);
  }
  return routes.sort();
}

/** The top-level fields of the fixture days the app serves here (test/fixture-days/): a text, lists, rows, an ordering, numbers. */
const DAY_FIELDS = [...new Set(fixtureDays.flatMap(({ day }) => Object.keys(fixtureSchema(day).properties ?? {})))];

/** Answers objects shaped like a day's, with hostile values in their fields. */
const answersLike: fc.Arbitrary<unknown> = fc.oneof(
  fc.dictionary(fc.oneof(fc.constantFrom(...DAY_FIELDS), nastyString), nastyValue, {
    maxKeys: 6,
  }),
  nastyValue,
);

/** A body the route accepts, as the app sends it (the starting point of almost-right bodies). */
function validBody(endpoint: Endpoint, tokens: TokenSet): fc.Arbitrary<Record<string, unknown>> {
  switch (endpoint.route) {
    case 'POST /api/token/':
      return fc.constant({ username: 'fuzz-student', password: 'correct horse battery staple' });
    case 'POST /api/token/refresh/':
    case 'POST /api/token/logout/':
      return fc.constant({ refresh: tokens.own.refresh });
    case 'POST /api/student/signup/':
      return fc.record({ username: fc.stringMatching(/^[a-z]{3,12}$/), password: fc.constant('long enough password'), first_name: fc.constant('Ada'), last_name: fc.constant('Lovelace') });
    case 'PATCH /api/student/inbox/:id/read/':
      return fc.record({ is_read: fc.boolean() });
    case 'POST /api/facilitator/classes/':
      return fc.record({ name: fc.string({ minLength: 1, maxLength: 20 }) });
    case 'POST /api/facilitator/classes/:id/messages/':
      return fc.record({ subject: fc.constant('Hello'), body: fc.string({ minLength: 1, maxLength: 40 }) });
    case 'POST /api/facilitator/classes/:id/students/':
      return fc.constant({ username: 'fuzz-classmate' });
    case 'POST /api/student/modules/:day/response/':
      return fc.record({ answers: fc.dictionary(fc.constantFrom('opening', 'inquiry', 'oldField'), fc.oneof(fc.string({ maxLength: 20 }), fc.constant({ think: 'x' }))) });
    default:
      return fc.constant({});
  }
}

/** A valid body with one property replaced by a hostile value, or removed. */
function nearlyValidBody(endpoint: Endpoint, tokens: TokenSet): fc.Arbitrary<Record<string, unknown>> {
  return fc.tuple(validBody(endpoint, tokens), fc.constantFrom(...(endpoint.bodyKeys ?? ['x'])), fc.option(nastyValue, { nil: undefined })).map(([body, key, value]) => {
    const changed: Record<string, unknown> = { ...body };
    if (value === undefined) delete changed[key];
    else changed[key] = value;
    return changed;
  });
}

/** What one generated request is made of. */
interface GeneratedRequest {
  /** Half the requests are sent as the app sends them (method, content type, the student's token, a day or id from 1 to 5), so that their bodies reach the handlers. */
  proper: { day: number } | null;
  method: string;
  id: string;
  query: string;
  body: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string };
  contentType: string | undefined;
  authorization: string | undefined;
  remoteAddress: string;
  extraHeaders: Record<string, string>;
}

/** Header values must be visible ASCII for light-my-request; anything else is replaced, as a proxy would. */
const headerSafe = (value: string) => value.replace(/[^\x20-\x7e]/g, '?');

function requestArbitrary(endpoint: Endpoint, tokens: TokenSet): fc.Arbitrary<GeneratedRequest> {
  const [method] = endpoint.route.split(' ') as [string];
  const keys = endpoint.bodyKeys ?? ['answers', 'refresh', 'username'];
  const jsonBody = endpoint.bodyKeys?.includes('answers')
    ? fc.record({ answers: answersLike, base_revision: fc.oneof(fc.constant(undefined), nastyValue) }, { requiredKeys: [] })
    : shapedBody(keys);
  return fc.record({
    proper: fc.option(fc.record({ day: fc.integer({ min: 1, max: 5 }) }), { nil: null, freq: 2 }),
    method: fc.oneof({ weight: 12, arbitrary: fc.constant(method) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD') }),
    id: pathId,
    query: queryString,
    body: fc.oneof(
      { weight: 2, arbitrary: validBody(endpoint, tokens).map((value) => ({ kind: 'json' as const, value })) },
      { weight: 4, arbitrary: nearlyValidBody(endpoint, tokens).map((value) => ({ kind: 'json' as const, value })) },
      { weight: 3, arbitrary: jsonBody.map((value) => ({ kind: 'json' as const, value })) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ({ kind: 'json' as const, value })) },
      { weight: 2, arbitrary: rawBody.map((text) => ({ kind: 'raw' as const, text })) },
      { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
    ),
    contentType,
    authorization: authorizationFrom(tokens).map((value) => (value === undefined ? undefined : headerSafe(value))),
    remoteAddress: fc.ipV4(),
    extraHeaders: fc.dictionary(
      fc.constantFrom('x-forwarded-for', 'x-forwarded-proto', 'x-real-ip', 'origin', 'referer', 'cookie', 'x-http-method-override', 'if-none-match', 'range', 'expect'),
      nastyString.map(headerSafe),
      { maxKeys: 2 },
    ),
  });
}

function toInjectOptions(endpoint: Endpoint, request: GeneratedRequest, tokens: TokenSet): InjectOptions {
  const [routeMethod, routePath] = endpoint.route.split(' ') as [string, string];
  const { proper } = request;
  const path = routePath.replace(/:(id|day|studentId)/g, proper ? String(proper.day) : request.id);
  const headers: Record<string, string> = { ...request.extraHeaders };
  const type = proper ? 'application/json' : request.contentType;
  // The console's routes are sent as the facilitator's console sends them; the student's token is among the others.
  const ownToken = routePath.startsWith('/api/facilitator/') && tokens.staff ? tokens.staff.access : tokens.own.access;
  const authorization = proper ? `Bearer ${ownToken}` : request.authorization;
  if (type !== undefined) headers['content-type'] = type;
  if (authorization !== undefined) headers.authorization = authorization;
  const method = (proper ? routeMethod : request.method) as InjectOptions['method'];
  const options: InjectOptions = { method, url: path + request.query, headers, remoteAddress: request.remoteAddress };
  if (request.body.kind === 'json') options.payload = JSON.stringify(request.body.value) ?? 'null';
  if (request.body.kind === 'raw') options.payload = request.body.text;
  return options;
}

/** Per endpoint: requests sent, 5xx answered, and how many of each status. */
type Tally = Map<string, { requests: number; serverErrors: number; statuses: Map<number, number> }>;

function printTally(kind: string, tally: Tally): void {
  const lines = [...tally].map(([route, { requests, serverErrors, statuses }]) => {
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(' ');
    return `  ${route.padEnd(50)} ${String(requests).padStart(5)} requests, ${serverErrors} 5xx  (${byStatus})`;
  });
  const total = [...tally.values()].reduce((sum, entry) => sum + entry.requests, 0);
  const fives = [...tally.values()].reduce((sum, entry) => sum + entry.serverErrors, 0);
  console.log(`fuzz (${kind}): ${total} generated requests, ${fives} 5xx\n${lines.join('\n')}`);
}

describe('every API route is fuzzed', () => {
  it('the fuzz list holds every route declared in server/routes', () => {
    expect(ENDPOINTS.map((endpoint) => endpoint.route).sort()).toEqual(declaredRoutes());
  });
});

for (const kind of DATABASE_KINDS) {
  describe(`bad input by the thousand (issue 11, ${kind})`, () => {
    let testDatabase: TestDatabase;
    let app: FastifyInstance;
    let serverErrors: string[];
    let tokens: TokenSet;
    const tally: Tally = new Map();

    /** The stored data a refused request must leave alone: users, answers, messages. */
    const storedData = async () => {
      const { db } = testDatabase.database;
      const [userRows, answerRows, messageRows] = await Promise.all([
        db.select().from(users).orderBy(users.id),
        db.select().from(dayAnswers).orderBy(dayAnswers.userId, dayAnswers.day),
        db.select().from(inboxMessages).orderBy(inboxMessages.id),
      ]);
      return JSON.stringify([userRows, answerRows, messageRows]);
    };

    beforeAll(async () => {
      testDatabase = await createTestDatabase(kind);
      ({ app, serverErrors } = await createTestApp(testDatabase, {
        config: testConfig({ dataDir: testDatabase.dataDir, ...FIXTURE_DAY_FOLDERS }),
        welcomeMessages: [
          { fileName: '01-welcome.md', subject: 'Welcome', body: 'Hello.', order: 1, translations: { es: { subject: 'Bienvenida', body: 'Hola.' } } },
          { fileName: '02-day-1.md', subject: 'Day 1', body: 'Genes.', order: 2, translations: {} },
        ],
      }));
      const own = await signUp(app, 'fuzz-student');
      const other = await signUp(app, 'fuzz-classmate');
      await app.inject({ method: 'POST', url: '/api/student/modules/1/response/', headers: bearer(other.access), payload: { answers: { opening: 'classmate' } } });
      const [ownRow] = await testDatabase.database.db.select({ id: users.id }).from(users).orderBy(users.id).limit(1);
      const passwordHash = await createPasswordHasher(FAST_PASSWORD_HASHING).hash('correct horse battery staple');
      await createStaffAccount(testDatabase.database.db, { username: 'fuzz-teacher', passwordHash, firstName: 'Fuzz', lastName: 'Teacher', role: 'facilitator' });
      const staffLogin = await app.inject({ method: 'POST', url: '/api/token/', payload: { username: 'fuzz-teacher', password: 'correct horse battery staple' } });
      const staff = staffLogin.json<{ access: string; refresh: string }>();
      await app.inject({ method: 'POST', url: '/api/facilitator/classes/', headers: bearer(staff.access), payload: { name: 'Fuzz class' } });
      await app.inject({ method: 'POST', url: '/api/facilitator/classes/1/students/', headers: bearer(staff.access), payload: { username: 'fuzz-student' } });
      tokens = { own, other, staff, forged: await forgeTokens(ownRow!.id) };
    });

    afterAll(async () => {
      if (tally.size > 0) printTally(kind, tally);
      await app?.close();
      await testDatabase?.destroy();
    });

    for (const endpoint of ENDPOINTS) {
      it(`${endpoint.route}: never 5xx, every error is {"detail", "code"}, a refused request changes nothing stored`, async () => {
        const entry = { requests: 0, serverErrors: 0, statuses: new Map<number, number>() };
        tally.set(endpoint.route, entry);
        let before = await storedData();
        await fc.assert(
          fc.asyncProperty(requestArbitrary(endpoint, tokens), async (request) => {
            const options = toInjectOptions(endpoint, request, tokens);
            const response = await app.inject(options);
            entry.requests += 1;
            entry.statuses.set(response.statusCode, (entry.statuses.get(response.statusCode) ?? 0) + 1);
            if (response.statusCode >= 500) entry.serverErrors += 1;
            expect(response.statusCode, `${options.method} ${options.url}`).toBeLessThan(500);
            expect(response.body).not.toContain('$argon2');
            if (response.statusCode >= 400) {
              if (options.method !== 'HEAD') {
                expect(response.headers['content-type']).toMatch(/^application\/json/);
                const body = response.json<{ detail: unknown; code: keyof typeof API_ERRORS }>();
                expect(typeof body.detail).toBe('string');
                expect(Object.keys(API_ERRORS)).toContain(body.code);
                expect(API_ERRORS[body.code].status).toBe(response.statusCode);
              }
              const after = await storedData();
              expect(after, `${options.method} ${options.url} was refused with ${response.statusCode} but changed stored data`).toBe(before);
            } else {
              before = await storedData();
            }
          }),
          { numRuns: endpoint.runs ?? RUNS_PER_ENDPOINT },
        );
      });
    }

    it('answered no 5xx at all', () => {
      expect(serverErrors).toEqual([]);
    });
  });
}
