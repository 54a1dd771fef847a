/**
 * Shutdown test (server/shutdown.ts, docs/decisions/004-durability.md): does SIGTERM mid-stream lose a
 * save, or cut a request the server had accepted?
 *
 * Per database kind, RUNS runs (default 5) on one data folder (PGlite) or one scratch database
 * created for the test and dropped after it (PostgreSQL, on the server of DATABASE_URL). A run:
 * 1. signs up STUDENTS students (default 25) on the running server, the real one
 *    (`node --import tsx server/index.ts`), and has every one of them save Day 1 in a loop
 *    (`{"answers": {"geneQ1": "student S save N"}}`, one save in flight per student), each student over
 *    its own kept-alive connection, as each Chromebook's browser holds its own;
 * 2. after SAVE_MS of saving, sends the server SIGTERM while the saves go on. Each student keeps saving
 *    until a save fails, which ends its loop: it should be refused a connection, once the server has
 *    answered its last save with `Connection: close`;
 * 3. waits for the server to exit: its status must be 0, within SHUTDOWN_TIMEOUT_MS of the signal, and
 *    (PGlite) its lock must be gone, i.e. the database was closed;
 * 4. starts the server again on the same data (the next run's server) and reads every student's Day 1
 *    answers back: each save answered 200 must be found (the stored N at least the last N answered).
 *
 * Every save must get an HTTP answer, or fail before it was sent (ECONNREFUSED: never accepted).
 * Anything else after the request was sent (ECONNRESET, "socket hang up", an answer cut off, no answer
 * within 10 s) counts as a request cut mid-way: a failure. The line of a run with one also shows what
 * the server logged of its shutdown.
 *
 * Prints one line per run and one summary per kind, e.g.
 * `shutdown test (pglite): 5 runs, 1234 saves acknowledged, 0 lost, 0 requests cut mid-way`, and exits 1
 * on any loss, cut request, unclean exit or failed restart.
 *
 * Usage: `npm run test:shutdown` (env: RUNS=5 STUDENTS=25 SAVE_MS=1500 SHUTDOWN_TIMEOUT_MS=10000
 * DATABASE_URL=postgres://… to test PostgreSQL too; TEST_DATABASES=postgres to test it alone).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DAY_1_DETAIL, DAY_1_RESPONSE, killGroup, postJson as post, SAVE_PATTERN, ServerStartError, sleep, startServer as start, type ServerUnderTest as Server } from './server-under-test/server.ts';

const RUNS = Number(process.env.RUNS ?? 5);
const STUDENT_COUNT = Number(process.env.STUDENTS ?? 25);
/** How long the students save before the SIGTERM, in ms. */
const SAVE_MS = Number(process.env.SAVE_MS ?? 1_500);
/** The server's SHUTDOWN_TIMEOUT_MS, in ms: it must exit within this of the SIGTERM. */
const SHUTDOWN_TIMEOUT_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000);
/** One run, in ms; the whole test may take RUNS times this per kind, else the children are killed and it fails. */
const RUN_DEADLINE_MS = 90_000;
/** Wait for `GET /api/health` after a start, in ms: a fresh data folder's initdb can take over 20 s on a busy machine (docs/decisions/014-a-server-a-school-runs.md). */
const HEALTH_WAIT_MS = 60_000;
/** Any single request, in ms. */
const REQUEST_TIMEOUT_MS = 10_000;

type Kind = 'pglite' | 'postgres';

const baseUrl = process.env.DATABASE_URL?.trim() || null;
const kinds: Kind[] = [...(process.env.TEST_DATABASES === 'postgres' && baseUrl ? [] : ['pglite' as const]), ...(baseUrl ? ['postgres' as const] : [])];
const testId = randomBytes(4).toString('hex');
const children = new Set<ChildProcess>();
const folders = new Set<string>();
/** A failure that ends the whole test, with the output of the server concerned. */
class TestFailure extends Error {
  constructor(
    message: string,
    readonly server?: Server,
  ) {
    super(message);
  }
}

