/**
 * The load generator process (see bench/lib/load.ts): `node --import tsx bench/lib/load-worker.ts
 * <scenario.json> <result.json>`. Runs autocannon 9 with one connection per plan and writes the result.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { LoadResult, LoadScenario } from './load.ts';

const [scenarioFile, resultFile] = process.argv.slice(2);
if (scenarioFile === undefined || resultFile === undefined) throw new Error('usage: load-worker.ts <scenario.json> <result.json>');
const scenario = JSON.parse(readFileSync(scenarioFile, 'utf8')) as LoadScenario;
const path = new URL(scenario.url).pathname;

let nextPlan = 0;
const result = await autocannon({
  url: scenario.url,
  connections: scenario.connections,
  duration: scenario.durationSeconds,
  method: scenario.method,
  // A connection never waits on another, and no HTTP pipelining: a browser sends one request at a time.
  pipelining: 1,
  setupClient(client) {
    const plan = scenario.plans[nextPlan % scenario.plans.length]!;
    nextPlan += 1;
    let turn = 0;
    let revision = plan.baseRevision ?? 0;
    client.setRequests([
      {
        method: scenario.method,
        path: plan.path ?? path,
        headers: plan.headers,
        setupRequest(request) {
          if (plan.bodies.length === 0) return request;
          const body = plan.bodies[turn % plan.bodies.length]!;
          turn += 1;
          request.body = scenario.sendBaseRevision ? JSON.stringify({ ...(JSON.parse(body) as object), base_revision: revision }) : body;
          return request;
        },
        onResponse(status, body) {
          if (scenario.sendBaseRevision && (status === 200 || status === 409)) revision = (JSON.parse(body) as { revision: number }).revision;
        },
      },
    ]);
  },
});

const statusCodes: Record<string, number> = {};
for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) statusCodes[status] = Number(count);
// A scenario that expects another status (a conditional GET's 304) counts it as its success.
const succeeded = (status: string) => (scenario.expectStatus === undefined ? status.startsWith('2') : status === String(scenario.expectStatus));
const ok = Object.entries(statusCodes).reduce((sum, [status, count]) => (succeeded(status) ? sum + count : sum), 0);
const total = Object.values(statusCodes).reduce((sum, count) => sum + count, 0);
// autocannon counts timeouts among its errors already.
const socketErrors = result.errors;
const summary: LoadResult = {
  name: scenario.name,
  connections: scenario.connections,
  durationSeconds: result.duration,
  requestsPerSecond: (result.requests.total ?? 0) / result.duration,
  ok,
  non2xx: total - ok,
  socketErrors,
  errors: total - ok + socketErrors,
  statusCodes,
  latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max, mean: result.latency.mean },
};
writeFileSync(resultFile, JSON.stringify(summary));
