/**
 * Save benchmark: how many whole-answers saves per second the API sustains, and at what latency.
 *
 * Starts the real app on a fresh database (PGlite in a temp dir, or PostgreSQL when DATABASE_URL is
 * set), signs up STUDENTS students, then has autocannon send `POST /api/student/modules/1/response/`
 * with Day 1's complete default answers plus a typed paragraph (about 2.5 KB), each connection as a
 * different student, for DURATION_S seconds over CONNECTIONS connections.
 *
 * Prints saves/s, latency percentiles (ms) and the error share. The peer's figure to beat: 118 saves/s
 * with 5 % errors on 2 cores (developers' guide, "Where this is going").
 *
 * Usage: `npm run bench` (env: CONNECTIONS=50 DURATION_S=10 STUDENTS=50 DATABASE_URL=…)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { parseConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/index.ts';
import { defaultsOf } from '../engine/schema/normalize.ts';
import type { AnswersSchema } from '../engine/schema/types.ts';

const connections = Number(process.env.CONNECTIONS ?? 50);
const durationSeconds = Number(process.env.DURATION_S ?? 10);
const studentCount = Number(process.env.STUDENTS ?? connections);

const dataDir = mkdtempSync(join(tmpdir(), 'helix-bench-'));
const config = parseConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, process.cwd());
// On PostgreSQL the run gets a schema of its own, dropped at the end, so it never touches real data.
const searchPath = config.databaseUrl ? `helix_bench_${randomBytes(4).toString('hex')}` : undefined;
const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl ?? undefined, searchPath });
await database.migrate();
const app = await buildApp({ config, db: database.db, loginRateLimit: { max: 1_000_000, timeWindowMs: 60_000 } });
const origin = await app.listen({ port: 0, host: '127.0.0.1' });

const schema = JSON.parse(readFileSync(resolve('schemas/day-1.schema.json'), 'utf8')) as AnswersSchema;
const answers = defaultsOf(schema) as Record<string, unknown>;
answers.geneQ1 = 'Gene expression is a cell using a gene to make its product. '.repeat(20);
const body = JSON.stringify({ answers });

const tokens: string[] = [];
for (let index = 0; index < studentCount; index += 1) {
  const response = await fetch(`${origin}/api/student/signup/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `bench${index}`, password: 'bench password', first_name: 'Bench', last_name: 'Student' }),
  });
  tokens.push(((await response.json()) as { access: string }).access);
}

const result = await autocannon({
  url: `${origin}/api/student/modules/1/response/`,
  connections,
  duration: durationSeconds,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body,
  setupClient: (client) => {
    const token = tokens[Math.floor(Math.random() * tokens.length)]!;
    client.setHeaders({ 'content-type': 'application/json', authorization: `Bearer ${token}` });
  },
});

const errors = result.errors + result.timeouts + result.non2xx;
const total = result.requests.total + result.errors + result.timeouts;
console.log(`database: ${database.kind}; body: ${Buffer.byteLength(body)} bytes; ${connections} connections, ${durationSeconds} s`);
console.log(`saves/s: ${result.requests.average.toFixed(0)} (2xx only: ${(result['2xx'] / durationSeconds).toFixed(0)})`);
console.log(`latency ms: p50 ${result.latency.p50}, p90 ${result.latency.p90}, p99 ${result.latency.p99}, max ${result.latency.max}`);
console.log(`errors: ${errors} of ${total} (${total ? ((100 * errors) / total).toFixed(2) : '0'} %)`);

await app.close();
await database.close();
if (config.databaseUrl && searchPath) {
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${searchPath}" CASCADE`);
  await client.end();
}
rmSync(dataDir, { recursive: true, force: true });
