/**
 * The load generator side of the API benchmark: autocannon 9 in a process of its own, so it never
 * shares an event loop with the server it measures (the old in-process bench did, and its figures
 * were not comparable with anything). {@link runLoad} writes a {@link LoadScenario} to a temp
 * file and runs `bench/lib/load-worker.ts` on it; the worker writes a {@link LoadResult} back.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What one connection sends: fixed headers, and bodies taken in turn (one body: always that one). */
export interface ConnectionPlan {
  /** Path and query to request instead of the scenario URL's, e.g. `/select/17`. */
  path?: string;
  headers: Record<string, string>;
  /** Request bodies, sent in turn and then again from the first; empty for a GET. */
  bodies: string[];
  /** With `sendBaseRevision`: the revision stored before the run (default 0: nothing stored). */
  baseRevision?: number;
}

/** One autocannon run. */
export interface LoadScenario {
  /** Shown in messages, e.g. `save`. */
  name: string;
  /** Full URL: `http://127.0.0.1:3240/api/student/profile/`. */
  url: string;
  method: 'GET' | 'POST';
  connections: number;
  durationSeconds: number;
  /** One plan per connection (`connections` of them): each connection is a different student. */
  plans: ConnectionPlan[];
  /**
   * Conditional saves: each body is a JSON object to which the worker adds `base_revision`, the revision
   * its previous 200 answered (the plan's `baseRevision` before the first), as the app's autosave does
   * (docs/decisions/005-revisions-and-drafts.md). A 409 also tells the stored revision; it still counts
   * as an error.
   */
  sendBaseRevision?: boolean;
  /** The status every response should have, when not a 2xx (e.g. 304 for a conditional GET); others count as errors. */
  expectStatus?: number;
}

/** What a run measured. Latencies are of 2xx responses, in ms (autocannon's 1 ms resolution). */
export interface LoadResult {
  name: string;
  connections: number;
  durationSeconds: number;
  /** Responses of any status, per second of the run. */
  requestsPerSecond: number;
  /** 2xx responses (or, with `expectStatus`, responses of that status). */
  ok: number;
  /** Responses that were not `ok`. */
  non2xx: number;
  /** Socket errors and timeouts (no response at all). */
  socketErrors: number;
  /** `non2xx + socketErrors`: the goal is 0. */
  errors: number;
  /** Count per HTTP status, e.g. `{ "200": 5120 }`. */
  statusCodes: Record<string, number>;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  /** CPU time the server used per response during the run, µs (set by the caller from /proc; null if unknown). */
  serverCpuUsPerRequest?: number | null;
}

/**
 * Runs one scenario in a separate `node` process and waits for it.
 *
 * @param workDir - a temp folder for the scenario and result files
 * @throws when the worker exits with an error (its stderr is in the message)
 */
export async function runLoad(scenario: LoadScenario, workDir: string): Promise<LoadResult> {
  const scenarioFile = join(workDir, `${scenario.name}.scenario.json`);
  const resultFile = join(workDir, `${scenario.name}.result.json`);
  writeFileSync(scenarioFile, JSON.stringify(scenario));
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/load-worker.ts', scenarioFile, resultFile], {
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the load generator for ${scenario.name} failed (exit ${code}):\n${stderr}`);
  return JSON.parse(readFileSync(resultFile, 'utf8')) as LoadResult;
}
