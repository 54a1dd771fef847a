/**
 * Server configuration, read from the environment once at start-up: every variable is declared in one
 * JSON Schema, {@link ENV_SCHEMA} (type, default, description, limits), checked by Ajv. Every problem
 * is collected and reported together, then the process exits: a server never starts on a setting it
 * misread.
 */
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { DEFAULT_ABUSE_LIMITS, type AbuseLimitSettings } from './auth/abuse-limits.ts';
import { DEFAULT_HASH_CONCURRENCY } from './auth/passwords.ts';

/** Pino levels accepted by LOG_LEVEL. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Shortest JWT_SECRET accepted: 32 characters, the length of an HS256 key (RFC 7518 §3.2: at least 256 bits). */
export const MIN_JWT_SECRET_LENGTH = 32;

/**
 * How long the HTTP server waits, in ms (a stalled request must not hold a socket for ever). Node
 * answers 408 `request_timeout` to a request not complete in time.
 */
export interface ServerTimeouts {
  /** The whole request, headers and body, must arrive within this (REQUEST_TIMEOUT_MS). */
  requestMs: number;
  /** The headers must arrive within this; at most `requestMs` (HEADERS_TIMEOUT_MS). */
  headersMs: number;
  /** A connection with no traffic at all for this long is closed, even mid-request (CONNECTION_TIMEOUT_MS). */
  connectionMs: number;
  /** An idle kept-alive connection is closed after this (KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveMs: number;
}

/** 30 s for a whole request: a 256 KB save (BODY_LIMIT_BYTES) arrives in 21 s even at 100 kbit/s of school Wi-Fi. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** 10 s for the headers, a few hundred bytes: only a stalled client is slower. */
export const HEADERS_TIMEOUT_MS = 10_000;
/** 60 s without a byte in either direction: longer than any request takes to answer, so only dead or stalled sockets are cut. */
export const CONNECTION_TIMEOUT_MS = 60_000;
/** 72 s idle between requests: Fastify's default, above the 60 s idle timeout of common load balancers (a shorter one makes them send 502s). */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/**
 * 16 MB (16 MiB): the most of a refused request's body the server reads and throws away before it
 * answers, so the client can read the answer (docs/security.md#server-limits, `server/refused-bodies.ts`).
 * 64 times the 256 KB body limit (BODY_LIMIT_BYTES), so a save a client made too large by mistake gets
 * its 413; a longer body is answered at once and its connection closed. Reading it costs bandwidth, never
 * memory: nothing read is kept.
 */
export const REFUSED_BODY_MAX_BYTES = 16 * 1024 * 1024;
/** Largest REFUSED_BODY_MAX_BYTES accepted: 1 GiB. More only lets a refused upload hold its socket longer. */
export const MAX_REFUSED_BODY_MAX_BYTES = 1024 * 1024 * 1024;

/**
 * 2 s for the database to answer `GET /api/ready`'s `select 1` (READY_TIMEOUT_MS): a query that takes
 * longer on a healthy server is waiting for a connection or for a database that has stopped answering,
 * and a load balancer probing every few seconds should send students elsewhere (server/readiness.ts).
 */
export const READY_TIMEOUT_MS = 2_000;

/**
 * 10 s from SIGTERM or SIGINT to the process's exit (SHUTDOWN_TIMEOUT_MS): enough to answer every
 * request in flight (a save commits in milliseconds) and close the database, and no longer than the
 * wait before SIGKILL of `docker stop` (10 s), Kubernetes (30 s) or systemd (90 s). Past it the server
 * exits with status 1 and whatever is still in flight is cut, as in a crash, which loses no
 * acknowledged save (docs/decisions/004-durability.md; server/shutdown.ts).
 */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * Shortest METRICS_TOKEN accepted: 16 characters. `openssl rand -hex 32` gives 64; a short one could
 * be guessed by anyone who can reach /metrics.
 */
export const MIN_METRICS_TOKEN_LENGTH = 16;

/** The timeouts when no variable sets them. */
export const DEFAULT_SERVER_TIMEOUTS: ServerTimeouts = {
  requestMs: REQUEST_TIMEOUT_MS,
  headersMs: HEADERS_TIMEOUT_MS,
  connectionMs: CONNECTION_TIMEOUT_MS,
  keepAliveMs: KEEP_ALIVE_TIMEOUT_MS,
};

/** The server's settings. Paths are absolute. */
export interface Config {
  /** TCP port to listen on (PORT, default 3000; 0 picks a free port). */
  port: number;
  /** Interface to listen on (HOST, default 0.0.0.0). */
  host: string;
  /** Where PGlite's files, its lock file and the generated JWT secret live (DATA_DIR, default ./data). */
  dataDir: string;
  /** PostgreSQL connection string (DATABASE_URL); null means the embedded PGlite in `dataDir`. */
  databaseUrl: string | null;
  /** HS256 secret (JWT_SECRET); null means generate one once and keep it in `${dataDir}/jwt-secret`. */
  jwtSecret: string | null;
  /** The built front end, served at / (STATIC_DIR, default ./dist). */
  staticDir: string;
  /** Lesson images, served at /images/ (IMAGES_DIR, default ./content/images). */
  imagesDir: string;
  /** Where `day-N.schema.json` answer schemas are read from (SCHEMAS_DIR, default ./schemas). */
  schemasDir: string;
  /** Where the lessons `day-N.mdx` are, whose front matter names each day (LESSONS_DIR, default ./content/days). */
  lessonsDir: string;
  /** Welcome messages for new students, `*.md` with front matter (INBOX_DIR, default ./content/inbox). */
  inboxDir: string;
  /** Workbooks, one `<slug>.md` each, loaded into the database at start-up (WORKBOOKS_DIR, default ./content/workbooks). */
  workbooksDir: string;
  /** Pino log level (LOG_LEVEL, default info). */
  logLevel: LogLevel;
  /** HTTP timeouts (REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS, CONNECTION_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS); absent: {@link DEFAULT_SERVER_TIMEOUTS}. */
  timeouts?: ServerTimeouts;
  /**
   * The most bytes of a refused request's body read and thrown away before the answer
   * (REFUSED_BODY_MAX_BYTES); absent: {@link REFUSED_BODY_MAX_BYTES}. 0 answers at once.
   */
  refusedBodyMaxBytes?: number;
  /**
   * `Strict-Transport-Security` max-age in seconds (HSTS_MAX_AGE); null or absent: no HSTS header. Even
   * when set, the header goes only on responses to HTTPS requests, never over plain HTTP (docs/security.md).
   */
  hstsMaxAgeSeconds?: number | null;
  /**
   * The reverse proxies whose `X-Forwarded-For` / `X-Forwarded-Proto` are believed (TRUST_PROXY): a
   * number of hops, or proxy addresses and CIDR ranges (`proxy-addr` names such as `loopback` too).
   * false or absent: none, so `request.ip` is the socket's peer and `request.protocol` never `https`.
   */
  trustProxy?: number | string[] | false;
  /** Sign-in and sign-up limits (LOGIN_FAILURES_BURST … SIGNUPS_PER_HOUR, docs/security.md); absent: {@link DEFAULT_ABUSE_LIMITS}. */
  abuseLimits?: AbuseLimitSettings;
  /** argon2 computations at once (PASSWORD_HASH_CONCURRENCY); absent: {@link DEFAULT_HASH_CONCURRENCY}. */
  passwordHashConcurrency?: number;
  /**
   * The address students reach this server at, e.g. `https://helix.example.org` (PUBLIC_URL, no
   * trailing slash): the base of the image URLs in API responses. null or absent: each request's own
   * origin (docs/decisions/006-clients-built-from-the-api-contract.md).
   */
  publicUrl?: string | null;
  /**
   * Origins of front ends on other hosts allowed to call the API from a browser (CORS_ORIGINS, e.g.
   * `https://app.school.org,http://localhost:5173`); empty or absent: same origin only.
   */
  corsOrigins?: readonly string[];
  /**
   * How long `GET /api/ready` waits for the database to answer `select 1`, ms (READY_TIMEOUT_MS);
   * absent: {@link READY_TIMEOUT_MS}.
   */
  readyTimeoutMs?: number;
  /**
   * The longest a clean shutdown may take, from SIGTERM or SIGINT to the exit, ms (SHUTDOWN_TIMEOUT_MS);
   * absent: {@link SHUTDOWN_TIMEOUT_MS} (server/shutdown.ts).
   */
  shutdownTimeoutMs?: number;
  /**
   * The bearer token Prometheus sends to `GET /metrics` (METRICS_TOKEN); absent: no /metrics at all,
   * and no metric is collected (server/metrics.ts).
   */
  metricsToken?: string;
  /**
   * The schools' identity providers students may sign in with (OIDC_ISSUER, OIDC_CLIENT_ID,
   * OIDC_CLIENT_SECRET, OIDC_LABEL, OIDC_ALLOWED_DOMAINS; docs/operations.md#school-sign-in); absent or
   * empty: none, and /login shows only the username and password form.
   */
  signInProviders?: readonly SignInProviderSettings[];
}

/** One OpenID Connect provider, as the deployment configured it. */
export interface SignInProviderSettings {
  /** Helix's name for it in paths and the database, e.g. `oidc`. */
  id: string;
  /** Its issuer identifier, e.g. `https://accounts.google.com`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The name students know it by, e.g. `Google`. */
  label: string;
  /** Lower-case domains whose accounts are accepted (the `hd` claim or the email's domain); empty refuses all. */
  allowedDomains: readonly string[];
}

/** Largest value accepted for an abuse-limit or concurrency variable: larger ones are typing mistakes. */
export const MAX_LIMIT_SETTING = 1_000_000_000;

/** Longest timeout accepted: 1 hour. Longer would let a stalled request hold a socket about as long as no limit. */
export const MAX_TIMEOUT_MS = 3_600_000;
/** Longest HSTS max-age accepted: 2 years (63072000 s), the preload list's recommendation. */
export const MAX_HSTS_MAX_AGE_SECONDS = 63_072_000;

/** Thrown by {@link parseConfig}: one message per problem, each naming the variable. */
export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/**
 * One variable's entry in {@link ENV_SCHEMA}: JSON Schema keywords (`type` or `anyOf`, `default`,
 * `description`, `minimum`, `maximum`, `format`…) and this file's own annotation keywords below.
 */
interface EnvVariableSchema {
  type?: 'string' | 'integer' | 'array';
  anyOf?: Array<{ type: 'integer' | 'array'; [keyword: string]: unknown }>;
  default?: unknown;
  description: string;
  /** What a valid value is, completing "NAME must be …" (or, for a list, "NAME must list …"). */
  expected: string;
  /** Advice added in brackets after a problem, e.g. what leaving the variable unset does. */
  hint?: string;
  /**
   * How a bad value is echoed in the problem: `"value"` quoted (the default), its `length` only (a
   * secret), or `nothing` (it may hold a password); `"item"` reports a list's bad entries one by one.
   */
  show?: 'value' | 'length' | 'nothing' | 'item';
  /** false: the value is taken as set, spaces included (a secret's spaces are part of it). Default true. */
  trim?: boolean;
  [keyword: string]: unknown;
}

// Shapes shared by several variables.
const count = (description: string, fallback: number, minimum: number): EnvVariableSchema => ({
  type: 'integer',
  minimum,
  maximum: MAX_LIMIT_SETTING,
  default: fallback,
  description,
  expected: `a whole number from ${minimum} to ${MAX_LIMIT_SETTING}`,
});

const milliseconds = (description: string, fallback: number): EnvVariableSchema => ({
  type: 'integer',
  minimum: 1,
  maximum: MAX_TIMEOUT_MS,
  default: fallback,
  description,
  expected: `a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`,
});

const folder = (description: string, fallback: string): EnvVariableSchema => ({
  type: 'string',
  default: fallback,
  description: `${description}; relative paths are resolved from the working directory`,
  expected: 'a path',
});

/**
 * Every environment variable the server reads, as a JSON Schema (draft-07, checked by Ajv) of the
 * object of their values. Besides the standard keywords each variable has `expected`, the end of the
 * sentence "NAME must be …" used in problems, and optionally `hint`, `show` and `trim` (see
 * {@link EnvVariableSchema}); the formats `postgres-url`, `public-url`, `origin` and `proxy-address`
 * are this file's own. Empty variables count as unset, and unset ones take their `default`. The
 * order of the properties is the order problems are reported in.
 */
export const ENV_SCHEMA = {
  type: 'object',
  properties: {
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 3000, description: 'TCP port to listen on; 0 picks a free port', expected: 'an integer from 0 to 65535' },
    HOST: { type: 'string', default: '0.0.0.0', description: 'interface to listen on', expected: 'an interface address' },
    DATA_DIR: folder("where PGlite's files, its lock and the generated JWT secret live", './data'),
    DATABASE_URL: {
      type: 'string',
      format: 'postgres-url',
      description: 'the PostgreSQL to use instead of the embedded PGlite',
      expected: 'a postgres:// or postgresql:// URL',
      hint: 'leave it unset to use the embedded PGlite',
      show: 'nothing',
    },
    JWT_SECRET: {
      type: 'string',
      minLength: MIN_JWT_SECRET_LENGTH,
      description: 'the HS256 secret signing access and refresh tokens; unset, one is generated once into DATA_DIR/jwt-secret',
      expected: `at least ${MIN_JWT_SECRET_LENGTH} characters`,
      hint: 'leave it unset to generate one in DATA_DIR',
      show: 'length',
      trim: false,
    },
    STATIC_DIR: folder('the built front end, served at /', './dist'),
    IMAGES_DIR: folder('lesson images, served at /images/', './content/images'),
    SCHEMAS_DIR: folder('where the day-N.schema.json answer schemas are read from', './schemas'),
    LESSONS_DIR: folder('where the day-N.mdx lessons are, whose front matter names each day', './content/days'),
    INBOX_DIR: folder('welcome messages for new students, *.md with front matter', './content/inbox'),
    WORKBOOKS_DIR: folder('workbooks, one <slug>.md each, loaded into the database at start-up', './content/workbooks'),
    LOG_LEVEL: { type: 'string', enum: [...LOG_LEVELS], default: 'info', description: 'the server log level (pino)', expected: `one of ${LOG_LEVELS.join(', ')}` },
    REQUEST_TIMEOUT_MS: milliseconds('a request, headers and body, must arrive within this, else 408', REQUEST_TIMEOUT_MS),
    CONNECTION_TIMEOUT_MS: milliseconds('a connection silent this long, even mid-request, is closed', CONNECTION_TIMEOUT_MS),
    KEEP_ALIVE_TIMEOUT_MS: milliseconds('an idle kept-alive connection is closed after this', KEEP_ALIVE_TIMEOUT_MS),
    // Listed after the other timeouts: its problem of exceeding REQUEST_TIMEOUT_MS (RELATIONS) is reported after theirs.
    HEADERS_TIMEOUT_MS: milliseconds('the headers must arrive within this; at most REQUEST_TIMEOUT_MS', HEADERS_TIMEOUT_MS),
    REFUSED_BODY_MAX_BYTES: {
      type: 'integer',
      minimum: 0,
      maximum: MAX_REFUSED_BODY_MAX_BYTES,
      default: REFUSED_BODY_MAX_BYTES,
      description: "the most bytes of a refused request's body read and thrown away before answering, so the client can read the answer; a longer body is answered at once and the connection closed",
      expected: `a whole number of bytes from 0 to ${MAX_REFUSED_BODY_MAX_BYTES}`,
    },
    HSTS_MAX_AGE: {
      type: 'integer',
      minimum: 0,
      maximum: MAX_HSTS_MAX_AGE_SECONDS,
      description: 'seconds of Strict-Transport-Security, sent only on responses to HTTPS requests; unset, no HSTS',
      expected: `a whole number of seconds from 0 to ${MAX_HSTS_MAX_AGE_SECONDS}`,
      hint: 'leave it unset for no HSTS',
    },
    TRUST_PROXY: {
      anyOf: [
        { type: 'integer', minimum: 0, maximum: 99 },
        { type: 'array', minItems: 1, items: { type: 'string', format: 'proxy-address' } },
      ],
      description: 'the reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are believed; unset, none',
      expected: 'a number of proxy hops, or proxy addresses and CIDR ranges separated by commas (e.g. "10.0.0.0/8,loopback")',
    },
    LOGIN_FAILURES_BURST: count('failed sign-ins one address may make at once', DEFAULT_ABUSE_LIMITS.loginFailuresBurst, 1),
    LOGIN_FAILURES_PER_MINUTE: count('failed sign-ins one address may make per minute after the burst', DEFAULT_ABUSE_LIMITS.loginFailuresPerMinute, 1),
    LOGIN_ACCOUNT_FREE_FAILURES: count('failed sign-ins per account before each further one is held back', DEFAULT_ABUSE_LIMITS.accountFreeFailures, 0),
    LOGIN_ACCOUNT_MAX_DELAY_SECONDS: count("the longest hold on an account's next sign-in, in seconds", DEFAULT_ABUSE_LIMITS.accountMaxDelaySeconds, 1),
    SIGNUPS_BURST: count('sign-ups one address may make at once', DEFAULT_ABUSE_LIMITS.signupsBurst, 1),
    SIGNUPS_PER_HOUR: count('sign-ups one address may make per hour after the burst', DEFAULT_ABUSE_LIMITS.signupsPerHour, 1),
    PASSWORD_HASH_CONCURRENCY: count('argon2 hashes computed at once', DEFAULT_HASH_CONCURRENCY, 1),
    PUBLIC_URL: {
      type: 'string',
      format: 'public-url',
      description: "the address students reach the server at, the base of image URLs; unset, each request's own origin",
      expected: 'an http:// or https:// address with no query, e.g. "https://helix.example.org"',
    },
    CORS_ORIGINS: {
      type: 'array',
      items: { type: 'string', format: 'origin' },
      default: [],
      description: 'origins of front ends on other hosts that may call the API from a browser; unset, same origin only',
      expected: 'origins (scheme, host and port only) separated by commas, e.g. "https://app.school.org"',
      show: 'item',
    },
    // No `default`, so parseConfig leaves Config.readyTimeoutMs out when unset and the app uses READY_TIMEOUT_MS.
    READY_TIMEOUT_MS: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_TIMEOUT_MS,
      description: `how long GET /api/ready waits for the database to answer, else 503; unset, ${READY_TIMEOUT_MS} ms`,
      expected: `a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`,
      hint: `leave it unset for ${READY_TIMEOUT_MS} ms`,
    },
    // No `default`, like READY_TIMEOUT_MS: Config.shutdownTimeoutMs is left out when unset and server/index.ts uses SHUTDOWN_TIMEOUT_MS.
    SHUTDOWN_TIMEOUT_MS: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_TIMEOUT_MS,
      description: `how long a shutdown (SIGTERM, SIGINT) may take to answer the requests in flight and close the database before the process exits anyway; unset, ${SHUTDOWN_TIMEOUT_MS} ms`,
      expected: `a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`,
      hint: `leave it unset for ${SHUTDOWN_TIMEOUT_MS} ms`,
    },
    METRICS_TOKEN: {
      type: 'string',
      minLength: MIN_METRICS_TOKEN_LENGTH,
      // RFC 6750's b64token: what a bearer credential may hold, so Prometheus can send it as it is.
      pattern: '^[A-Za-z0-9._~+/-]+=*$',
      description: 'the bearer token Prometheus sends to GET /metrics; unset, /metrics answers 404 and nothing is collected',
      expected: `at least ${MIN_METRICS_TOKEN_LENGTH} characters of letters, digits and . _ ~ + / - (e.g. from "openssl rand -hex 32")`,
      hint: 'leave it unset to turn /metrics off',
      show: 'length',
    },
    OIDC_ISSUER: {
      type: 'string',
      format: 'oidc-issuer',
      description: "a school's OpenID Connect provider, e.g. https://accounts.google.com; unset, no provider and no button on /login",
      expected: 'an https:// address (http:// only on 127.0.0.1 or localhost), e.g. "https://accounts.google.com"',
    },
    OIDC_CLIENT_ID: { type: 'string', minLength: 1, description: "Helix's client id at OIDC_ISSUER", expected: 'the client id the provider gave' },
    OIDC_CLIENT_SECRET: {
      type: 'string',
      minLength: 1,
      description: "Helix's client secret at OIDC_ISSUER",
      expected: 'the client secret the provider gave',
      show: 'length',
      trim: false,
    },
    OIDC_LABEL: {
      type: 'string',
      minLength: 1,
      maxLength: 40,
      description: 'the name students know the provider by, on its button ("Sign in with Google") and in the sign-out notice',
      expected: 'a name of 1 to 40 characters, e.g. "Google"',
    },
    OIDC_ALLOWED_DOMAINS: {
      type: 'array',
      items: { type: 'string', format: 'hostname' },
      default: [],
      description: "the schools' domains whose accounts may sign in: an account's hd claim or its email's domain; unset, every account is refused",
      expected: 'domain names separated by commas, e.g. "lincoln.k12.example,students.lincoln.k12.example"',
      show: 'item',
    },
  } satisfies Record<string, EnvVariableSchema>,
};

