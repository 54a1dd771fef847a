/**
 * The Fastify application: security headers, compression, the API and the front end. Building it
 * does not listen; `server/index.ts` does, and tests use `app.inject()`.
 */
import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { loadAnswersValidator, type AnswersValidator } from './answers/validators.ts';
import { questionsLoader, type Question } from '../scripts/questions/questions.ts';
import { loadWeek, type Week } from './week.ts';
import { createAuthenticate } from './auth/authenticate.ts';
import { rejectUnstorableBody } from './body-guard.ts';
import { createLoginLimiter, createSignupLimiter, DEFAULT_ABUSE_LIMITS, type AbuseLimitSettings } from './auth/abuse-limits.ts';
import { createDatabaseLimitStore, createMemoryLimitStore } from './auth/limit-store.ts';
import { createPasswordHasher, OWASP_ARGON2ID, type PasswordHashOptions } from './auth/passwords.ts';
import { createSessionService } from './auth/sessions.ts';
import { fillUsernameKeys } from './auth/users.ts';
import { fillClassroomKeys } from './facilitator/classes.ts';
import { fillAnsweredFields } from './answers/store.ts';
import { loadJwtSecret } from './auth/secret.ts';
import { createTokenService } from './auth/tokens.ts';
import { DEFAULT_SERVER_TIMEOUTS, READY_TIMEOUT_MS, REFUSED_BODY_MAX_BYTES, type Config } from './config.ts';
import { cspDirectives, loadEmbedOrigins } from './content-security-policy.ts';
import type { Database } from './db/index.ts';
import { answerExpectationFailed, ERROR_BODY_SCHEMA, handleClientError, toApiError } from './errors.ts';
import { addHelmetHeaders } from './helmet-headers.ts';
import { registerApiDocs } from './api-docs.ts';
import { loadWelcomeMessages, type WelcomeMessage } from './inbox/messages.ts';
import { addMetrics } from './metrics.ts';
import { registerOpenApi } from './openapi.ts';
import { healthRoutes } from './routes/health.ts';
import { inboxRoutes } from './routes/inbox.ts';
import { accountRoutes } from './routes/account.ts';
import { consoleRoutes } from './routes/console/index.ts';
import { studentFeedbackRoutes } from './routes/feedback.ts';
import { dayAnswersRoutes } from './routes/day-answers.ts';
import { studentRoutes } from './routes/students.ts';
import { tokenRoutes } from './routes/tokens.ts';
import { joinRoutes } from './routes/join.ts';
import { oidcRoutes } from './routes/oidc.ts';
import { createSignInProviders, type SignInProviderOptions } from './auth/oidc/providers.ts';
import { workbookRoutes } from './routes/workbooks.ts';
import { readRefusedBodies } from './refused-bodies.ts';
import { createRequestValidatorCompiler } from './request-validation.ts';
import { addResponseHeaders, API_CACHE_CONTROL, isApiPath } from './response-headers.ts';
import { SERVICE_WORKER_PATH, staticFiles } from './static-files.ts';
import { loadWorkbookFiles, syncWorkbooks, workbookTranslations, type WorkbookSource } from './workbooks/workbooks.ts';

/** Largest request body accepted: 256 KB, room for the 128 KB a day's stored answers may reach (docs/security.md#server-limits). */
export const BODY_LIMIT_BYTES = 256 * 1024;

/**
 * An answer up to this size, in bytes, is compressed in one synchronous call (@fastify/compress's
 * `syncThreshold`); a larger one, or a stream, goes through a compression stream. The plugin sizes its
 * default from the cores it sees, and on a school's small server that sent the console's progress table
 * through a stream, which costs far more CPU per answer than one call. The measurements, with their date
 * and machine, are in docs/decisions/021-compress-api-answers-whole.md.
 */
export const COMPRESS_WHOLE_BYTES = 64 * 1024;

/**
 * Node checks for requests past their headers or request timeout this often, ms: a stalled request is
 * cut at most this late (Node's default, 30 s, would double a 30 s REQUEST_TIMEOUT_MS).
 */
export const CONNECTIONS_CHECK_INTERVAL_MS = 1_000;

