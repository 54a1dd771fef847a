/**
 * Server configuration, parsed from the environment once at start-up (STYLE.md "Fail fast on
 * configuration"): every problem is collected and reported together, then the process exits.
 */
import { resolve } from 'node:path';

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
}

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
