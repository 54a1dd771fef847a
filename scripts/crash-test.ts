/**
 * Crash test (docs/decisions/004-durability.md): does a save the server acknowledged survive the server being killed?
 *
 * Starts the real server (`node --import tsx server/index.ts`, in its own process group) on a fresh
 * DATA_DIR, signs up STUDENTS students, and has every one of them save Day 1 in a loop
 * (`{"answers": {"geneQ1": "student S save N"}}`, N = 1, 2, 3…, one save in flight per student).
 * After SAVE_MS of saving it SIGKILLs the server mid-stream, restarts it on the same DATA_DIR (so the
 * PGlite lock left behind must be taken over), signs every student in again and reads their Day 1
 * answers back: the stored N must be at least the last N acknowledged with a 2xx before the kill (the
 * save in flight at the kill may have landed too). Then every student saves once more on the
 * restarted server, to show the data folder opened cleanly.
 *
 * With DATABASE_URL set the server uses that PostgreSQL instead; usernames are unique per run and
 * removed at the end.
 *
 * Prints one final line, e.g.
 * `crash test (pglite): 1234 saves acknowledged before SIGKILL, 25 students, 1234 found after restart, 0 lost`,
 * and exits 1 on any loss, on a failed restart, or when the whole run exceeds DEADLINE_MS.
 *
 * Usage: `npm run test:crash` (env: STUDENTS=25 SAVE_MS=3000 DATABASE_URL=…)
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DAY_1_DETAIL, DAY_1_RESPONSE, killGroup, postJson as post, SAVE_PATTERN, ServerStartError, sleep, startServer as start, type ServerUnderTest as Server } from './server-under-test/server.ts';

const STUDENT_COUNT = Number(process.env.STUDENTS ?? 25);
/** How long the students save before the SIGKILL, in ms. */
const SAVE_MS = Number(process.env.SAVE_MS ?? 3_000);
/** The whole run, in ms; past it the children are killed and the test fails. */
const DEADLINE_MS = 55_000;
/** Wait for `GET /api/health` after a start, in ms: initdb takes about 5 s and a restart may wait up to 7 s for a stale lock. */
const HEALTH_WAIT_MS = 20_000;
/** Any single request, in ms. */
const REQUEST_TIMEOUT_MS = 10_000;

const databaseUrl = process.env.DATABASE_URL?.trim() || null;
const kind = databaseUrl ? 'postgres' : 'pglite';
const runId = randomBytes(4).toString('hex');
const dataDir = mkdtempSync(join(tmpdir(), 'helix-crash-'));
const startedAt = Date.now();

const children = new Set<ChildProcess>();

process.on('exit', () => {
  for (const child of children) killGroup(child);
  rmSync(dataDir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
setTimeout(() => fail(`the run took longer than ${DEADLINE_MS / 1000} s`), DEADLINE_MS).unref();

function fail(reason: string, server?: Server): never {
  console.error(`crash test (${kind}) FAILED: ${reason}`);
  if (server) console.error(`server output:\n${server.output.join('').slice(-4_000)}`);
  process.exit(1);
}

/** Starts the server on this run's data (scripts/server-under-test/server.ts); a failed start fails the test. */
async function startServer(): Promise<Server> {
  const env = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JWT_SECRET: `crash-test-secret-${runId}-0123456789abcdefghij`,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  try {
    return await start({ env, healthWaitMs: HEALTH_WAIT_MS, children });
  } catch (error) {
    if (error instanceof ServerStartError) fail(error.message, error.server);
    throw error;
  }
}

function killServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    killGroup(server.child);
  });
}

const postJson = (origin: string, path: string, body: unknown, accessToken?: string) => post(origin, path, body, REQUEST_TIMEOUT_MS, accessToken);

interface Student {
  index: number;
  username: string;
  password: string;
  accessToken: string;
  /** Highest N answered with a 2xx before the kill (0: none). */
  acknowledged: number;
  /** Highest N sent, acknowledged or not. */
  sent: number;
}

function saveBody(student: Student, n: number | string): { answers: { geneQ1: string } } {
  return { answers: { geneQ1: `student ${student.index} save ${n}` } };
}

// 1. Start, sign up.
const first = await startServer();
const students: Student[] = await Promise.all(
  Array.from({ length: STUDENT_COUNT }, async (_, index) => {
    const username = `crash_${runId}_${index}`;
    const password = `crash test password ${index}`;
    const response = await postJson(first.origin, '/api/student/signup/', {
      username,
      password,
      first_name: 'Crash',
      last_name: `Student ${index}`,
      classroom_name: `crash test ${runId}`,
    });
    if (response.status !== 201) fail(`sign-up of ${username} answered ${response.status}: ${await response.text()}`, first);
    const { access } = (await response.json()) as { access: string };
    return { index, username, password, accessToken: access, acknowledged: 0, sent: 0 };
  }),
);

