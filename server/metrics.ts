/**
 * `GET /metrics`: the server's metrics in the Prometheus text format (version 0.0.4), through
 * prom-client, for a school's or programme's Prometheus. Only when METRICS_TOKEN is set, and only to
 * a request carrying it as `Authorization: Bearer <token>`; unset, there is no such route (404) and
 * nothing is collected.
 *
 * What is counted (`helix_` metrics, plus prom-client's default `process_` and `nodejs_` ones, event-loop
 * lag among them):
 * - every request by method, route pattern (`/api/student/modules/:day/response/`, never the URL as
 *   sent) and status code: a count and a duration histogram in seconds;
 * - answer saves acknowledged (200, sent only after the commit: README, "Durability") and refused, by
 *   the refusal's error code (server/errors.ts): `revision_conflict`, `invalid_answers`,
 *   `body_too_large`, `invalid_token`…;
 * - every 409 by route and error code; login failures by error code; 429s by the limit that refused
 *   (docs/security.md#abuse-limits);
 * - the database: PostgreSQL's pool (connections in use, idle, queries waiting for one, its size), or
 *   whether the embedded PGlite, a single connection, is open.
 *
 * Labels hold only route patterns, methods, status and error codes, limit names and the driver: never
 * a username, a name, an answer, a token or a raw URL. The registry belongs to the app, not to
 * prom-client's global one, so tests that build many apps never see each other's metrics.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { refusingLimit } from './auth/abuse-limits.ts';
import type { Database } from './db/index.ts';
import { API_ERRORS, HttpError, toApiError } from './errors.ts';

/** Where the metrics are served: Prometheus's default `metrics_path`. */
export const METRICS_PATH = '/metrics';

/**
 * What a route's answers count as, beyond the per-request metrics: declared by the route itself in
 * its `config.outcomeMetric` (server/routes/day-answers.ts, server/routes/tokens.ts, server/routes/oidc.ts).
 * `provider_sign_in`: a sign-in through a school's provider, which answers with a redirect either way,
 * counts as a login failure only when the route named a refusal ({@link countSignInRefusal}).
 */
type OutcomeMetric = 'answer_save' | 'login' | 'provider_sign_in';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route's answers count as in /metrics (server/metrics.ts); absent: only the per-request metrics. */
    outcomeMetric?: OutcomeMetric;
  }
}

/** The `route` label of a request no route matched (Fastify's not-found handler answered it). */
const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Request duration buckets, seconds: from a 5 ms load to the 10 s of a save over a poor connection,
 * dense around the tens of ms a save takes, so `histogram_quantile(0.95, …)` is meaningful there.
 */
const DURATION_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface MetricsOptions {
  /** The bearer token Prometheus must send (METRICS_TOKEN, server/config.ts). */
  token: string;
  /** The app's database, whose connection pool is reported. */
  db: Database;
}

/** The registry code a response was answered with, when its error was thrown rather than sent. */
const errorCodes = new WeakMap<FastifyRequest, string>();

/** Error codes by status, for the responses sent without a thrown error (a 429 from replyRateLimited). */
const CODE_BY_STATUS = new Map<number, string>();
for (const [code, entry] of Object.entries(API_ERRORS)) {
  // Only a status with one code names it; any other is labelled by its number.
  CODE_BY_STATUS.set(entry.status, CODE_BY_STATUS.has(entry.status) ? `http_${entry.status}` : code);
}

/** Reasons of refused sign-ins through a provider, named by the route (`SignInRefusal`, server/auth/oidc/accounts.ts). */
const signInRefusals = new WeakMap<FastifyRequest, string>();

/**
 * Counts the request, once answered, as a login failure for `reason` (e.g. `state_invalid`), when
 * /metrics is on: for a route whose `config.outcomeMetric` is `provider_sign_in`.
 */
export function countSignInRefusal(request: FastifyRequest, reason: string): void {
  signInRefusals.set(request, reason);
}

/** The error code a response was answered with: the registry's code (server/errors.ts), or `http_<status>` when unknown. */
function errorCodeOf(request: FastifyRequest, statusCode: number): string {
  return errorCodes.get(request) ?? CODE_BY_STATUS.get(statusCode) ?? `http_${statusCode}`;
}

/** SHA-256 of a token: equal-length buffers for a constant-time comparison. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * The metrics of one app: a registry of its own with prom-client's default metrics, the request,
 * save, login, conflict and rate-limit counters, and the database gauges.
 */
