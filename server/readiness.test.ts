import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { openDatabase, type Database, type OpenedDatabase } from './db/index.ts';
import { createReadinessCheck, MAX_STALLED_PROBES } from './readiness.ts';
import { bearer, DATABASE_KINDS, FAST_PASSWORD_HASHING, signUp, testConfig, useTestApp } from './test/harness.ts';

/** READY_TIMEOUT_MS of the apps below: short, so a database that hangs is found out quickly. */
const TEST_READY_TIMEOUT_MS = 1_000;
/** The longest a load balancer may wait to learn the database is gone, or back (the requirement under test). */
const NOTICED_WITHIN_MS = 5_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks `GET /api/ready` every 100 ms until it answers `status`.
 *
 * @returns how long that took, ms
 * @throws when it has not within `withinMs`
 */
async function readyAnswers(app: FastifyInstance, status: number, withinMs = NOTICED_WITHIN_MS): Promise<number> {
  const start = performance.now();
  for (;;) {
    const response = await app.inject({ method: 'GET', url: '/api/ready' });
    if (response.statusCode === status) return performance.now() - start;
    if (performance.now() - start > withinMs) throw new Error(`GET /api/ready still answers ${response.statusCode} ${response.body} after ${withinMs} ms, not ${status}`);
    await sleep(100);
  }
}

describe('the readiness check', () => {
  /** A database whose `select 1` answers, fails or hangs as the test says; counts the queries it was sent. */
  function fakeDatabase() {
    const fake = { mode: 'answer' as 'answer' | 'fail' | 'hang', queries: 0 };
    const db = {
      execute: () => {
        fake.queries += 1;
        if (fake.mode === 'answer') return Promise.resolve([]);
        if (fake.mode === 'fail') return Promise.reject(new Error('connection refused'));
        return new Promise(() => undefined);
      },
    } as unknown as Database;
    return { fake, db };
  }

  it('is ready while the database answers', async () => {
    const { db } = fakeDatabase();
    await expect(createReadinessCheck(db, { timeoutMs: 50 })()).resolves.toMatchObject({ ready: true });
  });

  it('is not ready, with the reason, when the query fails', async () => {
    const { fake, db } = fakeDatabase();
    fake.mode = 'fail';
    const outcome = await createReadinessCheck(db, { timeoutMs: 50 })();
    expect(outcome).toMatchObject({ ready: false, reason: 'error' });
  });

  it('is not ready once the timeout passes without an answer, and sends a hanging database one query at a time', async () => {
    const { fake, db } = fakeDatabase();
    fake.mode = 'hang';
    const check = createReadinessCheck(db, { timeoutMs: 50 });
    const outcomes = await Promise.all([check(), check(), check()]);
    for (const outcome of outcomes) expect(outcome).toMatchObject({ ready: false, reason: 'timeout' });
    expect(outcomes[0]!.elapsedMs).toBeGreaterThanOrEqual(45);
    expect(fake.queries).toBe(1);
  });

  it(`leaves at most ${MAX_STALLED_PROBES} queries hanging, then answers "not ready" at once`, async () => {
    const { fake, db } = fakeDatabase();
    fake.mode = 'hang';
    const check = createReadinessCheck(db, { timeoutMs: 20 });
    for (let attempt = 0; attempt < MAX_STALLED_PROBES + 5; attempt += 1) expect(await check()).toMatchObject({ ready: false, reason: 'timeout' });
    expect(fake.queries).toBe(MAX_STALLED_PROBES);
  });

  it('is ready again as soon as the database answers, even while earlier queries still hang', async () => {
    const { fake, db } = fakeDatabase();
    fake.mode = 'hang';
    const check = createReadinessCheck(db, { timeoutMs: 20 });
    // Two queries left hanging: fewer than the most that may hang, so a fresh one is sent.
    await check();
    await check();
    fake.mode = 'answer';
    await sleep(25);
    expect(await check()).toMatchObject({ ready: true });
  });
});

