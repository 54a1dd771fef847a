import type { FastifyInstance, InjectOptions } from 'fastify';
import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ABUSE_LIMITS } from './auth/abuse-limits.ts';
import { ConfigError, parseConfig } from './config.ts';
import { API_ERRORS } from './errors.ts';
import { METRICS_PATH } from './metrics.ts';
import { bearer, createTestApp, DATABASE_KINDS, signUp, testConfig, useTestApp } from './test/harness.ts';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789abcdef';
const saveUrl = (day: number) => `/api/student/modules/${day}/response/`;
const SAVE_ROUTE = '/api/student/modules/:day/response/';
/** Two failed sign-ins per address, then 429: small enough to reach in a test. */
const TEST_ABUSE_LIMITS = { ...DEFAULT_ABUSE_LIMITS, loginFailuresBurst: 2, loginFailuresPerMinute: 1 };

/** Scrapes /metrics with the token and parses it with an independent parser of the text format. */
async function scrape(app: FastifyInstance): Promise<{ text: string; families: PrometheusFamily[] }> {
  const response = await app.inject({ method: 'GET', url: METRICS_PATH, headers: bearer(METRICS_TOKEN) });
  expect(response.statusCode).toBe(200);
  return { text: response.body, families: parsePrometheusTextFormat(response.body) };
}

/** The value of the sample of `name` whose labels include `labels`, or 0 when there is none yet. */
function sampleValue(families: PrometheusFamily[], name: string, labels: Record<string, string> = {}): number {
  const family = families.find((candidate) => candidate.name === name);
  const sample = family?.metrics.find((metric) => Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value));
  return sample === undefined ? 0 : Number(sample.value ?? sample.count);
}

/**
 * One labelled series of a histogram: its cumulative bucket counts by `le`, its count and sum. The parser
 * folds a histogram's series into one and drops their labels (it reads only unlabelled histograms), so
 * the histogram's sample lines are parsed as untyped samples instead, `# TYPE` line left out.
 */
function histogramSeries(text: string, name: string, labels: Record<string, string>): { buckets: Map<string, number>; count: number; sum: number } {
  const untyped = parsePrometheusTextFormat(text.replace(new RegExp(`^# TYPE ${name} histogram$`, 'm'), ''));
  const matching = (suffix: string) =>
    untyped
      // Each series comes back as families of its own, one per suffix.
      .filter((family) => family.name === `${name}${suffix}`)
      .flatMap((family) => family.metrics)
      .filter((metric) => Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value));
  const buckets = new Map(matching('_bucket').map((metric) => [metric.labels?.le ?? '', Number(metric.value)]));
  return { buckets, count: Number(matching('_count')[0]?.value ?? 0), sum: Number(matching('_sum')[0]?.value ?? 0) };
}

