/**
 * Test set-up shared by the server's test files: a fresh database (PGlite in a temp dir, or an
 * isolated schema in the PostgreSQL at DATABASE_URL) and an app built on it.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app.ts';
import type { PasswordHashOptions } from '../auth/passwords.ts';
import type { Config } from '../config.ts';
import { openDatabase, type OpenedDatabase } from '../db/index.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The databases the server tests run against: PGlite always, and PostgreSQL too when DATABASE_URL is
 * set. `TEST_DATABASES=postgres` (with DATABASE_URL) leaves PGlite out, for a run that follows one on
 * PGlite alone, as `.ci/run` does after `npm test`.
 */
export const DATABASE_KINDS: DatabaseKind[] = databaseKinds(process.env);

function databaseKinds(env: NodeJS.ProcessEnv): DatabaseKind[] {
  if (!env.DATABASE_URL) return ['pglite'];
  if (env.TEST_DATABASES === 'postgres') return ['postgres'];
  return ['pglite', 'postgres'];
}

/** The JWT secret every test app signs with, so tests can mint their own (e.g. expired) tokens. */
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** Cheap argon2id for tests only; the app's default is OWASP's. */
export const FAST_PASSWORD_HASHING: PasswordHashOptions = { memoryCost: 256, timeCost: 1, parallelism: 1 };

/** A config for tests: silent logs, temp dirs, the repo's schemas, no inbox or workbook content. */
export function testConfig(overrides: Partial<Config> & { dataDir: string }): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: null,
    jwtSecret: TEST_JWT_SECRET,
    staticDir: join(overrides.dataDir, 'no-static-dir'),
    imagesDir: join(overrides.dataDir, 'no-images-dir'),
    schemasDir: resolve(process.cwd(), 'schemas'),
    lessonsDir: resolve(process.cwd(), 'content', 'days'),
    // Missing by default, so tests never depend on the content authors' files.
    inboxDir: join(overrides.dataDir, 'no-inbox-dir'),
    workbooksDir: join(overrides.dataDir, 'no-workbooks-dir'),
    logLevel: 'silent',
    ...overrides,
  };
}

/** A test database: open and migrated. `destroy()` closes it and deletes its files or schema. */
export interface TestDatabase {
  kind: DatabaseKind;
  database: OpenedDatabase;
  dataDir: string;
  /** Closes and reopens the same data (a server restart). */
  reopen(): Promise<OpenedDatabase>;
  destroy(): Promise<void>;
}

/**
 * Opens a fresh, migrated database of the given kind. A PGlite one starts as a copy of the run's
 * migrated template (server/test/global-setup.ts) when there is one, else as a new cluster.
 */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'helix-server-test-'));
  const template = kind === 'pglite' ? inject('pgliteTemplate') : '';
  if (template && existsSync(join(template, 'pglite'))) cpSync(join(template, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  const databaseUrl = kind === 'postgres' ? process.env.DATABASE_URL : undefined;
  const searchPath = kind === 'postgres' ? `helix_test_${randomBytes(6).toString('hex')}` : undefined;
  const open = async () => {
    const opened = await openDatabase({ dataDir, databaseUrl, searchPath });
    await opened.migrate();
    return opened;
  };
  const handle: TestDatabase = {
    kind,
    dataDir,
    database: await open(),
    async reopen() {
      await handle.database.close();
      handle.database = await open();
      return handle.database;
    },
    async destroy() {
      await handle.database.close();
      if (databaseUrl !== undefined && searchPath !== undefined) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${searchPath}" CASCADE`);
        await client.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}

/**
 * Builds an app on a test database with fast hashing. Every response is watched: `serverErrors`
 * lists any 5xx answered, which tests expect to stay empty (bad input must never be a 5xx).
 */
export async function createTestApp(
  testDatabase: TestDatabase,
  options: Partial<Omit<BuildAppOptions, 'db'>> = {},
): Promise<{ app: FastifyInstance; serverErrors: string[] }> {
  const app = await buildApp({
    passwordHashing: FAST_PASSWORD_HASHING,
    ...options,
    config: options.config ?? testConfig({ dataDir: testDatabase.dataDir }),
    db: testDatabase.database.db,
  });
  const serverErrors: string[] = [];
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 500) serverErrors.push(`${request.method} ${request.url} → ${reply.statusCode}`);
  });
  return { app, serverErrors };
}

/** Signs up a student through the API and returns their tokens. */
export async function signUp(
  app: FastifyInstance,
  username: string,
  password = 'correct horse battery staple',
): Promise<{ access: string; refresh: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/student/signup/',
    payload: { username, password, first_name: 'Test', last_name: 'Student' },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up of ${username} failed: ${response.statusCode} ${response.body}`);
  return response.json<{ access: string; refresh: string }>();
}

/** `{ authorization: 'Bearer <token>' }`. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** What {@link useTestApp} gives a describe block; the fields are set before its first test. */
export interface TestServer {
  app: FastifyInstance;
  database: TestDatabase;
  /** Errors the app logged; a suite ends by checking it is empty. */
  errors: string[];
}

/**
 * A test database and app for one describe block: created before its tests, closed after them.
 * `config` returns configuration to change (content folders, say), given the new database.
 *
 * @example
 * describe.each(DATABASE_KINDS)('day answers (%s)', (kind) => {
 *   const server = useTestApp(kind);
 *   it('…', async () => { await server.app.inject({ url: '/api/health' }); });
 * });
 */
export function useTestApp(kind: DatabaseKind, { config }: { config?: (database: TestDatabase) => Partial<Config> } = {}): TestServer {
  const server = {} as TestServer;
  beforeAll(async () => {
    server.database = await createTestDatabase(kind);
    const overrides = config?.(server.database);
    const { app, serverErrors } = await createTestApp(server.database, overrides ? { config: testConfig({ dataDir: server.database.dataDir, ...overrides }) } : {});
    server.app = app;
    server.errors = serverErrors;
  });
  afterAll(async () => {
    await server.app?.close();
    await server.database?.destroy();
  });
  return server;
}
