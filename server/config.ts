/**
 * Server configuration, parsed from the environment once at start-up (STYLE.md "Fail fast on
 * configuration"): every problem is collected and reported together, then the process exits.
 */
import { resolve } from 'node:path';
import { DEFAULT_ABUSE_LIMITS, type AbuseLimitSettings } from './auth/abuse-limits.ts';
import { DEFAULT_HASH_CONCURRENCY } from './auth/passwords.ts';

/** Pino levels accepted by LOG_LEVEL. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Shortest JWT_SECRET accepted: 32 characters, the length of an HS256 key (RFC 7518 §3.2: at least 256 bits). */
export const MIN_JWT_SECRET_LENGTH = 32;

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
  /** Sign-in and sign-up limits (LOGIN_FAILURES_BURST … SIGNUPS_PER_HOUR, issue 11); absent: {@link DEFAULT_ABUSE_LIMITS}. */
  abuseLimits?: AbuseLimitSettings;
  /** argon2 computations at once (PASSWORD_HASH_CONCURRENCY, issue 11); absent: {@link DEFAULT_HASH_CONCURRENCY}. */
  passwordHashConcurrency?: number;
}

/** Largest value accepted for an abuse-limit or concurrency variable: larger ones are typing mistakes. */
export const MAX_LIMIT_SETTING = 1_000_000_000;

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
    abuseLimits,
    passwordHashConcurrency,
  };
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