/** Fastify's `trustProxy` for a hop count: trust the `hops` proxies nearest the server (its types lack the number form). */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/** A request answered later than this, in ms, is logged at `info` even when it succeeded. */
export const SLOW_REQUEST_MS = 1_000;

/**
 * The access log: one line per request once answered, with the request id Fastify binds to
 * `request.log`, e.g. `{"reqId":"req-1f","method":"POST","url":"/api/token/","statusCode":401,
 * "responseTime":0.8,"msg":"request completed"}` (`responseTime` in ms). At `info`: every 4xx and 5xx
 * answer and every request slower than {@link SLOW_REQUEST_MS}; the others (the autosaves and loads
 * that are nearly all the traffic) at `debug`, so LOG_LEVEL=debug logs every request. Why (request
 * logging must stay cheap): Fastify's own logging wrote two lines per request, and even one
 * cost about 25 µs of the 170 µs of CPU a load took; the load balancer in front keeps an access log
 * of every request anyway (docs/scaling.md).
 */
function logRequestCompleted(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const elapsed = reply.elapsedTime;
  const level = reply.statusCode >= 400 || elapsed >= SLOW_REQUEST_MS ? 'info' : 'debug';
  request.log[level]({ method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: elapsed }, 'request completed');
  done();
}

export interface BuildAppOptions {
  config: Config;
  /** An open, migrated database (see `openDatabase`). The app does not close it. */
  db: Database;
  /** argon2id costs. Default {@link OWASP_ARGON2ID}; lower only in tests. */
  passwordHashing?: PasswordHashOptions;
  /** Sign-in and sign-up limits (docs/security.md#abuse-limits); default `config.abuseLimits`, else {@link DEFAULT_ABUSE_LIMITS}. */
  abuseLimits?: AbuseLimitSettings;
  /** Where the limits count: by default in the database when `config.databaseUrl` is set (servers share it), else in memory. */
  abuseLimitStore?: 'memory' | 'database';
  /** The clock of tokens, logins and limits; `() => new Date()` unless given (tests move it instead of waiting). */
  now?: () => Date;
  /** Answer schemas; loaded from `config.schemasDir` unless given. */
  answersValidator?: AnswersValidator;
  /** The published days and their titles; read from `config.lessonsDir` unless given (server/week.ts). */
  week?: Week;
  /** A day's questions as its students see them; read from `config.lessonsDir` when first asked for unless given (scripts/questions/questions.ts). */
  questions?: (day: number) => Question[] | null;
  /** Welcome messages for new students; read from `config.inboxDir` unless given. */
  welcomeMessages?: readonly WelcomeMessage[];
  /** How requests reach the schools' identity providers (tests change the providers' answers); the global `fetch` unless given. */
  signInProviderOptions?: SignInProviderOptions;
  /** Workbooks to store; read from `config.workbooksDir` unless given (null: leave the stored ones). */
  workbooks?: readonly WorkbookSource[] | null;
}

