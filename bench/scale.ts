/**
 * `npm run bench:scale` (bench/README.md): two Helix servers share one PostgreSQL and a
 * class-sized crowd autosaves through both.
 *
 * 1. A scratch database is created on the PostgreSQL at DATABASE_URL (default
 *    postgres://postgres@127.0.0.1:5432/test) and dropped at the end.
 * 2. Two built servers (scripts/build-server.ts) start on BENCH_PORT and BENCH_PORT+1, with the same
 *    DATABASE_URL and the same JWT_SECRET, as two machines behind a load balancer would.
 * 3. STUDENTS students are created directly in the database, all with one precomputed OWASP argon2id
 *    hash (hashing 2,000 passwords would take a minute of CPU and measure nothing new). Then each signs
 *    in through the API (SIGN_IN=api, the default; 8 at a time, alternating servers), or, for a quick
 *    run, gets an access token minted with the shared secret (SIGN_IN=mint).
 * 4. Measured phase, DURATION_S seconds: student i belongs to server i % 2. It starts at a moment
 *    spread evenly over the first SAVE_INTERVAL_S, loads its day (404 before the first save is the
 *    expected answer), then every SAVE_INTERVAL_S autosaves its Day 1 answers with one field edited
 *    (the ~3 KB whole-answers body the app sends, with `base_revision`), and reads the save back
 *    through the other server, which must answer the same revision and the edited text.
 * 5. Checks the rows: one Day 1 row per student who saved, and each row's revision equal to the saves
 *    acknowledged for that student.
 *
 * Prints saves, saves/s, errors (goal 0), p50/p99 per kind of request (goal p99 <= 100 ms), the row
 * check and both servers' RSS; writes `bench/results/scale.json`.
 *
 * Env: DATABASE_URL, STUDENTS (2000), DURATION_S (60), SAVE_INTERVAL_S (15), SIGN_IN (api | mint),
 * BENCH_PORT (3250). Quick run: `STUDENTS=200 DURATION_S=20 SIGN_IN=mint npm run bench:scale`.
 */
import { randomBytes } from 'node:crypto';
import { cpus, tmpdir } from 'node:os';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { usernameKey } from '../server/auth/credentials.ts';
import { createPasswordHasher, OWASP_ARGON2ID } from '../server/auth/passwords.ts';
import { createTokenService } from '../server/auth/tokens.ts';
import { dayOneAnswers } from './lib/answers.ts';
import { buildServer } from '../scripts/build-server.ts';
import { createScratchDatabase, type ScratchDatabase } from './lib/postgres.ts';
import { loadAverage, residentBytes, sampleResidentBytes, runBench, formatMegabytes, startProcess, type RunningProcess } from './lib/processes.ts';

const studentCount = Number(process.env.STUDENTS ?? 2000);
const durationMs = Number(process.env.DURATION_S ?? 60) * 1000;
const saveIntervalMs = Number(process.env.SAVE_INTERVAL_S ?? 15) * 1000;
const signIn: 'api' | 'mint' = process.env.SIGN_IN === 'mint' ? 'mint' : 'api';
const basePort = Number(process.env.BENCH_PORT ?? 3250);
const baseDatabaseUrl = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';
const PASSWORD = 'a long enough bench password';
const RESULTS_FILE = resolve('bench/results/scale.json');
const MB = 1024 * 1024;

/** What bench:scale aims for, as bench/README.md lists it. */
export const SCALE_GOALS = { errors: 0, p99Ms: 100 } as const;

type Kind = 'sign-in' | 'load' | 'save' | 'read-back';

interface Student {
  index: number;
  id: number;
  username: string;
  access: string;
  home: string;
  other: string;
  revision: number;
  acknowledged: number;
}

const workDir = mkdtempSync(join(tmpdir(), 'helix-bench-scale-'));
const processes: RunningProcess[] = [];
let scratch = null as ScratchDatabase | null;

/** When each acknowledged save was answered, ms since the measured phase began. */
const saveTimes: number[] = [];
const latencies: Record<Kind, number[]> = { 'sign-in': [], load: [], save: [], 'read-back': [] };
const errors: Record<Kind, string[]> = { 'sign-in': [], load: [], save: [], 'read-back': [] };