describe.runIf(DATABASE_KINDS.includes('pglite'))('GET /api/ready on the embedded PGlite', () => {
  const server = useTestApp('pglite', { config: () => ({ readyTimeoutMs: TEST_READY_TIMEOUT_MS }) });

  it('answers 200 {"status": "ready"} while the database answers', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is described, with its 503, in the API document', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, { get?: { responses?: Record<string, unknown>; security?: unknown } }> }>();
    const operation = document.paths['/api/ready']?.get;
    expect(operation?.security).toEqual([]);
    expect(Object.keys(operation?.responses ?? {})).toEqual(['200', '503']);
  });

  it('answers 503 database_unavailable once the database is closed, while the server stays alive', async () => {
    await server.database.database.close();
    const elapsed = await readyAnswers(server.app, 503);
    expect(elapsed).toBeLessThan(NOTICED_WITHIN_MS);
    const response = await server.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.json()).toEqual({ detail: 'The database could not be reached.', code: 'database_unavailable' });
    // Liveness is another question: the process is fine, and restarting it would not bring the database back.
    expect((await server.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

/**
 * A TCP proxy in front of PostgreSQL that a test can cut like a network that loses packets: while
 * `hold()` lasts, connections stay open and new ones are accepted, but no byte goes through in either
 * direction (no error, no reset: queries just get no answer); `forward()` delivers what was held, in
 * order, and forwards again, as TCP does once a network comes back.
 */
async function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  const held: Array<() => void> = [];
  let holding = false;
  const stats = { connections: 0 };
  const relay = (from: Socket, to: Socket) => {
    from.on('data', (chunk: Buffer) => {
      if (holding) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
    from.on('close', () => to.destroy());
    from.on('error', () => to.destroy());
  };
  const server: Server = createServer((client) => {
    stats.connections += 1;
    const upstream = createConnection(target);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    relay(client, upstream);
    relay(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port');
  return {
    port: address.port,
    stats,
    hold() {
      holding = true;
    },
    forward() {
      holding = false;
      for (const deliver of held.splice(0)) deliver();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.runIf(DATABASE_KINDS.includes('postgres'))('GET /api/ready on PostgreSQL', () => {
  const adminUrl = process.env.DATABASE_URL ?? '';
  const scratchName = `helix_ready_${randomBytes(6).toString('hex')}`;
  let dataDir: string;
  let admin: pg.Client;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let database: OpenedDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'helix-ready-test-'));
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${scratchName}"`);
    const target = new URL(adminUrl);
    proxy = await startProxy({ host: target.hostname, port: Number(target.port || 5432) });
    // The app reaches its scratch database through the proxy, so the test can cut the network in between.
    const appUrl = new URL(adminUrl);
    appUrl.hostname = '127.0.0.1';
    appUrl.port = String(proxy.port);
    appUrl.pathname = `/${scratchName}`;
    database = await openDatabase({ databaseUrl: appUrl.href });
    await database.migrate();
    app = await buildApp({ config: testConfig({ dataDir, readyTimeoutMs: TEST_READY_TIMEOUT_MS }), db: database.db, passwordHashing: FAST_PASSWORD_HASHING });
  });

  afterAll(async () => {
    await app?.close();
    // The proxy's connections first, or closing the pool would wait for any held one for ever.
    await proxy?.close();
    await database?.close();
    await admin?.query(`DROP DATABASE IF EXISTS "${scratchName}" WITH (FORCE)`);
    await admin?.end();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 200 while the database answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 within 5 s of its connections being cut and new ones refused, and 200 once it takes them again', async () => {
    const { access } = await signUp(app, 'through-an-outage');
    await admin.query(`ALTER DATABASE "${scratchName}" WITH ALLOW_CONNECTIONS false`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [scratchName]);

    expect(await readyAnswers(app, 503)).toBeLessThan(NOTICED_WITHIN_MS);
    const refused = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(refused.json()).toEqual({ detail: 'The database could not be reached.', code: 'database_unavailable' });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await admin.query(`ALTER DATABASE "${scratchName}" WITH ALLOW_CONNECTIONS true`);
    expect(await readyAnswers(app, 200)).toBeLessThan(NOTICED_WITHIN_MS);
    // Back to work: the same server saves answers again, with no restart.
    const saved = await app.inject({ method: 'POST', url: '/api/student/modules/1/response/', headers: bearer(access), payload: { answers: {} } });
    expect(saved.statusCode).toBe(200);
  });

  it('answers 503 within READY_TIMEOUT_MS when the database stops answering at all, without piling up connections, and 200 once it answers again', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    proxy.hold();
    const connectionsBefore = proxy.stats.connections;
    const start = performance.now();
    const first = await app.inject({ method: 'GET', url: '/api/ready' });
    const elapsed = performance.now() - start;
    expect(first.statusCode).toBe(503);
    expect(first.json()).toEqual({ detail: `The database did not answer within ${TEST_READY_TIMEOUT_MS} ms.`, code: 'database_unavailable' });
    expect(elapsed).toBeGreaterThanOrEqual(TEST_READY_TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(NOTICED_WITHIN_MS);

    // A load balancer keeps asking: each check waits its timeout, and the connections tried stay few.
    for (let check = 0; check < 6; check += 1) expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
    expect(proxy.stats.connections - connectionsBefore).toBeLessThanOrEqual(MAX_STALLED_PROBES);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    proxy.forward();
    expect(await readyAnswers(app, 200)).toBeLessThan(NOTICED_WITHIN_MS);
  });
});