describe('METRICS_TOKEN and READY_TIMEOUT_MS in the environment', () => {
  it('are read when set and left out when unset', () => {
    expect(parseConfig({ METRICS_TOKEN, READY_TIMEOUT_MS: '500' }, '/x')).toMatchObject({ metricsToken: METRICS_TOKEN, readyTimeoutMs: 500 });
    const unset = parseConfig({}, '/x');
    expect(unset.metricsToken).toBeUndefined();
    expect(unset.readyTimeoutMs).toBeUndefined();
  });

  it('refuses a short token or one a bearer header cannot carry, without echoing it', () => {
    for (const token of ['short', 'has spaces in the middle of it', 'quote"inside-0123456789']) {
      let caught: unknown;
      try {
        parseConfig({ METRICS_TOKEN: token }, '/x');
      } catch (error) {
        caught = error;
      }
      expect(caught, token).toBeInstanceOf(ConfigError);
      const [problem] = (caught as ConfigError).problems;
      expect(problem).toMatch(/^METRICS_TOKEN must be at least 16 characters of letters, digits/);
      expect(problem).not.toContain(token);
    }
  });

  it('refuses a READY_TIMEOUT_MS that is not a whole number of milliseconds', () => {
    expect(() => parseConfig({ READY_TIMEOUT_MS: '2s' }, '/x')).toThrow('READY_TIMEOUT_MS must be a whole number of milliseconds from 1 to 3600000, got "2s" (leave it unset for 2000 ms).');
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  const server = useTestApp(DATABASE_KINDS[0]!);

  it('answers 404 not_found, as for a path the server does not have', async () => {
    for (const headers of [{}, bearer(METRICS_TOKEN)]) {
      const response = await server.app.inject({ method: 'GET', url: METRICS_PATH, headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
  });
});

describe.each(DATABASE_KINDS)('GET /metrics with METRICS_TOKEN (%s)', (kind) => {
  const server = useTestApp(kind, { config: () => ({ metricsToken: METRICS_TOKEN, abuseLimits: TEST_ABUSE_LIMITS }) });

  describe('who may read it', () => {
    it('answers 401 not_authenticated without a token, in the error shape', async () => {
      const response = await server.app.inject({ method: 'GET', url: METRICS_PATH });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Send the metrics token (METRICS_TOKEN) as Authorization: Bearer <token>.', code: 'not_authenticated' });
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('helix_');
    });

    it.each([
      ['a wrong token', `Bearer ${METRICS_TOKEN}x`],
      ['a prefix of the token', `Bearer ${METRICS_TOKEN.slice(0, 20)}`],
      ['the token without "Bearer"', METRICS_TOKEN],
      ['a student access token', 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl'],
    ])('answers 401 invalid_token to %s', async (_case, authorization) => {
      const response = await server.app.inject({ method: 'GET', url: METRICS_PATH, headers: { authorization } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'This is not the metrics token (METRICS_TOKEN).', code: 'invalid_token' });
      expect(response.body).not.toContain('helix_');
    });

    it('is not part of the API document', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(Object.keys(response.json<{ paths: Record<string, unknown> }>().paths)).not.toContain(METRICS_PATH);
    });
  });

  describe('what it answers', () => {
    it('is the Prometheus text format, which an independent parser reads, never cached', async () => {
      await server.app.inject({ method: 'GET', url: '/api/health' });
      const response = await server.app.inject({ method: 'GET', url: METRICS_PATH, headers: bearer(METRICS_TOKEN) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      const families = parsePrometheusTextFormat(response.body);
      const types = Object.fromEntries(families.map((family) => [family.name, family.type]));
      expect(types).toMatchObject({
        helix_http_requests_total: 'COUNTER',
        helix_http_request_duration_seconds: 'HISTOGRAM',
        helix_answer_saves_acknowledged_total: 'COUNTER',
        helix_answer_saves_refused_total: 'COUNTER',
        helix_http_conflicts_total: 'COUNTER',
        helix_login_failures_total: 'COUNTER',
        helix_rate_limited_total: 'COUNTER',
        helix_db_info: 'GAUGE',
        nodejs_eventloop_lag_seconds: 'GAUGE',
        nodejs_eventloop_lag_p99_seconds: 'GAUGE',
        process_cpu_seconds_total: 'COUNTER',
        process_resident_memory_bytes: 'GAUGE',
      });
      for (const family of families) expect(family.help, family.name).not.toBe('');
    });

    it('counts requests and their duration by route pattern and status, never by the URL as sent', async () => {
      const { access } = await signUp(server.app, 'route-pattern');
      const before = await scrape(server.app);
      await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: {} } });
      await server.app.inject({ method: 'POST', url: saveUrl(2), headers: bearer(access), payload: { answers: {} } });
      const after = await scrape(server.app);
      const labels = { method: 'POST', route: SAVE_ROUTE, status_code: '200' };
      expect(sampleValue(after.families, 'helix_http_requests_total', labels) - sampleValue(before.families, 'helix_http_requests_total', labels)).toBe(2);
      const durationBefore = histogramSeries(before.text, 'helix_http_request_duration_seconds', labels);
      const duration = histogramSeries(after.text, 'helix_http_request_duration_seconds', labels);
      expect(duration.count - durationBefore.count).toBe(2);
      expect(duration.buckets.get('+Inf')).toBe(duration.count);
      expect(duration.sum).toBeGreaterThan(durationBefore.sum);
      // Cumulative: each bucket holds at least the requests of the one before.
      const counts = [...duration.buckets.values()];
      expect(counts).toEqual([...counts].sort((a, b) => a - b));
      expect(after.text).not.toContain('/api/student/modules/1/');
      expect(after.text).not.toContain('/api/student/modules/2/');
    });

    it('labels a request no route matched as (unmatched), not by its path', async () => {
      await server.app.inject({ method: 'GET', url: '/api/no-such-thing-4711/' });
      const { families, text } = await scrape(server.app);
      expect(sampleValue(families, 'helix_http_requests_total', { route: '(unmatched)', status_code: '404' })).toBeGreaterThanOrEqual(1);
      expect(text).not.toContain('no-such-thing-4711');
    });
  });

  describe('saves', () => {
    it('counts a save acknowledged once it is answered 200', async () => {
      const { access } = await signUp(server.app, 'acknowledged-save');
      const before = sampleValue((await scrape(server.app)).families, 'helix_answer_saves_acknowledged_total');
      const saved = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { worksheet: ['a', '', '', ''] } } });
      expect(saved.statusCode).toBe(200);
      expect(sampleValue((await scrape(server.app)).families, 'helix_answer_saves_acknowledged_total')).toBe(before + 1);
    });

    it('counts refused saves by the code they were refused with, and a 409 as a conflict', async () => {
      const { access } = await signUp(server.app, 'refused-saves');
      const first = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: {}, base_revision: 0 } });
      expect(first.statusCode).toBe(200);
      const { families: before } = await scrape(server.app);

      const stale = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: {}, base_revision: 0 } });
      expect(stale.statusCode).toBe(409);
      const wrongType = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { worksheet: 42 } } });
      expect(wrongType.json()).toMatchObject({ code: 'invalid_answers' });
      const signedOut = await server.app.inject({ method: 'POST', url: saveUrl(1), payload: { answers: {} } });
      expect(signedOut.statusCode).toBe(401);

      const { families: after } = await scrape(server.app);
      const moved = (name: string, labels: Record<string, string>) => sampleValue(after, name, labels) - sampleValue(before, name, labels);
      expect(moved('helix_answer_saves_refused_total', { reason: 'revision_conflict' })).toBe(1);
      expect(moved('helix_answer_saves_refused_total', { reason: 'invalid_answers' })).toBe(1);
      expect(moved('helix_answer_saves_refused_total', { reason: 'not_authenticated' })).toBe(1);
      expect(moved('helix_http_conflicts_total', { route: SAVE_ROUTE, code: 'revision_conflict' })).toBe(1);
      expect(moved('helix_answer_saves_acknowledged_total', {})).toBe(0);
    });
  });

  describe('sign-ins', () => {
    it('counts a failed login, then the rate limit that refused the address', async () => {
      await signUp(server.app, 'failing-login');
      const from = (remoteAddress: string): Pick<InjectOptions, 'remoteAddress'> => ({ remoteAddress });
      const { families: before } = await scrape(server.app);
      const login = { method: 'POST' as const, url: '/api/token/', payload: { username: 'failing-login', password: 'not the password' }, ...from('203.0.113.7') };
      expect((await server.app.inject(login)).statusCode).toBe(401);
      const { families: afterOne } = await scrape(server.app);
      expect(sampleValue(afterOne, 'helix_login_failures_total', { reason: 'invalid_credentials' }) - sampleValue(before, 'helix_login_failures_total', { reason: 'invalid_credentials' })).toBe(1);

      expect((await server.app.inject(login)).statusCode).toBe(401);
      const refused = await server.app.inject(login);
      expect(refused.statusCode).toBe(429);
      const { families: after } = await scrape(server.app);
      expect(sampleValue(after, 'helix_rate_limited_total', { limit: 'login_address' }) - sampleValue(before, 'helix_rate_limited_total', { limit: 'login_address' })).toBe(1);
      expect(sampleValue(after, 'helix_login_failures_total', { reason: 'rate_limited' }) - sampleValue(before, 'helix_login_failures_total', { reason: 'rate_limited' })).toBe(1);
    });

    it('does not count a successful login as a failure', async () => {
      await signUp(server.app, 'good-login', 'correct horse battery staple');
      const { families: before } = await scrape(server.app);
      const response = await server.app.inject({ method: 'POST', url: '/api/token/', payload: { username: 'good-login', password: 'correct horse battery staple' }, remoteAddress: '203.0.113.8' });
      expect(response.statusCode).toBe(200);
      const { families: after } = await scrape(server.app);
      const failures = (families: PrometheusFamily[]) => families.find((family) => family.name === 'helix_login_failures_total')?.metrics.reduce((sum, metric) => sum + Number(metric.value), 0) ?? 0;
      expect(failures(after)).toBe(failures(before));
    });
  });

  describe('the process and the database', () => {
    it('reports event-loop lag in seconds', async () => {
      const { families } = await scrape(server.app);
      const lag = sampleValue(families, 'nodejs_eventloop_lag_p99_seconds');
      expect(lag).toBeGreaterThan(0);
      expect(lag).toBeLessThan(5);
    });

    it(kind === 'postgres' ? "reports the pool's connections in use and idle, queries waiting and its size" : 'reports whether the embedded database is open', async () => {
      await server.app.inject({ method: 'GET', url: '/api/ready' });
      const { families } = await scrape(server.app);
      expect(sampleValue(families, 'helix_db_info', { driver: kind })).toBe(1);
      if (kind === 'postgres') {
        const idle = sampleValue(families, 'helix_db_pool_connections', { state: 'idle' });
        const inUse = sampleValue(families, 'helix_db_pool_connections', { state: 'in_use' });
        expect(idle).toBeGreaterThanOrEqual(1);
        expect(idle + inUse).toBeLessThanOrEqual(sampleValue(families, 'helix_db_pool_max_connections'));
        expect(sampleValue(families, 'helix_db_pool_waiting_queries')).toBe(0);
      } else {
        expect(sampleValue(families, 'helix_db_embedded_open')).toBe(1);
      }
    });
  });

  describe('privacy', () => {
    it('holds no student name, username, password or answer, whatever the requests carried', async () => {
      const student = { username: 'zanzibar-quokka-7731', password: 'vermilion parakeet password', first_name: 'Philomena', last_name: 'Quetzalcoatl-Brightwater' };
      const answer = 'Telomerase xylophone answer 5521';
      const signup = await server.app.inject({ method: 'POST', url: '/api/student/signup/', payload: { ...student, classroom_name: 'Marigold Room 88' } });
      expect(signup.statusCode).toBe(201);
      const { access } = signup.json<{ access: string }>();
      const login = await server.app.inject({ method: 'POST', url: '/api/token/', payload: { username: student.username, password: student.password }, remoteAddress: '198.51.100.4' });
      expect(login.statusCode).toBe(200);
      await server.app.inject({ method: 'POST', url: '/api/token/', payload: { username: student.username, password: 'wrong' }, remoteAddress: '198.51.100.4' });
      const saved = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { worksheet: [answer, '', '', ''] } } });
      expect(saved.statusCode).toBe(200);
      await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { worksheet: [answer, '', '', ''] }, base_revision: 0 } });
      await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { worksheet: answer } } });
      await server.app.inject({ method: 'GET', url: '/api/student/modules/1/response/detail/', headers: bearer(access) });
      await server.app.inject({ method: 'GET', url: `/api/student/profile/?username=${student.username}`, headers: bearer(access) });
      await server.app.inject({ method: 'GET', url: `/api/${student.username}/${encodeURIComponent(answer)}` });
      await server.app.inject({ method: 'GET', url: `/${student.last_name}`, headers: { accept: 'text/html' } });

      const { text } = await scrape(server.app);
      const secrets = [student.username, student.first_name, student.last_name, student.password, answer, 'Marigold', 'quokka', 'Telomerase', access];
      for (const secret of secrets) expect(text.toLowerCase(), secret).not.toContain(secret.toLowerCase());
      expect(text).not.toContain(encodeURIComponent(answer));
      // Helix's own labels come from closed sets: methods, route patterns, status and error codes, limit names.
      const allowed: Record<string, (value: string) => boolean> = {
        method: (value) => ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'].includes(value),
        route: (value) => value === '(unmatched)' || /^\/[a-z/:._*-]*$/.test(value),
        status_code: (value) => /^[1-5]\d\d$/.test(value),
        reason: (value) => value in API_ERRORS,
        code: (value) => value in API_ERRORS,
        limit: (value) => ['login_address', 'login_account', 'signup_address', 'password_hashing'].includes(value),
        driver: (value) => value === kind,
        state: (value) => ['in_use', 'idle'].includes(value),
      };
      for (const family of parsePrometheusTextFormat(text).filter((candidate) => candidate.name.startsWith('helix_'))) {
        for (const [label, value] of family.metrics.flatMap((metric) => Object.entries(metric.labels ?? {}))) {
          expect(allowed[label]?.(value), `${family.name}{${label}="${value}"}`).toBe(true);
        }
      }
    });
  });
});

describe('two apps in one process', () => {
  const server = useTestApp(DATABASE_KINDS[0]!, { config: () => ({ metricsToken: METRICS_TOKEN }) });

  it('keep their metrics apart: requests to one never show in the other', async () => {
    const { app: other } = await createTestApp(server.database, { config: testConfig({ dataDir: server.database.dataDir, metricsToken: METRICS_TOKEN }) });
    try {
      const countHealth = async (app: FastifyInstance) => sampleValue((await scrape(app)).families, 'helix_http_requests_total', { route: '/api/health', status_code: '200' });
      const before = await countHealth(other);
      for (let request = 0; request < 3; request += 1) await server.app.inject({ method: 'GET', url: '/api/health' });
      expect(await countHealth(server.app)).toBeGreaterThanOrEqual(3);
      expect(await countHealth(other)).toBe(before);
    } finally {
      await other.close();
    }
  });
});
