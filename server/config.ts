/**
 * Server configuration, parsed from the environment once at start-up (STYLE.md "Fail fast on
 * configuration"): every problem is collected and reported together, then the process exits.
 */
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { DEFAULT_ABUSE_LIMITS, type AbuseLimitSettings } from './auth/abuse-limits.ts';
import { DEFAULT_HASH_CONCURRENCY } from './auth/passwords.ts';

/** Pino levels accepted by LOG_LEVEL. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Shortest JWT_SECRET accepted: 32 characters, the length of an HS256 key (RFC 7518 §3.2: at least 256 bits). */
export const MIN_JWT_SECRET_LENGTH = 32;

/**
 * How long the HTTP server waits, in ms (issue 11, "Server limits": a stalled request must not hold
 * a socket for ever). Node answers 408 `request_timeout` to a request not complete in time.
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
  /** Welcome messages for new students, `*.md` with front matter (INBOX_DIR, default ./content/inbox). */
  inboxDir: string;
  /** Workbooks, one `<slug>.md` each, loaded into the database at start-up (WORKBOOKS_DIR, default ./content/workbooks). */
  workbooksDir: string;
  /** Pino log level (LOG_LEVEL, default info). */
  logLevel: LogLevel;
  /** HTTP timeouts (REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS, CONNECTION_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS); absent: {@link DEFAULT_SERVER_TIMEOUTS}. */
  timeouts?: ServerTimeouts;
  /**
   * `Strict-Transport-Security` max-age in seconds (HSTS_MAX_AGE); null or absent: no HSTS header. Even
   * when set, the header goes only on responses to HTTPS requests, never over plain HTTP (issue 11).
   */
  hstsMaxAgeSeconds?: number | null;
  /**
   * The reverse proxies whose `X-Forwarded-For` / `X-Forwarded-Proto` are believed (TRUST_PROXY): a
   * number of hops, or proxy addresses and CIDR ranges (`proxy-addr` names such as `loopback` too).
   * false or absent: none, so `request.ip` is the socket's peer and `request.protocol` never `https`.
   */
  trustProxy?: number | string[] | false;
  /** Sign-in and sign-up limits (LOGIN_FAILURES_BURST … SIGNUPS_PER_HOUR, issue 11); absent: {@link DEFAULT_ABUSE_LIMITS}. */
  abuseLimits?: AbuseLimitSettings;
  /** argon2 computations at once (PASSWORD_HASH_CONCURRENCY, issue 11); absent: {@link DEFAULT_HASH_CONCURRENCY}. */
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
 * Parses the environment into a {@link Config}. Empty variables count as unset. Relative paths are
 * resolved from `cwd`.
 *
 * @param env - variables to read, usually `process.env`
 * @param cwd - base for relative paths, usually `process.cwd()`
 * @throws {@link ConfigError} listing every problem found, not only the first
 * @example
 * const config = parseConfig({ PORT: '0', DATA_DIR: tmp, LOG_LEVEL: 'silent' }, process.cwd());
 */