type EnvName = keyof typeof ENV_SCHEMA.properties;

/** The variables' values once checked and defaulted (absent: unset, with no default). */
interface EnvValues {
  PORT: number;
  HOST: string;
  DATA_DIR: string;
  DATABASE_URL?: string;
  JWT_SECRET?: string;
  STATIC_DIR: string;
  IMAGES_DIR: string;
  SCHEMAS_DIR: string;
  LESSONS_DIR: string;
  INBOX_DIR: string;
  WORKBOOKS_DIR: string;
  LOG_LEVEL: LogLevel;
  REQUEST_TIMEOUT_MS: number;
  CONNECTION_TIMEOUT_MS: number;
  KEEP_ALIVE_TIMEOUT_MS: number;
  HEADERS_TIMEOUT_MS: number;
  REFUSED_BODY_MAX_BYTES: number;
  HSTS_MAX_AGE?: number;
  TRUST_PROXY?: number | string[];
  LOGIN_FAILURES_BURST: number;
  LOGIN_FAILURES_PER_MINUTE: number;
  LOGIN_ACCOUNT_FREE_FAILURES: number;
  LOGIN_ACCOUNT_MAX_DELAY_SECONDS: number;
  SIGNUPS_BURST: number;
  SIGNUPS_PER_HOUR: number;
  PASSWORD_HASH_CONCURRENCY: number;
  PUBLIC_URL?: string;
  CORS_ORIGINS: string[];
  READY_TIMEOUT_MS?: number;
  SHUTDOWN_TIMEOUT_MS?: number;
  METRICS_TOKEN?: string;
  OIDC_ISSUER?: string;
  OIDC_CLIENT_ID?: string;
  OIDC_CLIENT_SECRET?: string;
  OIDC_LABEL?: string;
  OIDC_ALLOWED_DOMAINS: string[];
}