process.on('exit', () => {
  for (const child of children) killGroup(child);
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

/** Starts the server on `dataDir` (and `databaseUrl`) (scripts/server-under-test/server.ts). */
async function startServer(dataDir: string, databaseUrl: string | null): Promise<Server> {
  const env = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    JWT_SECRET: `shutdown-test-secret-${testId}-0123456789abcdefghij`,
    SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    // Every run signs up STUDENTS more students from this one address.
    SIGNUPS_BURST: String(RUNS * STUDENT_COUNT * 2),
    DATABASE_URL: databaseUrl ?? '',
  };
  try {
    return await start({ env, healthWaitMs: HEALTH_WAIT_MS, children });
  } catch (error) {
    throw error instanceof ServerStartError ? new TestFailure(error.message, error.server) : error;
  }
}

const postJson = (origin: string, path: string, body: unknown, accessToken?: string) => post(origin, path, body, REQUEST_TIMEOUT_MS, accessToken);

/** What became of one save: an HTTP answer, or an error before or after the request was sent. */
type SaveOutcome = { status: number } | { error: string; sent: boolean };

/**
 * POSTs one save through `agent` (node:http, so that it is known whether the request had been sent
 * when an error came): `sent` is true once the request was handed to the connection ('finish').
 */
function save(origin: string, agent: Agent, accessToken: string, body: unknown): Promise<SaveOutcome> {
  const { hostname, port } = new URL(origin);
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    let sent = false;
    const request = httpRequest(
      {
        host: hostname,
        port,
        path: DAY_1_RESPONSE,
        method: 'POST',
        agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), authorization: `Bearer ${accessToken}` },
      },
      (response) => {
        response.resume();
        response.once('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.once('aborted', () => resolve({ error: 'answer cut mid-way', sent: true }));
      },
    );
    request.once('finish', () => (sent = true));
    request.once('timeout', () => request.destroy(Object.assign(new Error('no answer in time'), { code: 'TIMEOUT' })));
    request.once('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message, sent }));
    request.end(payload);
  });
}

interface Student {
  index: number;
  username: string;
  password: string;
  accessToken: string;
  /** The student's own kept-alive connection, as a Chromebook's browser holds one to the server. */
  agent: Agent;
  /** Highest N answered 200 (0: none). */
  acknowledged: number;
  /** Highest N sent, answered or not. */
  sent: number;
}

interface RunResult {
  acknowledged: number;
  acknowledgedAfterSignal: number;
  /** Saves answered with a status other than 200, by status. */
  otherAnswers: Map<number, number>;
  /** Saves that failed before they were sent, by error (ECONNREFUSED: the server had stopped listening). */
  refused: Map<string, number>;
  /** Saves that were sent and got no HTTP answer, each described. */
  cut: string[];
  /** Saves answered other than 200, or refused a connection, before the SIGTERM: the server misbehaved with no cause. */
  unexpected: string[];
  exitMs: number;
  restartMs: number;
  /** What the server logged of its shutdown, kept when a request was cut. */
  serverLog?: string;
  losses: string[];
}

/**
 * One run on `server` (already started): sign up, save, SIGTERM, wait for the exit, restart, read back.
 * Returns the run's findings and the restarted server, which the next run goes on with.
 */
