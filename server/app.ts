/**
 * The Fastify application: security headers, compression, the API and the front end. Building it
 * does not listen; `server/index.ts` does, and tests use `app.inject()`.
 */
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { loadAnswersValidator, type AnswersValidator } from './answers/validators.ts';
import { createAuthenticate } from './auth/authenticate.ts';
import { rejectUnstorableBody } from './body-guard.ts';
import { createLoginLimiter, createSignupLimiter, DEFAULT_ABUSE_LIMITS, type AbuseLimitSettings } from './auth/abuse-limits.ts';
import { createDatabaseLimitStore, createMemoryLimitStore } from './auth/limit-store.ts';
import { createPasswordHasher, OWASP_ARGON2ID, type PasswordHashOptions } from './auth/passwords.ts';
import { createSessionService } from './auth/sessions.ts';
import { fillUsernameKeys } from './auth/users.ts';
import { loadJwtSecret } from './auth/secret.ts';
import { createTokenService } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Database } from './db/index.ts';
import { ERROR_BODY_SCHEMA, toApiError } from './errors.ts';
import { loadWelcomeMessages, type WelcomeMessage } from './inbox/messages.ts';
import { healthRoutes } from './routes/health.ts';
import { inboxRoutes } from './routes/inbox.ts';
import { moduleResponseRoutes } from './routes/module-responses.ts';
import { studentRoutes } from './routes/students.ts';
import { tokenRoutes } from './routes/tokens.ts';
import { workbookRoutes } from './routes/workbooks.ts';
import { staticFiles } from './static-files.ts';
import { loadWorkbookFiles, syncWorkbooks, type WorkbookSource } from './workbooks/workbooks.ts';

/** Largest request body accepted: 256 KB. Bounds a day's answers, whose strings have no length limit (spec section 5). */
export const BODY_LIMIT_BYTES = 256 * 1024;

/**
 * The Content-Security-Policy. Inline style attributes are allowed because dnd-kit and React set
 * them; frames may come from any https origin because lessons embed YouTube, PhET, HHMI, the Human
 * Protein Atlas and Google Forms. No upgrade-insecure-requests: it breaks plain-HTTP test hosts (T16).
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  frameSrc: ['https:'],
  connectSrc: ["'self'", 'https:'], // https: for EmbedPanel's no-cors reachability probe of embed origins (issue 9); no response body is readable
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'self'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

export interface BuildAppOptions {
  config: Config;
  /** An open, migrated database (see `openDatabase`). The app does not close it. */
  db: Database;
  /** argon2id costs. Default {@link OWASP_ARGON2ID}; lower only in tests. */
  passwordHashing?: PasswordHashOptions;
  /** Sign-in and sign-up limits (issue 11); default `config.abuseLimits`, else {@link DEFAULT_ABUSE_LIMITS}. */
  abuseLimits?: AbuseLimitSettings;
  /** Where the limits count: by default in the database when `config.databaseUrl` is set (servers share it), else in memory. */
  abuseLimitStore?: 'memory' | 'database';
  /** The clock of tokens, logins and limits; `() => new Date()` unless given (tests move it instead of waiting). */
  now?: () => Date;
  /** @deprecated Ignored: sign-in limits are `abuseLimits` now (issue 11). Goes with scripts/bench-saves.ts, its last user (issue 10). */
  loginRateLimit?: unknown;
  /** Answer schemas; loaded from `config.schemasDir` unless given. */
  answersValidator?: AnswersValidator;
  /** Welcome messages for new students; read from `config.inboxDir` unless given. */
  welcomeMessages?: readonly WelcomeMessage[];
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

  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    // Errors the router raises before any route or error handler (e.g. `GET /%`) get the registry's shape too.
    frameworkErrors: (error, _request, reply) => {
      const { error: apiError } = toApiError(error);
      // Its reply is typed by a route generic that does not exist yet; the plain reply type fits.
      void (reply as FastifyReply).code(apiError.statusCode).send(apiError.toBody());
    },
  });

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

  await app.register(fastifyHelmet, { contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES } });
  // Students are on weak school Wi-Fi: gzip/brotli the bundle and the API.
  await app.register(fastifyCompress);

  const warn = (message: string) => app.log.warn(message);
  const welcomeMessages = options.welcomeMessages ?? loadWelcomeMessages(config.inboxDir, warn);
  const workbookSync = await syncWorkbooks(db, options.workbooks !== undefined ? options.workbooks : loadWorkbookFiles(config.workbooksDir, warn));
  app.log.info({ workbooks: workbookSync }, 'workbooks loaded');
  const usernameKeys = await fillUsernameKeys(db);
  if (usernameKeys.keyed > 0) app.log.warn(usernameKeys, 'usernames from before issue 11 keyed; those in `renamed` sign in as <username>#<id>');

  const authenticate = createAuthenticate(db, tokens);
  await app.register(healthRoutes);
  // Issue 11, "Sessions" and "Abuse limits".
  const sessions = createSessionService({ db, tokens, now });
  const limitStore =
    (options.abuseLimitStore ?? (config.databaseUrl ? 'database' : 'memory')) === 'database'
      ? createDatabaseLimitStore(db)
      : createMemoryLimitStore({ onFull: (size) => app.log.warn({ size }, 'abuse-limit memory full: new keys are not counted until old ones expire') });
  const limits = { store: limitStore, settings: options.abuseLimits ?? config.abuseLimits ?? DEFAULT_ABUSE_LIMITS, now: () => now().getTime() };
  await app.register(tokenRoutes, { db, tokens, sessions, passwords, loginLimiter: createLoginLimiter(limits) });
  await app.register(studentRoutes, { db, passwords, sessions, signupLimiter: createSignupLimiter(limits), authenticate, welcomeMessages });
  await app.register(inboxRoutes, { db, authenticate });
  await app.register(workbookRoutes, { db, authenticate });
  await app.register(moduleResponseRoutes, { db, answersValidator, authenticate });
  await app.register(staticFiles, { staticDir: config.staticDir, imagesDir: config.imagesDir });

  return app;
}