/** The OIDC variables a provider needs besides OIDC_ISSUER: all set with it, or none. */
const OIDC_COMPANIONS = ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_LABEL'] as const;

const VARIABLES: Record<EnvName, EnvVariableSchema> = ENV_SCHEMA.properties;
const ENV_NAMES = Object.keys(VARIABLES) as EnvName[];

/**
 * Rules between variables, which a schema of one variable cannot state. Each runs once every variable
 * is valid or back at its default, and its problem is reported in its variable's place, after that
 * variable's own problem if it has one.
 */
const RELATIONS: Partial<Record<EnvName, (values: EnvValues) => string | null>> = {
  // Node refuses to start a server whose headers timeout is longer than its request timeout.
  HEADERS_TIMEOUT_MS: ({ HEADERS_TIMEOUT_MS: headers, REQUEST_TIMEOUT_MS: request }) =>
    headers > request ? `HEADERS_TIMEOUT_MS (${headers}) must not be longer than REQUEST_TIMEOUT_MS (${request}).` : null,
  // The provider sends students back to PUBLIC_URL + /api/auth/oidc/callback, registered with it beforehand.
  OIDC_ISSUER: (values) => {
    if (values.OIDC_ISSUER === undefined) {
      const stray = OIDC_COMPANIONS.filter((name) => values[name] !== undefined);
      return stray.length === 0 ? null : `${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set but OIDC_ISSUER is not: set it too, or unset them.`;
    }
    const missing = [...OIDC_COMPANIONS.filter((name) => values[name] === undefined), ...(values.PUBLIC_URL === undefined ? ['PUBLIC_URL'] : [])];
    return missing.length === 0 ? null : `OIDC_ISSUER needs ${missing.join(', ')} as well (docs/operations.md#school-sign-in).`;
  },
};