/**
 * Builds the application, ready for `listen()` or `inject()`.
 *
 * Start-up work besides building: reads the welcome messages (INBOX_DIR) and makes the stored
 * workbooks match WORKBOOKS_DIR (`syncWorkbooks`, idempotent). A missing content directory only logs a warning.
 *
 * @throws when an answers schema in SCHEMAS_DIR is invalid, the JWT secret file cannot be created, or
 *   an inbox or workbook file is invalid (`ContentError`, naming the file)
 * @example
 * const database = await openDatabase({ dataDir });
 * await database.migrate();
 * const app = await buildApp({ config, db: database.db });
 * await app.listen({ port: config.port, host: config.host });
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const now = options.now ?? (() => new Date());
  const tokens = createTokenService({ secret: loadJwtSecret(config.jwtSecret, config.dataDir), now });
  const passwords = createPasswordHasher(options.passwordHashing ?? OWASP_ARGON2ID, { concurrency: config.passwordHashConcurrency });
  const answersValidator = options.answersValidator ?? loadAnswersValidator(config.schemasDir);
  const week = options.week ?? loadWeek(config, answersValidator);

  const timeouts = config.timeouts ?? DEFAULT_SERVER_TIMEOUTS;
  const app = Fastify({
    logger: { level: config.logLevel },
    // One line per request (logRequestCompleted below) instead of Fastify's two: logging stays cheap.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    // A stalled request is cut off (408) instead of holding its socket for ever (docs/security.md#server-limits).
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.connectionMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // Behind a reverse proxy (TRUST_PROXY): the client's address and https come from X-Forwarded-*.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : (config.trustProxy ?? false),
    http: {
      requestTimeout: timeouts.requestMs,
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: Math.min(CONNECTIONS_CHECK_INTERVAL_MS, Math.ceil(timeouts.headersMs / 4)),
    },
    // Requests Node itself cannot read (malformed HTTP, 408, 431) answer {"detail", "code"} too.
    clientErrorHandler: handleClientError,
    // Errors the router raises before any route or error handler (e.g. `GET /%`) get the registry's shape too.
    frameworkErrors: (error, request, reply) => {
      const { error: apiError } = toApiError(error);
      // Its reply is typed by a route generic that does not exist yet; the plain reply type fits.
      const plainReply = reply as FastifyReply;
      if (isApiPath(request.url)) plainReply.header('cache-control', API_CACHE_CONTROL);
      void plainReply.code(apiError.statusCode).send(apiError.toBody());
    },
  });
  // An Expect other than 100-continue gets 417 as {"detail", "code"} (Node's own has no body).
  app.server.on('checkExpectation', answerExpectationFailed);
  // A refusal before the body is read (413, 401, 415…) waits for the rest of the body, so the client
  // can read it; Expect: 100-continue gets it before the body is sent (docs/security.md#server-limits).
  readRefusedBodies(app, { maxBytes: config.refusedBodyMaxBytes ?? REFUSED_BODY_MAX_BYTES });
  // Bodies are checked as sent, without type coercion: {"refresh": ["<token>"]} is a 400 (docs/security.md#server-limits).
  app.setValidatorCompiler(createRequestValidatorCompiler());
  addResponseHeaders(app, { hstsMaxAgeSeconds: config.hstsMaxAgeSeconds ?? null });

  // Every error, Fastify's own included, answers {"detail", "code"} from the registry (server/errors.ts).
  app.setErrorHandler((error, request, reply) => {
    const { error: apiError, unexpected } = toApiError(error);
    if (unexpected) request.log.error({ err: error }, 'request failed');
    return reply.code(apiError.statusCode).send(apiError.toBody());
  });
  app.addSchema(ERROR_BODY_SCHEMA);
  // The API speaks JSON only: anything else is 415 rather than a confusing validation error.
  app.removeContentTypeParser('text/plain');
  app.decorateRequest('user', null);
  // Before schema validation, so no route ever hands the database a string it cannot store.
  app.addHook('preValidation', rejectUnstorableBody);
  app.addHook('onResponse', logRequestCompleted);

  const embedOrigins = loadEmbedOrigins(config.staticDir);
  if (embedOrigins.problem !== null) app.log.warn(embedOrigins.problem);
  // HSTS is set by addResponseHeaders, on HTTPS responses only and when configured (docs/security.md#headers).
  // @fastify/helmet's headers, computed once rather than on every request; the ones that speak to a page
  // go on pages and the service worker only (docs/security.md#headers).
  await addHelmetHeaders(
    app,
    { contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(embedOrigins.origins) }, strictTransportSecurity: false },
    { workerPaths: [SERVICE_WORKER_PATH] },
  );
  // Students are on weak school Wi-Fi: compress the bundle and the API (zstd, brotli or gzip, as the
  // browser offers). A JSON answer up to COMPRESS_WHOLE_BYTES is compressed in one call rather than
  // through a stream (docs/decisions/021-compress-api-answers-whole.md).
  await app.register(fastifyCompress, { syncThreshold: COMPRESS_WHOLE_BYTES });
  // Front ends on other hosts listed in CORS_ORIGINS may call the API from a browser; none otherwise.
  // Bearer tokens, no cookies, so no credentials mode (docs/decisions/006-clients-built-from-the-api-contract.md).
  const corsOrigins = config.corsOrigins ?? [];
  if (corsOrigins.length > 0) {
    await app.register(fastifyCors, {
      origin: [...corsOrigins],
      methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      exposedHeaders: ['Retry-After'],
      maxAge: 600,
    });
  }
  // GET /metrics for Prometheus, and the counting behind it, only when METRICS_TOKEN is set (server/metrics.ts).
  // Before any API route, so its hooks count them all; after compression, which its answer gets.
  if (config.metricsToken !== undefined) addMetrics(app, { token: config.metricsToken, db });
  await registerOpenApi(app);
  // The document as a page a person can browse, at /api/docs, under a CSP of its own (server/api-docs.ts).
  await registerApiDocs(app);

  const warn = (message: string) => app.log.warn(message);
  const welcomeMessages = options.welcomeMessages ?? loadWelcomeMessages(config.inboxDir, warn);
  const workbookSources = options.workbooks !== undefined ? options.workbooks : loadWorkbookFiles(config.workbooksDir, warn);
  const workbookSync = await syncWorkbooks(db, workbookSources);
  app.log.info({ workbooks: workbookSync }, 'workbooks loaded');
  const usernameKeys = await fillUsernameKeys(db);
  if (usernameKeys.keyed > 0) app.log.warn(usernameKeys, 'usernames stored before the username_key column keyed; those in `renamed` sign in as <username>#<id>');
  // Rows from before the facilitator console: Classroom Names keyed, answered fields counted (both once).
  const classroomKeys = await fillClassroomKeys(db);
  const counted = await fillAnsweredFields(db, answersValidator);
  if (classroomKeys + counted > 0) app.log.info({ classroomKeys, counted }, 'rows from before the facilitator console filled in');

  // Checks the access token only, no database round-trip (server/auth/authenticate.ts); routes answer a deleted account themselves.
  const authenticate = createAuthenticate(tokens, { now });
  await app.register(healthRoutes, { db, readyTimeoutMs: config.readyTimeoutMs ?? READY_TIMEOUT_MS });
  // docs/security.md#sessions-and-tokens and docs/security.md#abuse-limits.
  const sessions = createSessionService({ db, tokens, now });
  const limitStore =
    (options.abuseLimitStore ?? (config.databaseUrl ? 'database' : 'memory')) === 'database'
      ? createDatabaseLimitStore(db)
      : createMemoryLimitStore({ onFull: (size) => app.log.warn({ size }, 'abuse-limit memory full: new keys are not counted until old ones expire') });
  const limits = { store: limitStore, settings: options.abuseLimits ?? config.abuseLimits ?? DEFAULT_ABUSE_LIMITS, now: () => now().getTime() };
  await app.register(tokenRoutes, { db, tokens, sessions, passwords, loginLimiter: createLoginLimiter(limits) });
  const signupLimiter = createSignupLimiter(limits);
  await app.register(studentRoutes, { db, passwords, sessions, signupLimiter, authenticate, welcomeMessages });
  // Signing in through a school's identity provider (docs/decisions/025-school-sign-in.md); with none configured, only the list, empty.
  const providers = createSignInProviders(config.signInProviders ?? [], options.signInProviderOptions);
  await app.register(oidcRoutes, { db, providers, sessions, signupLimiter, authenticate, publicUrl: config.publicUrl ?? '', welcomeMessages, now });
  await app.register(inboxRoutes, { db, authenticate, welcomeMessages });
  await app.register(joinRoutes, { db, authenticate });
  await app.register(workbookRoutes, { db, authenticate, publicUrl: config.publicUrl ?? null, translations: workbookTranslations(workbookSources) });
  await app.register(dayAnswersRoutes, { db, answersValidator, authenticate });
  await app.register(accountRoutes, { db, passwords, sessions, authenticate });
  const questions = options.questions ?? questionsLoader({ lessonsDir: config.lessonsDir, schemasDir: config.schemasDir, root: process.cwd() });
  await app.register(consoleRoutes, { db, answersValidator, passwords, sessions, authenticate, week, questions, publicUrl: config.publicUrl ?? null, welcomeMessages });
  await app.register(studentFeedbackRoutes, { db, lastDay: answersValidator.lastDay, authenticate });
  await app.register(staticFiles, { staticDir: config.staticDir, imagesDir: config.imagesDir, crossOriginImages: corsOrigins.length > 0 });

  return app;
}
