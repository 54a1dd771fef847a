/**
 * The real server as the crash and shutdown tests drive it (scripts/crash-test.ts,
 * scripts/shutdown-test.ts; docs/decisions/004-durability.md): `node --import tsx server/index.ts` in a
 * process group of its own, on a free port, with the students' Day 1 saves those tests send.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** Where a student saves Day 1, and where the saved answers are read back (docs/requirements.md#api-calls). */
export const DAY_1_RESPONSE = '/api/student/modules/1/response/';
export const DAY_1_DETAIL = '/api/student/modules/1/response/detail/';
/** What the tests write into `geneQ1`: `student S save N`. */
export const SAVE_PATTERN = /^student (\d+) save (\d+)$/;

/** A started server: its process, its address, everything it printed, and its exit. */
export interface ServerUnderTest {
  child: ChildProcess;
  /** e.g. `http://127.0.0.1:41234` */
  origin: string;
  output: string[];
  /** Resolves with the exit status (null when killed by a signal) once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A server that exited during start-up, or did not answer `GET /api/health` in time; `server` holds its output. */
export class ServerStartError extends Error {
  constructor(
    message: string,
    readonly server: ServerUnderTest,
  ) {
    super(message);
  }
}

/** Kills a child's whole process group with SIGKILL (it was started detached, so its pid is the group id). */
export function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** A TCP port on 127.0.0.1 that nothing listens on at the moment. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `node --import tsx server/index.ts` on a free port of 127.0.0.1 with `env` over this process's
 * environment, and waits until `GET /api/health` answers 200.
 *
 * @param options.env - the server's settings (DATA_DIR, JWT_SECRET, LOG_LEVEL, DATABASE_URL…); PORT and HOST are set here
 * @param options.healthWaitMs - how long to wait for the health check, ms
 * @param options.children - where the child is added, so that the test kills it on its way out
 * @throws ServerStartError when the server exits first or does not answer within `healthWaitMs`
 */
export async function startServer({ env, healthWaitMs, children }: { env: Record<string, string>; healthWaitMs: number; children: Set<ChildProcess> }): Promise<ServerUnderTest> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: process.cwd(),
    detached: true, // its own process group, killed as a whole
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  children.add(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const server: ServerUnderTest = { child, origin: `http://127.0.0.1:${port}`, output: [], exited };
  child.stdout!.on('data', (chunk: Buffer) => server.output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => server.output.push(chunk.toString()));
  const deadline = Date.now() + healthWaitMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new ServerStartError(`the server exited with status ${child.exitCode} during start-up`, server);
    try {
      const response = await fetch(`${server.origin}/api/health`, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    await sleep(50);
  }
  throw new ServerStartError(`the server did not answer /api/health within ${healthWaitMs / 1000} s`, server);
}

/**
 * POSTs `body` as JSON, with `accessToken` as a bearer token when given.
 *
 * @param timeoutMs - the request's own limit, ms (an AbortSignal timeout)
 */
export function postJson(origin: string, path: string, body: unknown, timeoutMs: number, accessToken?: string): Promise<Response> {
  return fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
}
