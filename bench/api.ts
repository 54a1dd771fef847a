/**
 * `npm run bench:api` (bench/README.md): the Helix API against its ceilings, each in its own
 * process, driven by autocannon from another process.
 *
 * 1. Ceiling `hello`: bare Fastify answering `{"hello":"world"}` (bench/lib/ceiling-server.ts).
 * 2. Helix, built (server/index.ts bundled by esbuild, run by plain `node`: scripts/build-server.ts;
 *    BENCH_SERVER=tsx runs `node --import tsx server/index.ts` instead), LOG_LEVEL info, logs to a file, on a fresh
 *    database: PGlite in a temp DATA_DIR, or, when DATABASE_URL is set, a scratch database on that
 *    PostgreSQL server (created and dropped by the run). Students sign up through the API at the
 *    server's real OWASP argon2id cost; then each scenario runs CONNECTIONS connections for
 *    DURATION_S seconds, each connection a different student: `profile`, `save` (a ~3 KB Day 1
 *    body, unconditional: the ceiling's statement), `save-revision` (the same body with
 *    `base_revision`, as the app's autosave sends it), `load`, and `login` (each connection signs in
 *    LOGIN_STUDENTS_PER_CONNECTION different students in turn). RSS is read from /proc idle (after
 *    start-up, before any request) and at its peak during the scenarios; the idle RSS of the other way
 *    of running it (tsx, or built) is probed too, for comparison.
 * 3. Ceilings `upsert` and `select`: bare Fastify running the same SQL on the same database, for the
 *    same students (the Helix server is stopped first: a PGlite data dir has one process).
 *
 * Prints req/s, p50, p99, errors and each route's share of its ceiling, checks the issue's goals,
 * and writes `bench/results/api.json` under the key `pglite` or `postgres` (the other is kept).
 *
 * Env: DATABASE_URL, BENCH_SERVER (built | tsx), CONNECTIONS (50), CONSOLE_CONNECTIONS (10: the console's scenarios), DURATION_S (10), WARMUP_S (2), LOGIN_STUDENTS_PER_CONNECTION (5),
 * BENCH_PORT (3240; the ceilings use the next three), CPU_PROF=1 (profile the Helix server with
 * `--cpu-prof` into `<tmpdir>/helix-bench-profiles/`).
 */
import { randomBytes } from 'node:crypto';
import { cpus, tmpdir } from 'node:os';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { dayOneAnswers, fullDayAnswers } from './lib/answers.ts';
import { buildServer } from '../scripts/build-server.ts';
import { runLoad, type ConnectionPlan, type LoadResult, type LoadScenario } from './lib/load.ts';
import { createScratchDatabase, type ScratchDatabase } from './lib/postgres.ts';
import { cpuSeconds, loadAverage, residentBytes, sampleResidentBytes, runBench, formatMegabytes, startProcess, type RunningProcess } from './lib/processes.ts';

const connections = Number(process.env.CONNECTIONS ?? 50);
/** Connections of the console's scenarios (progress, progress-304, feedback): 10 unless set (docs/decisions/019-console-bench-load.md). */
const consoleConnections = Number(process.env.CONSOLE_CONNECTIONS ?? 10);
const durationSeconds = Number(process.env.DURATION_S ?? 10);
const warmupSeconds = Number(process.env.WARMUP_S ?? 2);
const loginStudentsPerConnection = Number(process.env.LOGIN_STUDENTS_PER_CONNECTION ?? 5);
const basePort = Number(process.env.BENCH_PORT ?? 3240);
const cpuProfile = process.env.CPU_PROF === '1';
/** The Helix routes to run (ROUTES=save,load), for a focused profile; all of them unless set, and only then are the results written. */
const ROUTE_NAMES = ['profile', 'save', 'save-revision', 'load', 'class', 'login'] as const;
const onlyRoutes = process.env.ROUTES?.trim() ? new Set(process.env.ROUTES.split(',').map((name) => name.trim())) : null;
for (const name of onlyRoutes ?? []) if (!(ROUTE_NAMES as readonly string[]).includes(name)) throw new Error(`ROUTES: unknown route ${name}; one of ${ROUTE_NAMES.join(', ')}`);
const runs = (name: (typeof ROUTE_NAMES)[number]) => onlyRoutes === null || onlyRoutes.has(name);
const serverMode: 'built' | 'tsx' = process.env.BENCH_SERVER === 'tsx' ? 'tsx' : 'built';
const baseDatabaseUrl = process.env.DATABASE_URL?.trim() || null;
const kind: 'pglite' | 'postgres' = baseDatabaseUrl === null ? 'pglite' : 'postgres';
const PASSWORD = 'a long enough bench password';
const RESULTS_FILE = resolve('bench/results/api.json');
const MB = 1024 * 1024;