function createMetricRegistry(db: Database) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestLabels = ['method', 'route', 'status_code'] as const;
  const metrics = {
    requests: new Counter({ name: 'helix_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status code.', labelNames: requestLabels, registers: [registry] }),
    duration: new Histogram({
      name: 'helix_http_request_duration_seconds',
      help: 'Time from receiving a request to answering it, seconds, by method, route pattern and status code.',
      labelNames: requestLabels,
      buckets: DURATION_BUCKETS_SECONDS,
      registers: [registry],
    }),
    savesAcknowledged: new Counter({ name: 'helix_answer_saves_acknowledged_total', help: "Saves of a day's answers acknowledged (200), each sent after its commit.", registers: [registry] }),
    savesRefused: new Counter({
      name: 'helix_answer_saves_refused_total',
      help: "Saves of a day's answers not acknowledged, by error code (revision_conflict, invalid_answers, body_too_large, invalid_token, internal_error...).",
      labelNames: ['reason'],
      registers: [registry],
    }),
    conflicts: new Counter({ name: 'helix_http_conflicts_total', help: 'Requests answered 409, by route pattern and error code.', labelNames: ['route', 'code'], registers: [registry] }),
    loginFailures: new Counter({
      name: 'helix_login_failures_total',
      help: "Sign-ins not answered 200, by error code (invalid_credentials, rate_limited, invalid_request...), and sign-ins through a school's provider refused, by reason (state_invalid, token_invalid, domain_not_allowed...).",
      labelNames: ['reason'],
      registers: [registry],
    }),
    rateLimited: new Counter({
      name: 'helix_rate_limited_total',
      help: 'Requests refused 429, by the limit that refused (login_address, login_account, signup_address, signup_join_code, password_hashing).',
      labelNames: ['limit'],
      registers: [registry],
    }),
  };

  // drizzle keeps the driver's client as `$client`: a pg Pool for PostgreSQL, the PGlite instance otherwise.
  const client = (db as unknown as { $client?: unknown }).$client;
  const driver = client instanceof pg.Pool ? 'postgres' : 'pglite';
  new Gauge({ name: 'helix_db_info', help: 'The database driver in use (value always 1).', labelNames: ['driver'], registers: [registry] }).set({ driver }, 1);
  if (client instanceof pg.Pool) {
    const pool = client;
    new Gauge({
      name: 'helix_db_pool_connections',
      help: "PostgreSQL pool connections, by state: in_use (running a query or a transaction) or idle.",
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'helix_db_pool_waiting_queries',
      help: 'Queries waiting for a free PostgreSQL pool connection.',
      registers: [registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
    // 10: pg's pool size when none is given.
    new Gauge({ name: 'helix_db_pool_max_connections', help: 'The most connections the PostgreSQL pool opens.', registers: [registry] }).set(pool.options.max ?? 10);
  } else {
    const embedded = client as { closed?: boolean } | undefined;
    new Gauge({
      name: 'helix_db_embedded_open',
      help: "1 while the embedded PGlite (one connection, which runs one query at a time) is open, 0 once it is closed.",
      registers: [registry],
      collect() {
        this.set(embedded?.closed === true ? 0 : 1);
      },
    });
  }
  return { registry, ...metrics };
}

/** Counts one answered request into the metrics (an `onResponse` hook's work). */
function countResponse(metrics: ReturnType<typeof createMetricRegistry>, request: FastifyRequest, reply: FastifyReply): void {
  const status = reply.statusCode;
  const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
  const labels = { method: request.method, route, status_code: String(status) };
  metrics.requests.inc(labels);
  metrics.duration.observe(labels, reply.elapsedTime / 1000);
  const outcome = request.routeOptions.config.outcomeMetric;
  if (outcome === 'answer_save') {
    if (status === 200) metrics.savesAcknowledged.inc();
    else metrics.savesRefused.inc({ reason: errorCodeOf(request, status) });
  } else if (outcome === 'login' && status !== 200) {
    metrics.loginFailures.inc({ reason: errorCodeOf(request, status) });
  } else if (outcome === 'provider_sign_in') {
    const reason = signInRefusals.get(request);
    if (reason !== undefined) metrics.loginFailures.inc({ reason });
  }
  if (status === 409) metrics.conflicts.inc({ route, code: errorCodeOf(request, status) });
  if (status === 429) metrics.rateLimited.inc({ limit: refusingLimit(request) ?? 'other' });
}

/**
 * Collects the app's metrics and serves them at {@link METRICS_PATH}. Call it on the root instance
 * before the routes are registered, so its hooks see every request. The route answers:
 * - 200 `text/plain; version=0.0.4` with the metrics, to `Authorization: Bearer <token>`;
 * - 401 `not_authenticated` without an Authorization header, 401 `invalid_token` with another
 *   credential (both `{"detail", "code"}`, with `WWW-Authenticate: Bearer`).
 * It is left out of the OpenAPI document: it is for operators, not for clients of the API.
 *
 * @param app - the application, not yet listening
 * @example
 * if (config.metricsToken !== undefined) addMetrics(app, { token: config.metricsToken, db });
 */
export function addMetrics(app: FastifyInstance, { token, db }: MetricsOptions): void {
  const metrics = createMetricRegistry(db);
  const expected = digest(token);

  app.addHook('onError', async (request, _reply, error) => {
    errorCodes.set(request, toApiError(error).error.code);
  });
  app.addHook('onResponse', async (request, reply) => {
    countResponse(metrics, request, reply);
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization;
    void reply.header('www-authenticate', 'Bearer realm="metrics"');
    if (header === undefined) throw new HttpError('not_authenticated', 'Send the metrics token (METRICS_TOKEN) as Authorization: Bearer <token>.');
    const sent = /^Bearer +(\S+) *$/i.exec(header)?.[1];
    if (sent === undefined || !timingSafeEqual(digest(sent), expected)) throw new HttpError('invalid_token', 'This is not the metrics token (METRICS_TOKEN).');
    void reply.removeHeader('www-authenticate');
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
