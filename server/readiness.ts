/**
 * Readiness: does the database answer a query right now? `GET /api/ready` (server/routes/health.ts)
 * asks {@link createReadinessCheck}'s check, and a load balancer or orchestrator sends students only
 * to servers that answer 200. Liveness (`GET /api/health`) stays a separate question: a server whose
 * database is away keeps running and becomes ready again by itself once the database is back.
 */
import { sql } from 'drizzle-orm';
import type { Database } from './db/index.ts';

/**
 * Probes that did not settle within their timeout and are still waiting (a connection or query that a
 * dead network never answers nor refuses). Past this many, a check answers "not ready" at once rather
 * than start one more: each holds a pool connection or a place in its queue until the driver gives up.
 */
export const MAX_STALLED_PROBES = 3;

/**
 * What a check found: ready, or not ready because the query failed (`error`, with the driver's error)
 * or took too long (`timeout`). `elapsedMs`: how long the check took, ms.
 */
export type ReadinessOutcome =
  | { ready: true; elapsedMs: number }
  | { ready: false; reason: 'timeout'; elapsedMs: number }
  | { ready: false; reason: 'error'; error: unknown; elapsedMs: number };

export interface ReadinessCheckOptions {
  /** How long a check waits for the database's answer, ms (READY_TIMEOUT_MS, server/config.ts). */
  timeoutMs: number;
  /** The clock, ms; `performance.now` unless given. */
  now?: () => number;
}

/** One `select 1` under way and when it started. */
interface Probe {
  /** Settles with the query's outcome; never rejects, so a probe nobody waits for any more cannot crash the process. */
  settled: Promise<{ ok: true } | { ok: false; error: unknown }>;
  /** When it was sent, ms on the check's clock. */
  startedAt: number;
}

/**
 * Makes the readiness check of a database: each call runs `select 1` through the app's own connections
 * (so a pool with no free connection is "not ready" too) and waits at most `timeoutMs` for it.
 *
 * Checks that arrive while a probe is under way wait for that probe (until it is `timeoutMs` old)
 * instead of starting another. A probe older than `timeoutMs` is left to the driver (counted as
 * stalled) and the next check starts a fresh one, so the server is ready again as soon as the database
 * answers, not only when the driver gives up on a dead connection. With {@link MAX_STALLED_PROBES}
 * stalled, checks answer `timeout` at once: a database that has stopped answering has at most that many
 * of these queries waiting on it, never one per check.
 *
 * @param db - the app's database (either driver)
 * @returns the check; it never throws, its outcome says why the database is not ready
 * @example
 * const check = createReadinessCheck(db, { timeoutMs: 2000 });
 * const outcome = await check(); // { ready: false, reason: 'timeout', elapsedMs: 2001 } while the database hangs
 */
export function createReadinessCheck(db: Database, { timeoutMs, now = () => performance.now() }: ReadinessCheckOptions): () => Promise<ReadinessOutcome> {
  let current: Probe | null = null;
  let stalled = 0;

  const startProbe = (): Probe => {
    const probe: Probe = {
      startedAt: now(),
      // Inside an async function, so even a driver that throws at once (a closed database) only rejects.
      settled: (async () => db.execute(sql`select 1`))().then(
        () => ({ ok: true as const }),
        (error: unknown) => ({ ok: false as const, error }),
      ),
    };
    void probe.settled.then(() => {
      if (current === probe) current = null;
      else stalled -= 1;
    });
    return probe;
  };

  return async () => {
    const start = now();
    if (current !== null && start - current.startedAt >= timeoutMs) {
      stalled += 1;
      current = null;
    }
    if (current === null) {
      if (stalled >= MAX_STALLED_PROBES) return { ready: false, reason: 'timeout', elapsedMs: 0 };
      current = startProbe();
    }
    // The probe's own deadline: a check joining one under way waits only for what is left of its timeout.
    const remainingMs = Math.max(0, timeoutMs - (start - current.startedAt));
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), remainingMs);
    });
    const result = await Promise.race([current.settled, timedOut]);
    clearTimeout(timer);
    const elapsedMs = now() - start;
    if (result === null) return { ready: false, reason: 'timeout', elapsedMs };
    return result.ok ? { ready: true, elapsedMs } : { ready: false, reason: 'error', error: result.error, elapsedMs };
  };
}