let envValidator: ValidateFunction<EnvValues> | undefined;

/** Ajv for {@link ENV_SCHEMA}: every error, not only the first; `default`s filled in; this file's keywords and formats known. */
function compileEnvValidator(): ValidateFunction<EnvValues> {
  const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: true });
  ajv.addVocabulary(['expected', 'hint', 'show', 'trim']);
  ajv.addFormat('postgres-url', isPostgresUrl);
  ajv.addFormat('public-url', (value) => {
    const url = parseHttpUrl(value);
    return url !== null && url.search === '' && url.hash === '';
  });
  ajv.addFormat('origin', (value) => parseHttpUrl(value)?.origin === value.replace(/\/$/, ''));
  ajv.addFormat('proxy-address', isProxyAddress);
  ajv.addFormat('oidc-issuer', (value) => {
    const url = parseHttpUrl(value);
    return url !== null && url.search === '' && url.hash === '' && (url.protocol === 'https:' || isLoopbackHost(url.hostname));
  });
  ajv.addFormat('hostname', (value) => /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(value));
  return ajv.compile<EnvValues>(ENV_SCHEMA);
}

/**
 * A variable's text as the value its schema checks. Where the schema allows `integer`, text of
 * decimal digits only becomes a number; anything else (`12abc`, `1e3`, `0x10`, `1 2`, `-1`, `12.0`)
 * stays text and fails the type check, as Ajv's own `coerceTypes` would not (it takes `1e3` and
 * `0x10`). Where the schema allows `array`, the text becomes its comma-separated entries, trimmed,
 * empty ones dropped.
 */