/** What bench:api aims for, as bench/README.md lists it. */
export const GOALS = {
  postgres: {
    saveShareOfUpsert: 0.85,
    loadShareOfSelect: 0.85,
    profileShareOfSelect: 0.6,
    /** A save's p99 at most this many times the bare upsert's, a load's the bare select's (same run). */
    p99OverCeiling: 1.2,
    p99Ms: 50,
    idleRssBytes: 120 * MB,
    loadRssBytes: 200 * MB,
  },
  pglite: { saveShareOfUpsert: 0.85, p99Ms: 100, idleRssBytes: 350 * MB },
  loginP99Ms: 2000,
  /** The class progress a facilitator's page polls (docs/facilitators.md#progress). */
  progressP99Ms: 50,
  /** SQL queries per progress request, 200 or 304: one (docs/facilitators.md#progress), with 5 % slack for the statistics' noise. */
  queriesPerProgress: 1.05,
  /** A 304's server CPU at most this share of a 200's (compressed, as a browser asks): it must not build, hash or compress the table. */
  notModifiedCpuShare: 0.5,
  /** A student's day's feedback, as the console opens it (docs/facilitators.md#feedback). */
  feedbackP99Ms: 20,
  exportMs: 1000,
} as const;

/** Students in the benchmarked class: a large school class. */
const CLASS_SIZE = 40;

/** The `Accept-Encoding` Chromium sends with every request, as the console's polls carry it. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const workDir = mkdtempSync(join(tmpdir(), 'helix-bench-api-'));
const processes: RunningProcess[] = [];
let scratch = null as ScratchDatabase | null;

const profileDir = join(tmpdir(), 'helix-bench-profiles');

/**
 * `--cpu-prof` flags for a server process with CPU_PROF=1: its profiles go to `<profileDir>/<name>/`, one
 * `CPU.<date>.<pid>.<thread>.<n>.cpuprofile` per thread (the largest is the main thread's; under tsx
 * the loader's thread writes one too).
 */