export function parseConfig(env: NodeJS.ProcessEnv, cwd: string): Config {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };

  let port = 3000;
  const rawPort = read('PORT');
  if (rawPort !== undefined) {
    port = Number(rawPort);
    if (!/^\d+$/.test(rawPort) || port > 65535) problems.push(`PORT must be an integer from 0 to 65535, got "${rawPort}".`);
  }

  let databaseUrl: string | null = read('DATABASE_URL') ?? null;
  if (databaseUrl !== null) {
    if (!isPostgresUrl(databaseUrl)) {
      // Never echo the URL: it may hold a password.
      problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset to use the embedded PGlite).');
      databaseUrl = null;
    }
  }

  // Read untrimmed: a secret's spaces are part of it.
  const jwtSecret = env.JWT_SECRET === undefined || env.JWT_SECRET === '' ? null : env.JWT_SECRET;
  if (jwtSecret !== null && jwtSecret.length < MIN_JWT_SECRET_LENGTH) {
    problems.push(`JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters, got ${jwtSecret.length} (leave it unset to generate one in DATA_DIR).`);
  }

  const rawLogLevel = read('LOG_LEVEL') ?? 'info';
  const logLevel = LOG_LEVELS.find((level) => level === rawLogLevel);
  if (logLevel === undefined) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${rawLogLevel}".`);

  const readMilliseconds = (name: string, fallback: number): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_TIMEOUT_MS) {
      problems.push(`${name} must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}, got "${raw}".`);
      return fallback;
    }
    return Number(raw);
  };
  const timeouts: ServerTimeouts = {
    requestMs: readMilliseconds('REQUEST_TIMEOUT_MS', REQUEST_TIMEOUT_MS),
    headersMs: readMilliseconds('HEADERS_TIMEOUT_MS', HEADERS_TIMEOUT_MS),
    connectionMs: readMilliseconds('CONNECTION_TIMEOUT_MS', CONNECTION_TIMEOUT_MS),
    keepAliveMs: readMilliseconds('KEEP_ALIVE_TIMEOUT_MS', KEEP_ALIVE_TIMEOUT_MS),
  };
  // Node refuses to start a server whose headers timeout is longer than its request timeout.
  if (timeouts.headersMs > timeouts.requestMs) {
    problems.push(`HEADERS_TIMEOUT_MS (${timeouts.headersMs}) must not be longer than REQUEST_TIMEOUT_MS (${timeouts.requestMs}).`);
  }

  let hstsMaxAgeSeconds: number | null = null;
  const rawHsts = read('HSTS_MAX_AGE');
  if (rawHsts !== undefined) {
    if (/^\d+$/.test(rawHsts) && Number(rawHsts) <= MAX_HSTS_MAX_AGE_SECONDS) hstsMaxAgeSeconds = Number(rawHsts);
    else problems.push(`HSTS_MAX_AGE must be a whole number of seconds from 0 to ${MAX_HSTS_MAX_AGE_SECONDS}, got "${rawHsts}" (leave it unset for no HSTS).`);
  }

  let trustProxy: number | string[] | false = false;
  const rawTrustProxy = read('TRUST_PROXY');
  if (rawTrustProxy !== undefined) {
    const entries = rawTrustProxy.split(',').map((entry) => entry.trim());
    if (/^\d{1,2}$/.test(rawTrustProxy)) trustProxy = Number(rawTrustProxy);
    else if (entries.every(isProxyAddress)) trustProxy = entries;
    else problems.push(`TRUST_PROXY must be a number of proxy hops, or proxy addresses and CIDR ranges separated by commas (e.g. "10.0.0.0/8,loopback"), got "${rawTrustProxy}".`);
  }

  // Issue 11, "Abuse limits": whole numbers; the defaults are the safe values (README, Configuration).
  const readCount = (name: string, fallback: number, min: number): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > MAX_LIMIT_SETTING) {
      problems.push(`${name} must be a whole number from ${min} to ${MAX_LIMIT_SETTING}, got "${raw}".`);
      return fallback;
    }
    return Number(raw);
  };
  const abuseLimits: AbuseLimitSettings = {
    loginFailuresBurst: readCount('LOGIN_FAILURES_BURST', DEFAULT_ABUSE_LIMITS.loginFailuresBurst, 1),
    loginFailuresPerMinute: readCount('LOGIN_FAILURES_PER_MINUTE', DEFAULT_ABUSE_LIMITS.loginFailuresPerMinute, 1),
    accountFreeFailures: readCount('LOGIN_ACCOUNT_FREE_FAILURES', DEFAULT_ABUSE_LIMITS.accountFreeFailures, 0),
    accountMaxDelaySeconds: readCount('LOGIN_ACCOUNT_MAX_DELAY_SECONDS', DEFAULT_ABUSE_LIMITS.accountMaxDelaySeconds, 1),
    signupsBurst: readCount('SIGNUPS_BURST', DEFAULT_ABUSE_LIMITS.signupsBurst, 1),
    signupsPerHour: readCount('SIGNUPS_PER_HOUR', DEFAULT_ABUSE_LIMITS.signupsPerHour, 1),
  };
  const passwordHashConcurrency = readCount('PASSWORD_HASH_CONCURRENCY', DEFAULT_HASH_CONCURRENCY, 1);

  let publicUrl: string | null = null;
  const rawPublicUrl = read('PUBLIC_URL');
  if (rawPublicUrl !== undefined) {
    const parsed = parseHttpUrl(rawPublicUrl);
    if (parsed === null || parsed.search !== '' || parsed.hash !== '') {
      problems.push(`PUBLIC_URL must be an http:// or https:// address with no query, e.g. "https://helix.example.org", got "${rawPublicUrl}".`);
    } else publicUrl = `${parsed.origin}${parsed.pathname}`.replace(/\/+$/, '');
  }

  const corsOrigins: string[] = [];
  for (const entry of (read('CORS_ORIGINS') ?? '').split(',').map((each) => each.trim()).filter((each) => each !== '')) {
    const parsed = parseHttpUrl(entry);
    if (parsed === null || parsed.origin !== entry.replace(/\/$/, '')) {
      problems.push(`CORS_ORIGINS must list origins (scheme, host and port only) separated by commas, e.g. "https://app.school.org"; "${entry}" is not one.`);
    } else corsOrigins.push(parsed.origin);
  }

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host: read('HOST') ?? '0.0.0.0',
    dataDir: resolve(cwd, read('DATA_DIR') ?? './data'),
    databaseUrl,
    jwtSecret,
    staticDir: resolve(cwd, read('STATIC_DIR') ?? './dist'),
    imagesDir: resolve(cwd, read('IMAGES_DIR') ?? './content/images'),
    schemasDir: resolve(cwd, read('SCHEMAS_DIR') ?? './schemas'),
    inboxDir: resolve(cwd, read('INBOX_DIR') ?? './content/inbox'),
    workbooksDir: resolve(cwd, read('WORKBOOKS_DIR') ?? './content/workbooks'),
    logLevel: logLevel ?? 'info',
    timeouts,
    hstsMaxAgeSeconds,
    trustProxy,
    abuseLimits,
    passwordHashConcurrency,
    publicUrl,
    corsOrigins,
  };
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