function fromText(text: string, variable: EnvVariableSchema): unknown {
  const types = variable.anyOf ? variable.anyOf.map((branch) => branch.type) : [variable.type];
  if (types.includes('integer') && /^\d+$/.test(text)) return Number(text);
  if (types.includes('array')) return text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  return text;
}

/** "NAME must be …" for a bad variable, echoing its value only as its schema allows. */
function describeProblem(name: EnvName, text: string): string {
  const variable = VARIABLES[name];
  const shown = variable.show === 'nothing' ? '' : variable.show === 'length' ? `, got ${text.length}` : `, got "${text}"`;
  return `${name} must be ${variable.expected}${shown}${variable.hint === undefined ? '' : ` (${variable.hint})`}.`;
}

/**
 * Parses the environment into a {@link Config}, checking it against {@link ENV_SCHEMA}. Empty
 * variables count as unset. Relative paths are resolved from `cwd`.
 *
 * @param env - variables to read, usually `process.env`
 * @param cwd - base for relative paths, usually `process.cwd()`
 * @throws {@link ConfigError} listing every bad variable, not only the first: for each its name, its
 *   value (except a secret's) and what is expected, in {@link ENV_SCHEMA}'s order
 * @example
 * const config = parseConfig({ PORT: '0', DATA_DIR: tmp, LOG_LEVEL: 'silent' }, process.cwd());
 */