async function run(server: Server, runIndex: number, dataDir: string, databaseUrl: string | null, kind: Kind): Promise<{ result: RunResult; next: Server }> {
  const prefix = `shutdown_${testId}_${runIndex}`;
  const students: Student[] = await Promise.all(
    Array.from({ length: STUDENT_COUNT }, async (_, index) => {
      const username = `${prefix}_${index}`;
      const password = `shutdown test password ${index}`;
      const response = await postJson(server.origin, '/api/student/signup/', {
        username,
        password,
        first_name: 'Shutdown',
        last_name: `Student ${index}`,
        classroom_name: `shutdown test ${testId}`,
      });
      if (response.status !== 201) throw new TestFailure(`sign-up of ${username} answered ${response.status}: ${await response.text()}`, server);
      const { access } = (await response.json()) as { access: string };
      return { index, username, password, accessToken: access, agent: new Agent({ keepAlive: true, maxSockets: 1 }), acknowledged: 0, sent: 0 };
    }),
  );

  const result: RunResult = { acknowledged: 0, acknowledgedAfterSignal: 0, otherAnswers: new Map(), refused: new Map(), cut: [], unexpected: [], exitMs: 0, restartMs: 0, losses: [] };
  let signalled = false;
  let signalledAt = 0;
  const savers = students.map(async (student) => {
    for (;;) {
      const n = student.sent + 1;
      student.sent = n;
      const sentAt = performance.now();
      const outcome = await save(server.origin, student.agent, student.accessToken, { answers: { geneQ1: `student ${student.index} save ${n}` } });
      if ('status' in outcome) {
        if (outcome.status === 200) {
          student.acknowledged = n;
          if (signalled) result.acknowledgedAfterSignal += 1;
        } else {
          result.otherAnswers.set(outcome.status, (result.otherAnswers.get(outcome.status) ?? 0) + 1);
          if (!signalled) result.unexpected.push(`${student.username}: save ${n} answered ${outcome.status} before the SIGTERM`);
        }
        continue;
      }
      if (!outcome.sent) {
        // Never accepted (ECONNREFUSED: the server had stopped listening): nothing was sent, nothing is owed.
        student.sent = n - 1;
        if (!signalled) result.unexpected.push(`${student.username}: save ${n} failed with ${outcome.error} before it was sent, before the SIGTERM`);
        else result.refused.set(outcome.error, (result.refused.get(outcome.error) ?? 0) + 1);
      } else {
        const when = signalled ? `${Math.round(performance.now() - signalledAt)} ms after the SIGTERM` : 'before the SIGTERM';
        result.cut.push(`${student.username}: save ${n}, sent ${Math.round(performance.now() - sentAt)} ms earlier, failed with ${outcome.error} ${when}`);
      }
      student.agent.destroy();
      return;
    }
  });

  await sleep(SAVE_MS);
  const exitedBeforeSignal = server.child.exitCode !== null;
  if (exitedBeforeSignal) throw new TestFailure('the server exited before the SIGTERM', server);
  signalled = true;
  signalledAt = performance.now();
  const signalledAtEpoch = Date.now();
  server.child.kill('SIGTERM');
  const exit = await server.exited;
  result.exitMs = performance.now() - signalledAt;
  await Promise.all(savers);
  if (exit.code !== 0) throw new TestFailure(`the server exited with ${exit.code === null ? `signal ${exit.signal}` : `status ${exit.code}`} after SIGTERM`, server);
  if (result.exitMs > SHUTDOWN_TIMEOUT_MS) throw new TestFailure(`the server took ${Math.round(result.exitMs)} ms to exit, over SHUTDOWN_TIMEOUT_MS (${SHUTDOWN_TIMEOUT_MS} ms)`, server);
  if (kind === 'pglite' && existsSync(join(dataDir, 'pglite.lock'))) throw new TestFailure('the server exited without releasing its PGlite lock', server);
  result.acknowledged = students.reduce((sum, student) => sum + student.acknowledged, 0);
  if (result.acknowledged === 0) throw new TestFailure('no save was acknowledged', server);

  const restartedAt = performance.now();
  const next = await startServer(dataDir, databaseUrl);
  result.restartMs = performance.now() - restartedAt;
  await Promise.all(
    students.map(async (student) => {
      const login = await postJson(next.origin, '/api/token/', { username: student.username, password: student.password });
      if (login.status !== 200) return result.losses.push(`${student.username}: sign-in after the restart answered ${login.status}`);
      const { access } = (await login.json()) as { access: string };
      const detail = await fetch(`${next.origin}${DAY_1_DETAIL}`, { headers: { authorization: `Bearer ${access}` }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      // Nothing stored is no loss for a student none of whose saves was acknowledged.
      if (detail.status === 404 && student.acknowledged === 0) return;
      if (!detail.ok) return result.losses.push(`${student.username}: reading Day 1 answered ${detail.status}`);
      const { answers } = (await detail.json()) as { answers: { geneQ1?: unknown } };
      const match = typeof answers.geneQ1 === 'string' ? SAVE_PATTERN.exec(answers.geneQ1) : null;
      if (!match || Number(match[1]) !== student.index) return result.losses.push(`${student.username}: stored geneQ1 is ${JSON.stringify(answers.geneQ1)}`);
      const stored = Number(match[2]);
      if (stored > student.sent) result.losses.push(`${student.username}: stored save ${stored} was never sent (last sent ${student.sent})`);
      if (stored < student.acknowledged) result.losses.push(`${student.username}: stored save ${stored}, but save ${student.acknowledged} was acknowledged`);
    }),
  );
  if (result.cut.length > 0) {
    // What the server logged of its shutdown, to tell where the cut requests were lost.
    const logged = server.output.join('').split('\n').filter((line) => /shutting down|shutdown:/.test(line));
    result.serverLog = `SIGTERM sent at ${signalledAtEpoch} (ms since 1970); the server logged: ${logged.join(' | ')}`;
  }
  return { result, next };
}

/** Runs RUNS runs on one kind of database and prints its summary; returns whether every run passed. */
async function testKind(kind: Kind): Promise<boolean> {
  const startedAt = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'helix-shutdown-'));
  folders.add(dataDir);
  let databaseUrl: string | null = null;
  let scratch: { admin: string; name: string } | null = null;
  if (kind === 'postgres') {
    const name = `helix_shutdown_${testId}`;
    const client = new pg.Client({ connectionString: baseUrl! });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    scratch = { admin: baseUrl!, name };
    const url = new URL(baseUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const deadline = setTimeout(() => {
    console.error(`shutdown test (${kind}) FAILED: ${RUNS} runs took longer than ${(RUNS * RUN_DEADLINE_MS) / 1000} s`);
    process.exit(1);
  }, RUNS * RUN_DEADLINE_MS);

  const totals = { acknowledged: 0, lost: 0, cut: 0 };
  let server: Server | null = null;
  let passed = true;
  try {
    server = await startServer(dataDir, databaseUrl);
    for (let runIndex = 1; runIndex <= RUNS; runIndex += 1) {
      const { result, next }: { result: RunResult; next: Server } = await run(server, runIndex, dataDir, databaseUrl, kind);
      server = next;
      totals.acknowledged += result.acknowledged;
      totals.lost += result.losses.length;
      totals.cut += result.cut.length;
      const others = [...result.otherAnswers].map(([status, count]) => `${count} × ${status}`).join(', ') || 'none';
      const refused = [...result.refused].map(([code, count]) => `${count} × ${code}`).join(', ') || 'none';
      console.log(
        `  run ${runIndex} (${kind}): ${result.acknowledged} saves acknowledged (${result.acknowledgedAfterSignal} after SIGTERM), ` +
          `other answers ${others}, failed before being sent ${refused}, ${result.cut.length} cut; ` +
          `exit 0 in ${(result.exitMs / 1000).toFixed(2)} s; restart to healthy ${(result.restartMs / 1000).toFixed(1)} s`,
      );
      const problems = [...result.cut, ...result.losses, ...result.unexpected];
      for (const problem of problems.slice(0, 10)) console.error(`    ${problem}`);
      if (result.serverLog) console.error(`    ${result.serverLog}`);
      if (problems.length > 0) passed = false;
    }
  } catch (error) {
    passed = false;
    if (!(error instanceof TestFailure)) throw error;
    console.error(`shutdown test (${kind}) FAILED: ${error.message}`);
    if (error.server) console.error(`server output:\n${error.server.output.join('').slice(-4_000)}`);
  } finally {
    clearTimeout(deadline);
    if (server) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    if (scratch) {
      const client = new pg.Client({ connectionString: scratch.admin });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${scratch.name} WITH (FORCE)`);
      await client.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
    folders.delete(dataDir);
  }
  console.log(
    `shutdown test (${kind}): ${RUNS} runs, ${totals.acknowledged} saves acknowledged, ${totals.lost} lost, ${totals.cut} requests cut mid-way` +
      ` (${((performance.now() - startedAt) / 1000).toFixed(1)} s)${passed ? '' : ' FAILED'}`,
  );
  return passed;
}

let allPassed = true;
for (const kind of kinds) allPassed = (await testKind(kind)) && allPassed;
if (!baseUrl) console.log('shutdown test (postgres): skipped, DATABASE_URL is not set');
process.exit(allPassed ? 0 : 1);