/** Sends one request and records its latency (ms) under `kind`; answers status and parsed body. */
async function call(kind: Kind, url: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> | null }> {
  const started = performance.now();
  try {
    // Node's fetch keeps connections alive per origin, as a load balancer does to its back ends.
    const response = await fetch(url, init);
    const text = await response.text();
    latencies[kind].push(performance.now() - started);
    return { status: response.status, body: text === '' ? null : (JSON.parse(text) as Record<string, unknown>) };
  } catch (error) {
    latencies[kind].push(performance.now() - started);
    errors[kind].push(`${url}: ${(error as Error).message}`);
    return { status: 0, body: null };
  }
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return { count: sorted.length, p50Ms: round(percentile(sorted, 0.5)), p99Ms: round(percentile(sorted, 0.99)), maxMs: round(sorted.at(-1) ?? 0) };
}

/** Runs `task` over `items`, `concurrency` at a time. */
async function inTurns<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    for (let index = next++; index < items.length; index = next++) await task(items[index]!);
  }));
}

/** One student's measured session: load, then a save and a read-back every interval until the end. */
async function simulate(student: Student, startedAt: number): Promise<void> {
  const headers = { authorization: `Bearer ${student.access}`, 'content-type': 'application/json' };
  const start = startedAt + (student.index * saveIntervalMs) / studentCount;
  await sleep(Math.max(0, start - performance.now()));
  const loaded = await call('load', `${student.home}/api/student/modules/1/response/detail/`, { headers });
  if (loaded.status === 200) student.revision = Number(loaded.body?.revision);
  else if (loaded.status !== 404 && loaded.status !== 0) errors.load.push(`student ${student.index}: load answered ${loaded.status}`);

  for (let turn = 1; start + turn * saveIntervalMs < startedAt + durationMs; turn += 1) {
    await sleep(Math.max(0, start + turn * saveIntervalMs - performance.now()));
    const answers = dayOneAnswers(turn);
    const edit = `student ${student.index}, autosave ${turn}`;
    answers.geneQ1 = `${String(answers.geneQ1)} ${edit}`;
    const saved = await call('save', `${student.home}/api/student/modules/1/response/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ answers, base_revision: student.revision }),
    });
    if (saved.status !== 200) {
      if (saved.status !== 0) errors.save.push(`student ${student.index}: save answered ${saved.status} ${JSON.stringify(saved.body)}`);
      continue;
    }
    student.revision = Number(saved.body?.revision);
    student.acknowledged += 1;
    saveTimes.push(performance.now() - startedAt);
    const readBack = await call('read-back', `${student.other}/api/student/modules/1/response/detail/`, { headers });
    const stored = readBack.body as { revision?: number; answers?: { geneQ1?: string } } | null;
    if (readBack.status !== 200) {
      if (readBack.status !== 0) errors['read-back'].push(`student ${student.index}: read-back answered ${readBack.status}`);
    } else if (stored?.revision !== student.revision || !stored.answers?.geneQ1?.endsWith(edit)) {
      errors['read-back'].push(`student ${student.index}: the other server answered revision ${stored?.revision}, expected ${student.revision} with "${edit}"`);
    }
  }
}

async function main(): Promise<void> {
  const startedAtDate = new Date();
  const loadBefore = loadAverage();
  console.log(
    `bench:scale: ${studentCount} students, ${durationMs / 1000} s, a save every ${saveIntervalMs / 1000} s each, 2 servers on one PostgreSQL; ` +
      `sign-in ${signIn === 'api' ? 'through the API' : 'minted tokens'}; ${cpus().length} CPUs, load average ${loadBefore}`,
  );
  scratch = await createScratchDatabase(baseDatabaseUrl, 'helix_bench_scale');
  const jwtSecret = randomBytes(32).toString('hex');
  const serverScript = await buildServer();
  const env: NodeJS.ProcessEnv = {
    DATABASE_URL: scratch.url,
    JWT_SECRET: jwtSecret,
    DATA_DIR: join(workDir, 'data'),
    STATIC_DIR: join(workDir, 'no-static'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  };
  // One after the other: both run the migrations at start, and the first creates the tables.
  for (const index of [0, 1]) {
    processes.push(
      await startProcess({ name: `helix-${index + 1}`, script: serverScript, port: basePort + index, env, logFile: join(workDir, `helix-${index + 1}.log`), readyPath: '/api/health' }),
    );
  }
  const origins = processes.map((server) => server.origin);
  const idleRss = processes.map((server) => residentBytes(server.pid));

  // Students, straight into the table, all with one hash of PASSWORD.
  const passwordHash = await createPasswordHasher(OWASP_ARGON2ID).hash(PASSWORD);
  const students: Student[] = [];
  for (let first = 0; first < studentCount; first += 500) {
    const batch = Array.from({ length: Math.min(500, studentCount - first) }, (_, offset) => `scale-${first + offset}`);
    const values = batch.flatMap((username) => [username, usernameKey(username), passwordHash]);
    const placeholders = batch.map((_, row) => `($${row * 3 + 1}, $${row * 3 + 2}, $${row * 3 + 3}, 'Scale', 'Student')`).join(', ');
    const rows = await scratch.query<{ id: number; username: string }>(
      `insert into users (username, username_key, password_hash, first_name, last_name) values ${placeholders} returning id, username`,
      values,
    );
    for (const row of rows) {
      const index = students.length;
      students.push({ index, id: row.id, username: row.username, access: '', home: origins[index % 2]!, other: origins[(index + 1) % 2]!, revision: 0, acknowledged: 0 });
    }
  }

  const signInStarted = performance.now();
  if (signIn === 'api') {
    await inTurns(students, 8, async (student) => {
      const response = await call('sign-in', `${student.home}/api/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: student.username, password: PASSWORD }),
      });
      if (response.status === 200) student.access = String(response.body?.access);
      else errors['sign-in'].push(`${student.username}: sign-in answered ${response.status} ${JSON.stringify(response.body)}`);
    });
  } else {
    const tokens = createTokenService({ secret: jwtSecret });
    for (const student of students) student.access = await tokens.issueAccess(student.id);
  }
  const signInSeconds = (performance.now() - signInStarted) / 1000;
  console.log(`signed in ${students.filter((student) => student.access !== '').length} students in ${signInSeconds.toFixed(1)} s`);

  // The measured phase.
  const samplers = processes.map((server) => sampleResidentBytes(server.pid, 500));
  const measuredStart = performance.now();
  await Promise.all(students.filter((student) => student.access !== '').map((student) => simulate(student, measuredStart)));
  const measuredSeconds = (performance.now() - measuredStart) / 1000;
  const peakRss = samplers.map((sampler) => sampler.stop());

  // Rows: one per student who saved, each at the revision of its acknowledged saves.
  const rows = await scratch.query<{ user_id: number; revision: number }>('select user_id, revision from module_responses where day = 1');
  const revisionByUser = new Map(rows.map((row) => [row.user_id, row.revision]));
  const savers = students.filter((student) => student.acknowledged > 0);
  const mismatched = savers.filter((student) => revisionByUser.get(student.id) !== student.acknowledged);
  const acknowledged = students.reduce((sum, student) => sum + student.acknowledged, 0);
  // Storage, for docs/scaling.md: the table with its TOAST and index, per stored row.
  const [size] = await scratch.query<{ bytes: string }>("select pg_total_relation_size('module_responses') as bytes");
  const tableBytes = Number(size?.bytes ?? 0);
  const rowCheck = {
    rows: rows.length,
    expectedRows: savers.length,
    revisionsSum: rows.reduce((sum, row) => sum + row.revision, 0),
    acknowledgedSaves: acknowledged,
    studentsWhoseRowDisagrees: mismatched.length,
    ok: rows.length === savers.length && mismatched.length === 0,
    tableBytes,
    bytesPerRow: rows.length === 0 ? null : Math.round(tableBytes / rows.length),
  };

  const measuredKinds: Kind[] = ['load', 'save', 'read-back'];
  const byKind = Object.fromEntries((['sign-in', ...measuredKinds] as Kind[]).map((kind) => [kind, { ...summary(latencies[kind]), errors: errors[kind].length }]));
  const measuredLatencies = summary(measuredKinds.flatMap((kind) => latencies[kind]));
  const errorCount = measuredKinds.reduce((sum, kind) => sum + errors[kind].length, 0) + errors['sign-in'].length;
  const loadAfter = loadAverage();
  // Once every student has started (after the first interval), each saves once per interval: the peak rate.
  const steadyWindowMs = durationMs - saveIntervalMs;
  const steadySavesPerSecond = steadyWindowMs > 0 ? saveTimes.filter((time) => time >= saveIntervalMs && time < durationMs).length / (steadyWindowMs / 1000) : null;

  console.log(`\nmeasured ${measuredSeconds.toFixed(1)} s:`);
  for (const [kind, figures] of Object.entries(byKind)) {
    console.log(`  ${kind.padEnd(10)} ${String(figures.count).padStart(6)} requests  p50 ${figures.p50Ms} ms  p99 ${figures.p99Ms} ms  max ${figures.maxMs} ms  errors ${figures.errors}`);
  }
  console.log(
    `  saves acknowledged ${acknowledged} (${(acknowledged / measuredSeconds).toFixed(1)} saves/s over the run, ${steadySavesPerSecond?.toFixed(1) ?? '-'} saves/s once all students are in), all measured requests p99 ${measuredLatencies.p99Ms} ms`,
  );
  console.log(`storage: module_responses ${(tableBytes / MB).toFixed(1)} MB with TOAST and index, ${rowCheck.bytesPerRow ?? '-'} bytes per row (VACUUM not run)`);
  console.log(`rows: ${rowCheck.rows} Day 1 rows for ${rowCheck.expectedRows} students who saved; revisions sum ${rowCheck.revisionsSum} for ${acknowledged} saves acknowledged; ${rowCheck.ok ? 'match' : `MISMATCH (${mismatched.length} students)`}`);
  console.log(`server RSS: idle ${idleRss.map(formatMegabytes).join(' / ')}, peak ${peakRss.map(formatMegabytes).join(' / ')}`);
  for (const kind of Object.keys(errors) as Kind[]) for (const message of errors[kind].slice(0, 5)) console.log(`  error (${kind}): ${message}`);

  const goals = [
    { goal: 'errors = 0', measured: `${errorCount}`, met: errorCount === SCALE_GOALS.errors },
    { goal: `p99 <= ${SCALE_GOALS.p99Ms} ms (load, save, read-back)`, measured: `${measuredLatencies.p99Ms} ms`, met: measuredLatencies.p99Ms <= SCALE_GOALS.p99Ms },
    { goal: 'rows match the acknowledged saves', measured: rowCheck.ok ? 'match' : `${mismatched.length} students disagree`, met: rowCheck.ok },
  ];
  console.log('\ngoals:');
  for (const { goal, measured, met } of goals) console.log(`  ${met ? 'met    ' : 'MISSED '} ${goal}: ${measured}`);
  console.log(`load average before ${loadBefore}, after ${loadAfter}`);

  mkdirSync(resolve('bench/results'), { recursive: true });
  const result = {
    measuredAt: startedAtDate.toISOString(),
    machine: { cpus: cpus().length, node: process.version, loadAverageBefore: loadBefore, loadAverageAfter: loadAfter },
    settings: { students: studentCount, durationSeconds: durationMs / 1000, saveIntervalSeconds: saveIntervalMs / 1000, signIn, servers: 2, logLevel: env.LOG_LEVEL },
    signIn: { seconds: signInSeconds, ...byKind['sign-in'] },
    measuredSeconds,
    savesAcknowledged: acknowledged,
    savesPerSecond: acknowledged / measuredSeconds,
    steadySavesPerSecond,
    requests: Object.fromEntries(measuredKinds.map((kind) => [kind, byKind[kind]])),
    allMeasured: measuredLatencies,
    errors: errorCount,
    errorSamples: Object.fromEntries((Object.keys(errors) as Kind[]).map((kind) => [kind, errors[kind].slice(0, 5)])),
    rowCheck,
    rssBytes: { idle: idleRss, peak: peakRss },
    goals,
  };
  writeFileSync(RESULTS_FILE, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`wrote ${RESULTS_FILE}`);
}

await runBench(main, processes, workDir, async () => {
  await scratch?.drop();
});