function profileFlags(name: string): string[] {
  return cpuProfile ? ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, name.replace(':', '-'))}`] : [];
}

async function start(name: string, script: string, port: number, env: NodeJS.ProcessEnv, nodeFlags: string[] = []): Promise<RunningProcess> {
  const started = await startProcess({
    name,
    script,
    port,
    env,
    nodeFlags,
    logFile: join(workDir, `${name.replace(':', '-')}.log`),
    readyPath: name.startsWith('helix') ? '/api/health' : '/ready',
  });
  processes.push(started);
  return started;
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

/**
 * Runs `scenario` for WARMUP_S (not recorded), then for real, reading the server's CPU time before
 * and after (CPU per response) and, with `sampleRss`, sampling its RSS.
 */
async function measure(scenario: LoadScenario, server: RunningProcess, sampleRss: boolean, warmup = warmupSeconds): Promise<{ result: LoadResult; peakRss: number | null }> {
  if (warmup > 0) await runLoad({ ...scenario, name: `${scenario.name}-warmup`, durationSeconds: warmup }, workDir);
  const sampler = sampleRss ? sampleResidentBytes(server.pid) : null;
  const cpuBefore = cpuSeconds(server.pid);
  const result = await runLoad(scenario, workDir);
  const cpuAfter = cpuSeconds(server.pid);
  const responses = result.ok + result.non2xx;
  result.serverCpuUsPerRequest = cpuBefore === null || cpuAfter === null || responses === 0 ? null : Math.round(((cpuAfter - cpuBefore) * 1e6) / responses);
  const peakRss = sampler?.stop() ?? null;
  console.log(`  ${format(result)}${peakRss === null ? '' : `, server RSS peak ${(peakRss / MB).toFixed(0)} MB`}`);
  return { result, peakRss };
}

function format(result: LoadResult): string {
  const { p50, p99 } = result.latencyMs;
  const cpu = result.serverCpuUsPerRequest == null ? '?' : String(result.serverCpuUsPerRequest);
  return `${result.name.padEnd(14)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${p50} ms  p99 ${p99} ms  server CPU ${cpu} µs/response  errors ${result.errors} (non-2xx ${result.non2xx}, socket ${result.socketErrors})`;
}

interface Student {
  id: number;
  username: string;
  access: string;
}

/** Signs up `count` students, a few at a time (argon2 runs on 4 threads). */
async function signUpStudents(origin: string, count: number): Promise<Student[]> {
  const students: Student[] = new Array<Student>(count);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) {
      const username = `bench-${index}`;
      const response = await post(`${origin}/api/student/signup/`, { username, password: PASSWORD, first_name: 'Bench', last_name: `Student ${index}` });
      if (response.status !== 201) throw new Error(`sign-up of ${username} answered ${response.status}: ${await response.text()}`);
      const { access } = (await response.json()) as { access: string };
      const id = Number((JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub);
      students[index] = { id, username, access };
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return students;
}

async function main(): Promise<void> {
  const startedAt = new Date();
  if (cpuProfile) mkdirSync(profileDir, { recursive: true });
  const loadBefore = loadAverage();
  console.log(`bench:api on ${kind}: ${connections} connections, ${durationSeconds} s per scenario (+${warmupSeconds} s warm-up), ${cpus().length} CPUs, load average ${loadBefore}`);

  const dataDir = join(workDir, 'data');
  mkdirSync(dataDir);
  if (baseDatabaseUrl !== null) scratch = await createScratchDatabase(baseDatabaseUrl, 'helix_bench_api');
  const databaseEnv: NodeJS.ProcessEnv = { DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '' };
  const body = JSON.stringify({ answers: dayOneAnswers(1) });
  const bodies = [0, 1, 2, 3].map((variant) => JSON.stringify({ answers: dayOneAnswers(variant) }));
  console.log(`save body: ${Buffer.byteLength(body)} bytes (Day 1, every field filled)`);

  // 1. Fastify itself.
  console.log('ceiling hello (bare Fastify)');
  const hello = await start('ceiling:hello', 'bench/lib/ceiling-server.ts', basePort + 1, { CEILING: 'hello' }, profileFlags('ceiling:hello'));
  const helloRun = await measure({ name: 'hello', url: `${hello.origin}/hello`, method: 'GET', connections, durationSeconds, plans: [{ headers: {}, bodies: [] }] }, hello, false);
  await hello.stop();

  // 2. Helix.
  const builtServer = await buildServer();
  const serverScripts = { built: builtServer, tsx: 'server/index.ts' };
  const helixEnv: NodeJS.ProcessEnv = {
    ...databaseEnv,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    STATIC_DIR: join(workDir, 'no-static'),
    // Every student signs up from 127.0.0.1: lift the per-address sign-up limit
    // (docs/security.md#abuse-limits) for the run. Sign-ins keep the default limits: only failed ones
    // count, and the bench's never fail.
    SIGNUPS_BURST: String(connections * loginStudentsPerConnection + 100),
  };
  // The other way of running the server, for its idle RSS only (a fresh start on the same database).
  const otherMode = serverMode === 'built' ? 'tsx' : 'built';
  const probe = await start(`helix-${otherMode}`, serverScripts[otherMode], basePort, helixEnv);
  await new Promise((resolveWait) => setTimeout(resolveWait, 1000));
  const otherIdleRss = residentBytes(probe.pid);
  await probe.stop();

  console.log(`helix (${serverMode === 'built' ? `node ${builtServer}` : 'node --import tsx server/index.ts'}, ${kind})`);
  if (cpuProfile) console.log(`  CPU profiles (--cpu-prof) written to ${profileDir}/<server>/ as each server stops (helix, ceiling-upsert…)`);
  const helix = await start('helix', serverScripts[serverMode], basePort, helixEnv, profileFlags('helix'));
  await new Promise((resolveWait) => setTimeout(resolveWait, 1000));
  const idleRss = residentBytes(helix.pid);
  console.log(`  idle RSS ${formatMegabytes(idleRss)} (run with ${otherMode}: ${formatMegabytes(otherIdleRss)})`);

  const studentCount = connections * loginStudentsPerConnection;
  const signUpStarted = performance.now();
  const students = await signUpStudents(helix.origin, studentCount);
  console.log(`  ${studentCount} students signed up in ${((performance.now() - signUpStarted) / 1000).toFixed(1)} s`);
  // The first `connections` students drive the per-student scenarios, one each.
  const driving = students.slice(0, connections);
  const authorised = (student: Student, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${student.access}`, ...extra });
  const json = { 'content-type': 'application/json' };

  const routes: Record<string, LoadResult> = {};
  const peaks: number[] = [];
  const run = async (scenario: LoadScenario, warmup = warmupSeconds) => {
    const { result, peakRss } = await measure(scenario, helix, true, warmup);
    routes[scenario.name] = result;
    if (peakRss !== null) peaks.push(peakRss);
  };
  const api = (path: string) => `${helix.origin}${path}`;
  const perStudent = (headers: (student: Student) => Record<string, string>, planBodies: string[] = []): ConnectionPlan[] =>
    driving.map((student) => ({ headers: headers(student), bodies: planBodies }));

  if (runs('profile')) await run({ name: 'profile', url: api('/api/student/profile/'), method: 'GET', connections, durationSeconds, plans: perStudent((student) => authorised(student)) });
  // Every later route needs a Day 1 row per student: saved here when `save` does not run.
  if (runs('save')) await run({ name: 'save', url: api('/api/student/modules/1/response/'), method: 'POST', connections, durationSeconds, plans: perStudent((student) => authorised(student, json), bodies) });
  else await Promise.all(driving.map((student) => post(api('/api/student/modules/1/response/'), JSON.parse(body), authorised(student))));
  // Conditional saves, as the app's autosave sends them: each connection starts from its student's
  // stored revision (no warm-up: `save` warmed the same code), then sends the revision each 200 answers.
  const storedRevisions = await Promise.all(
    driving.map(async (student) => {
      const response = await fetch(api('/api/student/modules/1/response/detail/'), { headers: authorised(student) });
      return ((await response.json()) as { revision: number }).revision;
    }),
  );
  if (runs('save-revision')) await run(
    {
      name: 'save-revision',
      url: api('/api/student/modules/1/response/'),
      method: 'POST',
      connections,
      durationSeconds,
      sendBaseRevision: true,
      plans: driving.map((student, index) => ({ headers: authorised(student, json), bodies, baseRevision: storedRevisions[index] })),
    },
    0,
  );
  if (runs('load')) await run({ name: 'load', url: api('/api/student/modules/1/response/detail/'), method: 'GET', connections, durationSeconds, plans: perStudent((student) => authorised(student)) });
  const classRun = runs('class')
    ? await benchClass(helix.origin, students.slice(0, CLASS_SIZE), run, { ...databaseEnv, ...helixEnv })
    : { queriesPerProgress: null, queriesPerNotModified: null, feedbackNotes: 0, exportMs: NaN, exportBytes: 0 };
  // Login: no warm-up, so no student signs in more often than the sign-in rate limit allows.
  const loginPlans: ConnectionPlan[] = Array.from({ length: connections }, (_, connection) => ({
    headers: json,
    bodies: students
      .slice(connection * loginStudentsPerConnection, (connection + 1) * loginStudentsPerConnection)
      .map((student) => JSON.stringify({ username: student.username, password: PASSWORD })),
  }));
  if (runs('login')) await run({ name: 'login', url: api('/api/token/'), method: 'POST', connections, durationSeconds, plans: loginPlans }, 0);
  await new Promise((resolveWait) => setTimeout(resolveWait, 1000));
  const idleAfterRss = residentBytes(helix.pid);
  await helix.stop();

  // 3. The same SQL on the same database.
  console.log('ceilings upsert and select (bare Fastify, same SQL, same database)');
  const upsert = await start('ceiling:upsert', 'bench/lib/ceiling-server.ts', basePort + 2, { ...databaseEnv, CEILING: 'upsert' }, profileFlags('ceiling:upsert'));
  const upsertRun = await measure(
    {
      name: 'bare-upsert',
      url: `${upsert.origin}/upsert/0`,
      method: 'POST',
      connections,
      durationSeconds,
      plans: driving.map((student) => ({ path: `/upsert/${student.id}`, headers: json, bodies })),
    },
    upsert,
    false,
  );
  await upsert.stop();
  const select = await start('ceiling:select', 'bench/lib/ceiling-server.ts', basePort + 3, { ...databaseEnv, CEILING: 'select' }, profileFlags('ceiling:select'));
  const selectRun = await measure(
    { name: 'bare-select', url: `${select.origin}/select/0`, method: 'GET', connections, durationSeconds, plans: driving.map((student) => ({ path: `/select/${student.id}`, headers: {}, bodies: [] })) },
    select,
    false,
  );
  await select.stop();

  const ceilings = { hello: helloRun.result, upsert: upsertRun.result, select: selectRun.result };
  const share = (route: string, ceiling: LoadResult) => (routes[route]?.requestsPerSecond ?? 0) / ceiling.requestsPerSecond;
  const shares = {
    'save / bare upsert': share('save', ceilings.upsert),
    'save-revision / bare upsert': share('save-revision', ceilings.upsert),
    'load / bare select': share('load', ceilings.select),
    'profile / bare select': share('profile', ceilings.select),
    'profile / hello': share('profile', ceilings.hello),
    'load / hello': share('load', ceilings.hello),
    'save / hello': share('save', ceilings.hello),
    'bare select / hello': ceilings.select.requestsPerSecond / ceilings.hello.requestsPerSecond,
    'bare upsert / hello': ceilings.upsert.requestsPerSecond / ceilings.hello.requestsPerSecond,
  };
  const loadRss = peaks.length === 0 ? null : Math.max(...peaks);

  const goals: { goal: string; measured: string; met: boolean }[] = [];
  const goal = (text: string, measured: string, met: boolean) => goals.push({ goal: text, measured, met });
  const allRuns = [...Object.values(routes), ...Object.values(ceilings)];
  const totalErrors = allRuns.reduce((sum, result) => sum + result.errors, 0);
  goal('0 errors in every run', `${totalErrors} errors`, totalErrors === 0);
  if (kind === 'postgres') {
    const g = GOALS.postgres;
    goal(`save >= ${g.saveShareOfUpsert * 100} % of the bare upsert`, pct(shares['save / bare upsert']), shares['save / bare upsert'] >= g.saveShareOfUpsert);
    goal(`load >= ${g.loadShareOfSelect * 100} % of the bare select`, pct(shares['load / bare select']), shares['load / bare select'] >= g.loadShareOfSelect);
    goal(`profile >= ${g.profileShareOfSelect * 100} % of the bare select`, pct(shares['profile / bare select']), shares['profile / bare select'] >= g.profileShareOfSelect);
    for (const [name, ceiling] of [['save', ceilings.upsert], ['load', ceilings.select]] as const) {
      const p99 = routes[name]?.latencyMs.p99 ?? Infinity;
      const limit = g.p99OverCeiling * ceiling.latencyMs.p99;
      goal(`${name} p99 <= ${g.p99OverCeiling} x the ${ceiling.name} p99 (${limit.toFixed(1)} ms)`, `${p99} ms`, p99 <= limit);
    }
    for (const name of ['profile', 'save', 'save-revision', 'load']) {
      const p99 = routes[name]?.latencyMs.p99 ?? Infinity;
      goal(`${name} p99 <= ${g.p99Ms} ms`, `${p99} ms`, p99 <= g.p99Ms);
    }
    goal(`RSS idle <= ${g.idleRssBytes / MB} MB`, formatMegabytes(idleRss), idleRss !== null && idleRss <= g.idleRssBytes);
    goal(`RSS under load <= ${g.loadRssBytes / MB} MB`, formatMegabytes(loadRss), loadRss !== null && loadRss <= g.loadRssBytes);
  } else {
    const g = GOALS.pglite;
    goal(`save >= ${g.saveShareOfUpsert * 100} % of the bare PGlite upsert`, pct(shares['save / bare upsert']), shares['save / bare upsert'] >= g.saveShareOfUpsert);
    const p99 = routes.save?.latencyMs.p99 ?? Infinity;
    goal(`save p99 <= ${g.p99Ms} ms`, `${p99} ms`, p99 <= g.p99Ms);
    goal(`RSS idle <= ${g.idleRssBytes / MB} MB`, formatMegabytes(idleRss), idleRss !== null && idleRss <= g.idleRssBytes);
  }
  if (runs('class')) {
    for (const name of ['progress', 'progress-304']) {
      const p99 = routes[name]?.latencyMs.p99 ?? Infinity;
      goal(`${name} p99 <= ${GOALS.progressP99Ms} ms at ${consoleConnections} connections (a class of ${CLASS_SIZE}, five days saved, feedback on every student)`, `${p99} ms`, p99 <= GOALS.progressP99Ms);
    }
    if (classRun.queriesPerProgress !== null) {
      goal(`one SQL query per progress request (<= ${GOALS.queriesPerProgress})`, classRun.queriesPerProgress.toFixed(2), classRun.queriesPerProgress <= GOALS.queriesPerProgress);
    }
    if (classRun.queriesPerNotModified !== null) {
      goal(`one SQL query per 304 (<= ${GOALS.queriesPerProgress})`, classRun.queriesPerNotModified.toFixed(2), classRun.queriesPerNotModified <= GOALS.queriesPerProgress);
    }
    const fullCpu = routes.progress?.serverCpuUsPerRequest ?? null;
    const notModifiedCpu = routes['progress-304']?.serverCpuUsPerRequest ?? null;
    goal(
      `a 304's server CPU <= ${GOALS.notModifiedCpuShare * 100} % of a 200's`,
      `${notModifiedCpu ?? '?'} µs against ${fullCpu ?? '?'} µs`,
      fullCpu !== null && notModifiedCpu !== null && notModifiedCpu <= GOALS.notModifiedCpuShare * fullCpu,
    );
    const feedbackP99 = routes.feedback?.latencyMs.p99 ?? Infinity;
    goal(`feedback (a student's day) p99 <= ${GOALS.feedbackP99Ms} ms at ${consoleConnections} connections`, `${feedbackP99} ms`, feedbackP99 <= GOALS.feedbackP99Ms);
    goal(`export of ${CLASS_SIZE} students, all days, under ${GOALS.exportMs} ms`, `${classRun.exportMs.toFixed(0)} ms (${(classRun.exportBytes / 1024).toFixed(0)} KB)`, classRun.exportMs < GOALS.exportMs);
  }
  const loginP99 = routes.login?.latencyMs.p99 ?? Infinity;
  goal(`login p99 <= ${GOALS.loginP99Ms} ms at ${connections} connections (OWASP argon2id)`, `${loginP99} ms`, loginP99 <= GOALS.loginP99Ms);

  const loadAfter = loadAverage();
  console.log('\nshares of the ceilings (req/s over req/s):');
  for (const [name, value] of Object.entries(shares)) console.log(`  ${name.padEnd(28)} ${pct(value)}`);
  console.log(`server CPU per response (${kind === 'postgres' ? 'the server process only; PostgreSQL runs in its own' : 'PGlite included: it runs in the server process'}):`);
  for (const [route, ceiling] of [['profile', ceilings.select], ['load', ceilings.select], ['save', ceilings.upsert], ['save-revision', ceilings.upsert]] as const) {
    const helixCpu = routes[route]?.serverCpuUsPerRequest;
    console.log(`  ${route.padEnd(14)} ${helixCpu ?? '?'} µs, ${ceiling.name} ${ceiling.serverCpuUsPerRequest ?? '?'} µs`);
  }
  for (const route of ['progress', 'progress-304', 'feedback']) {
    if (routes[route] !== undefined) console.log(`  ${route.padEnd(14)} ${routes[route].serverCpuUsPerRequest ?? '?'} µs`);
  }
  console.log(`server RSS: idle ${formatMegabytes(idleRss)}, peak under load ${formatMegabytes(loadRss)}, idle after the runs ${formatMegabytes(idleAfterRss)}; idle when run with ${otherMode}: ${formatMegabytes(otherIdleRss)}`);
  console.log('\ngoals:');
  for (const { goal: text, measured, met } of goals) console.log(`  ${met ? 'met    ' : 'MISSED '} ${text}: ${measured}`);
  console.log(`load average before ${loadBefore}, after ${loadAfter}`);

  const entry = {
    measuredAt: startedAt.toISOString(),
    machine: { cpus: cpus().length, node: process.version, loadAverageBefore: loadBefore, loadAverageAfter: loadAfter },
    settings: { connections, durationSeconds, warmupSeconds, saveBodyBytes: Buffer.byteLength(body), loginStudentsPerConnection, server: serverMode === 'built' ? 'server/index.ts bundled by esbuild, run by node' : 'node --import tsx server/index.ts', logLevel: process.env.LOG_LEVEL ?? 'info' },
    routes,
    ceilings,
    shares,
    facilitatorClass: { students: CLASS_SIZE, ...classRun },
    rssBytes: { idle: idleRss, underLoadPeak: loadRss, idleAfter: idleAfterRss, [`idleWhenRunWith${otherMode === 'tsx' ? 'Tsx' : 'Built'}`]: otherIdleRss },
    goals,
  };
  if (onlyRoutes !== null) {
    console.log(`ROUTES=${process.env.ROUTES}: a partial run, ${RESULTS_FILE} left as it was`);
    return;
  }
  const previous = existsSync(RESULTS_FILE) ? (JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as Record<string, unknown>) : {};
  mkdirSync(resolve('bench/results'), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify({ ...previous, [kind]: entry }, null, 2)}\n`);
  console.log(`wrote ${RESULTS_FILE} (key "${kind}")`);
}

/**
 * The facilitator console's routes on a class of `students.length` students with all five days saved
 * and a feedback note on Day 1 of each: a facilitator made by `npm run facilitator -- add` (through the
 * running server's database), the class, then `progress` (every response whole), `progress-304` (the
 * page's conditional poll, which must not build the table), `feedback` (one student's Day 1 notes, each
 * connection on a different student), and one all-days CSV export, timed. On PostgreSQL the SQL queries
 * per progress request and per 304 are read from `pg_stat_database` (transactions committed during a
 * 2 s run on one connection, over its responses); null on PGlite.
 *
 * @returns the queries per request (null on PGlite), how many notes were written, and the export's time (ms) and size (bytes)
 * @throws when a set-up request fails or the class does not hold every student
 */
async function benchClass(
  origin: string,
  students: readonly Student[],
  run: (scenario: LoadScenario, warmup?: number) => Promise<void>,
  env: NodeJS.ProcessEnv,
): Promise<{ queriesPerProgress: number | null; queriesPerNotModified: number | null; feedbackNotes: number; exportMs: number; exportBytes: number }> {
  const added = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/facilitator.ts', 'add', 'bench-teacher'], { input: `${PASSWORD}\n`, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (added.status !== 0) throw new Error(`npm run facilitator failed: ${added.stderr}`);
  const login = (await (await post(`${origin}/api/token/`, { username: 'bench-teacher', password: PASSWORD })).json()) as { access: string };
  const teacher = { authorization: `Bearer ${login.access}` };
  const created = (await (await post(`${origin}/api/facilitator/classes/`, { name: 'Bench class' }, teacher)).json()) as { id: number };
  const classUrl = `${origin}/api/facilitator/classes/${created.id}`;
  const questions = (await (await fetch(`${origin}/api/facilitator/days/1/questions/`, { headers: teacher })).json()) as { questions: { path: string }[] };
  const noted = questions.questions.slice(0, 2).map(({ path }) => path);
  let feedbackNotes = 0;
  for (const student of students) {
    await post(`${classUrl}/students/`, { username: student.username }, teacher);
    for (let day = 1; day <= 5; day += 1) {
      const saved = await post(`${origin}/api/student/modules/${day}/response/`, { answers: fullDayAnswers(day, student.id) }, { authorization: `Bearer ${student.access}` });
      if (saved.status !== 200) throw new Error(`saving day ${day} answered ${saved.status}`);
    }
    // Two notes on Day 1, as a facilitator going through the class leaves them.
    for (const field of noted) {
      const note = await post(`${classUrl}/students/${student.id}/days/1/feedback/`, { field, body: `Good work on ${field}; say a little more about why.` }, teacher);
      if (note.status !== 201) throw new Error(`feedback on ${student.username}'s ${field} answered ${note.status}`);
      feedbackNotes += 1;
    }
  }
  const url = `${classUrl}/progress/`;
  const first = await fetch(url, { headers: teacher });
  const etag = first.headers.get('etag') ?? '';
  const body = (await first.json()) as { students: unknown[] };
  if (body.students.length !== students.length) throw new Error(`the class has ${body.students.length} students, not ${students.length}`);
  console.log(`  class of ${students.length}, five days saved each, ${feedbackNotes / students.length} feedback notes each on Day 1; progress body ${(JSON.stringify(body).length / 1024).toFixed(1)} KB`);
  const committed = async () => {
    if (scratch === null) return null;
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const { rows } = await client.query<{ xact_commit: string }>('select xact_commit from pg_stat_database where datname = current_database()');
    await client.end();
    return Number(rows[0]?.xact_commit ?? 0);
  };
  // A backend's counters reach pg_stat_database when it has been idle 10 s (PGSTAT_IDLE_INTERVAL): wait them out on both sides.
  const statsSettle = () => new Promise((resolveWait) => setTimeout(resolveWait, scratch === null ? 0 : 11_000));
  /** SQL transactions per response of a 2 s run on one connection; null on PGlite. */
  const queriesPer = async (name: string, headers: Record<string, string>, expectStatus?: number): Promise<number | null> => {
    if (scratch === null) return null;
    await statsSettle();
    const before = await committed();
    const counted = await runLoad({ name, url, method: 'GET', connections: 1, durationSeconds: 2, plans: [{ headers, bodies: [] }], expectStatus }, workDir);
    await statsSettle();
    const after = await committed();
    // The two statistics queries of `committed` are transactions of their own.
    return before === null || after === null ? null : (after - before - 1) / (counted.ok + counted.non2xx);
  };
  // The console's polls as a browser sends them: it always offers these encodings, and a 200's body is
  // compressed (@fastify/compress, over 1 KB) while a 304 has none (docs/decisions/021-compress-api-answers-whole.md).
  const browser = { ...teacher, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
  const conditional = { ...browser, 'if-none-match': etag };
  await run({ name: 'progress', url, method: 'GET', connections: consoleConnections, durationSeconds, plans: [{ headers: browser, bodies: [] }] });
  const queriesPerProgress = await queriesPer('progress-count', browser);
  await run({ name: 'progress-304', url, method: 'GET', connections: consoleConnections, durationSeconds, plans: [{ headers: conditional, bodies: [] }], expectStatus: 304 });
  const queriesPerNotModified = await queriesPer('progress-304-count', conditional, 304);
  const feedbackPlans = Array.from({ length: consoleConnections }, (_, connection) => ({
    path: `/api/facilitator/classes/${created.id}/students/${students[connection % students.length]!.id}/days/1/feedback/`,
    headers: browser,
    bodies: [],
  }));
  await run({ name: 'feedback', url: `${classUrl}/students/${students[0]!.id}/days/1/feedback/`, method: 'GET', connections: consoleConnections, durationSeconds, plans: feedbackPlans });
  const exportStarted = performance.now();
  const exported = await fetch(`${classUrl}/export.csv`, { headers: teacher });
  const exportBytes = (await exported.arrayBuffer()).byteLength;
  const exportMs = performance.now() - exportStarted;
  const counts = queriesPerProgress === null || queriesPerNotModified === null ? '' : `; SQL queries per progress request ${queriesPerProgress.toFixed(2)}, per 304 ${queriesPerNotModified.toFixed(2)}`;
  console.log(`  export of all days: ${exportMs.toFixed(0)} ms, ${(exportBytes / 1024).toFixed(0)} KB${counts}`);
  return { queriesPerProgress, queriesPerNotModified, feedbackNotes, exportMs, exportBytes };
}

function pct(value: number): string {
  return `${(value * 100).toFixed(1)} %`;
}

await runBench(main, processes, workDir, async () => {
  await scratch?.drop();
});