export function parseConfig(env: NodeJS.ProcessEnv, cwd: string): Config {
  const texts: Partial<Record<EnvName, string>> = {};
  const instance: Record<string, unknown> = {};
  for (const name of ENV_NAMES) {
    const text = VARIABLES[name].trim === false ? env[name] : env[name]?.trim();
    if (text === undefined || text === '') continue;
    texts[name] = text;
    instance[name] = fromText(text, VARIABLES[name]);
  }

  envValidator ??= compileEnvValidator();
  envValidator(instance);
  // Per variable, the list entries at fault, or 'whole' for the variable itself.
  const faults = new Map<EnvName, Set<number | 'whole'>>();
  for (const error of envValidator.errors ?? []) {
    const [name, entry] = error.instancePath.split('/').slice(1) as [EnvName, string | undefined];
    if (!(name in VARIABLES)) continue;
    const fault = VARIABLES[name].show === 'item' && entry !== undefined ? Number(entry) : 'whole';
    faults.set(name, (faults.get(name) ?? new Set()).add(fault));
  }
  // A bad variable counts as unset from here on, so the rules between variables judge the others against defaults.
  for (const name of faults.keys()) {
    if (VARIABLES[name].default === undefined) delete instance[name];
    else instance[name] = structuredClone(VARIABLES[name].default);
  }
  const values = instance as unknown as EnvValues;

  const problems: string[] = [];
  for (const name of ENV_NAMES) {
    const fault = faults.get(name);
    const text = texts[name] ?? '';
    if (fault?.has('whole')) {
      problems.push(describeProblem(name, text));
    } else if (fault !== undefined) {
      const entries = fromText(text, VARIABLES[name]) as string[];
      const indexes = [...fault].filter((index) => index !== 'whole').sort((a, b) => a - b);
      for (const index of indexes) problems.push(`${name} must list ${VARIABLES[name].expected}; "${entries[index]}" is not one.`);
    }
    const related = RELATIONS[name]?.(values);
    if (related) problems.push(related);
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const publicUrl = values.PUBLIC_URL === undefined ? null : new URL(values.PUBLIC_URL);
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: resolve(cwd, values.DATA_DIR),
    databaseUrl: values.DATABASE_URL ?? null,
    jwtSecret: values.JWT_SECRET ?? null,
    staticDir: resolve(cwd, values.STATIC_DIR),
    imagesDir: resolve(cwd, values.IMAGES_DIR),
    schemasDir: resolve(cwd, values.SCHEMAS_DIR),
    lessonsDir: resolve(cwd, values.LESSONS_DIR),
    inboxDir: resolve(cwd, values.INBOX_DIR),
    workbooksDir: resolve(cwd, values.WORKBOOKS_DIR),
    logLevel: values.LOG_LEVEL,
    timeouts: {
      requestMs: values.REQUEST_TIMEOUT_MS,
      headersMs: values.HEADERS_TIMEOUT_MS,
      connectionMs: values.CONNECTION_TIMEOUT_MS,
      keepAliveMs: values.KEEP_ALIVE_TIMEOUT_MS,
    },
    refusedBodyMaxBytes: values.REFUSED_BODY_MAX_BYTES,
    hstsMaxAgeSeconds: values.HSTS_MAX_AGE ?? null,
    trustProxy: values.TRUST_PROXY ?? false,
    abuseLimits: {
      loginFailuresBurst: values.LOGIN_FAILURES_BURST,
      loginFailuresPerMinute: values.LOGIN_FAILURES_PER_MINUTE,
      accountFreeFailures: values.LOGIN_ACCOUNT_FREE_FAILURES,
      accountMaxDelaySeconds: values.LOGIN_ACCOUNT_MAX_DELAY_SECONDS,
      signupsBurst: values.SIGNUPS_BURST,
      signupsPerHour: values.SIGNUPS_PER_HOUR,
    },
    passwordHashConcurrency: values.PASSWORD_HASH_CONCURRENCY,
    publicUrl: publicUrl === null ? null : `${publicUrl.origin}${publicUrl.pathname}`.replace(/\/+$/, ''),
    corsOrigins: values.CORS_ORIGINS.map((origin) => new URL(origin).origin),
    // Left out when unset, as their absence is what the app reads as "the default" / "off".
    ...(values.READY_TIMEOUT_MS === undefined ? {} : { readyTimeoutMs: values.READY_TIMEOUT_MS }),
    ...(values.SHUTDOWN_TIMEOUT_MS === undefined ? {} : { shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS }),
    ...(values.METRICS_TOKEN === undefined ? {} : { metricsToken: values.METRICS_TOKEN }),
    ...(values.OIDC_ISSUER === undefined || publicUrl === null
      ? {}
      : {
          signInProviders: [
            {
              id: 'oidc',
              issuer: values.OIDC_ISSUER,
              clientId: values.OIDC_CLIENT_ID ?? '',
              clientSecret: values.OIDC_CLIENT_SECRET ?? '',
              label: values.OIDC_LABEL ?? '',
              allowedDomains: values.OIDC_ALLOWED_DOMAINS.map((domain) => domain.toLowerCase()),
            },
          ],
        }),
  };
}

/** Whether a host name is this machine's own (an http:// provider is accepted only there: a test or a developer's provider). */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** An http: or https: URL, or null for anything else. */
function parseHttpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** An address, a CIDR range, or one of proxy-addr's names, as Fastify's `trustProxy` accepts them. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

function isPostgresUrl(value: string): boolean {
  try {
    return ['postgres:', 'postgresql:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * Reads `process.env` once; on any problem prints them all to stderr and exits with status 1.
 *
 * @returns the parsed configuration (never returns on failure)
 */
export function loadConfigOrExit(): Config {
  try {
    return parseConfig(process.env, process.cwd());
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