// 2. Stream saves from every student at once; SIGKILL the server mid-stream.
let killed = false;
let failedBeforeKill = 0;
const savers = students.map(async (student) => {
  while (!killed) {
    const n = student.sent + 1;
    student.sent = n;
    try {
      const response = await postJson(first.origin, DAY_1_RESPONSE, saveBody(student, n), student.accessToken);
      await response.arrayBuffer();
      if (response.ok) student.acknowledged = n;
      else if (!killed) failedBeforeKill += 1;
    } catch {
      // The connection died with the server (or the request failed just before): not acknowledged.
      if (!killed) failedBeforeKill += 1;
      return;
    }
  }
});
await sleep(SAVE_MS);
killed = true;
await killServer(first);
await Promise.all(savers);
const acknowledged = students.reduce((sum, student) => sum + student.acknowledged, 0);
if (acknowledged === 0) fail('no save was acknowledged before the kill', first);

// 3. Restart on the same DATA_DIR (PGlite: the killed server's lock must be taken over) and read back.
// A SIGKILLed process cannot clean up, so the PGlite lock is still there: the restart proves it is taken over.
const lockLeftBehind = kind === 'pglite' && existsSync(join(dataDir, 'pglite.lock'));
const restartStarted = Date.now();
const second = await startServer();
const restartMs = Date.now() - restartStarted;
let found = 0;
let inFlightLanded = 0;
const losses: string[] = [];
await Promise.all(
  students.map(async (student) => {
    const login = await postJson(second.origin, '/api/token/', { username: student.username, password: student.password });
    if (login.status !== 200) return losses.push(`${student.username}: sign-in after the restart answered ${login.status}`);
    const { access } = (await login.json()) as { access: string };
    const detail = await fetch(`${second.origin}${DAY_1_DETAIL}`, {
      headers: { authorization: `Bearer ${access}` },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    let storedN = 0;
    if (detail.ok) {
      const { answers } = (await detail.json()) as { answers: { geneQ1?: unknown } };
      const match = typeof answers.geneQ1 === 'string' ? SAVE_PATTERN.exec(answers.geneQ1) : null;
      if (match && Number(match[1]) === student.index) storedN = Number(match[2]);
      else if (student.acknowledged > 0) return losses.push(`${student.username}: stored geneQ1 is ${JSON.stringify(answers.geneQ1)}`);
    } else if (detail.status !== 404 || student.acknowledged > 0) {
      return losses.push(`${student.username}: reading Day 1 answered ${detail.status}`);
    }
    if (storedN > student.sent) return losses.push(`${student.username}: stored save ${storedN} was never sent (last sent ${student.sent})`);
    found += Math.min(storedN, student.acknowledged);
    if (storedN > student.acknowledged) inFlightLanded += 1;
    if (storedN < student.acknowledged) losses.push(`${student.username}: stored save ${storedN}, but save ${student.acknowledged} was acknowledged`);

    // The restarted server takes new saves.
    const after = await postJson(second.origin, DAY_1_RESPONSE, saveBody(student, 'after restart'), access);
    if (!after.ok) return losses.push(`${student.username}: a save after the restart answered ${after.status}`);
    const reread = await fetch(`${second.origin}${DAY_1_DETAIL}`, { headers: { authorization: `Bearer ${access}` }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const { answers } = (await reread.json()) as { answers: { geneQ1?: unknown } };
    if (answers.geneQ1 !== saveBody(student, 'after restart').answers.geneQ1) losses.push(`${student.username}: the save after the restart did not read back`);
  }),
);
await killServer(second);

if (databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('DELETE FROM users WHERE username LIKE $1', [`crash\\_${runId}\\_%`]); // answers and inbox go by cascade
  await client.end();
}

const lost = acknowledged - found;
const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
console.log(
  `saves sent ${students.reduce((sum, student) => sum + student.sent, 0)}, failed before the kill ${failedBeforeKill}; ` +
    `in-flight saves that landed ${inFlightLanded}; restart to healthy ${(restartMs / 1000).toFixed(1)} s` +
    `${kind === 'pglite' ? ` (lock left by the killed server: ${lockLeftBehind ? 'yes, taken over' : 'no'})` : ''}; run ${seconds} s`,
);
for (const loss of losses.slice(0, 10)) console.error(`  ${loss}`);
console.log(
  `crash test (${kind}): ${acknowledged} saves acknowledged before SIGKILL, ${students.length} students, ` +
    `${found} found after restart, ${lost} lost`,
);
process.exit(lost > 0 || losses.length > 0 || failedBeforeKill > 0 ? 1 : 0);
