/**
 * Starting and stopping the benchmarks' server processes, and reading their memory. Every process is
 * started with `node` itself (never through npx), so the recorded pid is the server's and killing it
 * frees its port (killing an npx wrapper leaves the real server running). Processes still running when
 * the benchmark exits, fails or is interrupted are killed by pid.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** A server process the benchmark started. */
export interface RunningProcess {
  /** For messages, e.g. `helix` or `ceiling:upsert`. */
  name: string;
  pid: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Where its stdout and stderr go. */
  logFile: string;
  /** Sends SIGTERM, then SIGKILL after 5 s; resolves when it has exited. Idempotent. */
  stop(): Promise<void>;
}

export interface StartOptions {
  name: string;
  /** Script run as `node --import tsx <script>` (TypeScript) or `node <script>` (`.mjs`/`.js`), from the working directory. */
  script: string;
  port: number;
  env: NodeJS.ProcessEnv;
  /** stdout and stderr are appended here. */
  logFile: string;
  /** GET path that answers 2xx once the server is ready. */
  readyPath: string;
  /** Give up after this long, in ms. Default 60 000 (a fresh PGlite takes about 5 s). */
  readyTimeoutMs?: number;
  /** Extra `node` flags, e.g. `--cpu-prof`. */
  nodeFlags?: string[];
}

const running = new Set<ChildProcess>();

function killAll(): void {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killAll();
    process.exit(130);
  });
}

/**
 * Starts a server as its own process and waits until `readyPath` answers 2xx.
 *
 * @throws when it exits before being ready or is not ready within `readyTimeoutMs` (it is killed
 *   first; the message names its log file)
 */
export async function startProcess(options: StartOptions): Promise<RunningProcess> {
  const log = openSync(options.logFile, 'a');
  const loader = options.script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), ...loader, options.script], {
    env: { ...process.env, ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => running.delete(child));
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killTimer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killTimer);
    })();
    return stopping;
  };
  const origin = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${options.name} exited (${child.exitCode ?? child.signalCode}) before it was ready; see ${options.logFile}`);
    }
    try {
      const response = await fetch(`${origin}${options.readyPath}`);
      await response.arrayBuffer();
      if (response.ok) return { name: options.name, pid: child.pid!, origin, logFile: options.logFile, stop };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await stop();
  throw new Error(`${options.name} was not ready within ${options.readyTimeoutMs ?? 60_000} ms; see ${options.logFile}`);
}

/**
 * A process's resident memory, from `/proc/<pid>/status` (VmRSS).
 *
 * @returns bytes, or null when the process is gone or /proc is missing (not Linux)
 */
export function residentBytes(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Samples a process's RSS every `intervalMs` until stopped.
 *
 * @returns `stop()`, which answers the highest RSS seen, in bytes (null if none could be read)
 */
export function sampleResidentBytes(pid: number, intervalMs = 250): { stop(): number | null } {
  let peak: number | null = null;
  const read = () => {
    const bytes = residentBytes(pid);
    if (bytes !== null && (peak === null || bytes > peak)) peak = bytes;
  };
  read();
  const timer = setInterval(read, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      read();
      return peak;
    },
  };
}

/** Clock ticks per second of /proc/<pid>/stat's times: 100 on every Linux this runs on (USER_HZ). */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU time a process has used so far, user plus system, from `/proc/<pid>/stat` (all its threads).
 * Divided by the requests served between two readings it gives CPU per request, a figure that other
 * load on the machine disturbs much less than requests per second.
 *
 * @returns seconds (10 ms resolution), or null when the process is gone or /proc is missing
 */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces: utime is the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The machine's 1-minute load average, from /proc/loadavg (null when unreadable). */
export function loadAverage(): number | null {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return null;
  }
}

/** Resident memory for a report: whole megabytes (MiB), or "?" when it could not be read. */
export function formatMegabytes(bytes: number | null): string {
  return bytes === null ? '?' : `${(bytes / (1024 * 1024)).toFixed(0)} MB`;
}

/**
 * Runs a benchmark's `main`, then always stops every process it started and runs `cleanUp` (drop a
 * scratch database). A failed run keeps its work folder (the servers' logs) and sets exit code 1; a
 * successful one deletes it.
 *
 * @param main - the benchmark
 * @param processes - the processes to stop, as `main` fills the list
 * @param workDir - the run's temporary folder
 * @param cleanUp - anything else to undo, run after the processes have stopped
 */
export async function runBench(main: () => Promise<void>, processes: readonly RunningProcess[], workDir: string, cleanUp: () => Promise<void>): Promise<void> {
  let failed = false;
  try {
    await main();
  } catch (error) {
    failed = true;
    console.error(error);
    process.exitCode = 1;
  } finally {
    await Promise.all(processes.map((running) => running.stop()));
    await cleanUp();
    if (failed) console.error(`logs kept in ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  }
}
