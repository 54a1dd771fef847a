/**
 * Where the abuse limits keep their counters (docs/security.md#abuse-limits): in memory for one process,
 * or in the `abuse_limits` table so that several servers on one PostgreSQL share them. Both give each key
 * one atomic read-change-write, so parallel requests cannot slip past a limit between a check and its
 * count.
 */
import { eq, lte } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { abuseLimits } from '../db/schema.ts';

/** One key's counter. Times are ms since the epoch. */
export interface LimitState {
  /** A token bucket's tokens left, or a back-off's failures counted. */
  level: number;
  /** When `level` last changed. */
  updatedAt: number;
  /** Until when the key is held back; 0 when it is not. */
  blockedUntil: number;
  /** From when the state no longer limits anything: it is then forgotten (read as absent). */
  expiresAt: number;
}

/** What a change decides: the next state (`null` forgets the key, absent keeps it as it is) and a result for the caller. */
export interface LimitChange<T> {
  next?: LimitState | null;
  result: T;
}

export interface LimitStore {
  /**
   * Reads one key's state (null when absent or expired at `now`), lets `change` decide, and writes the
   * outcome, with no other change of that key in between.
   *
   * @param now - ms since the epoch
   */
  update<T>(key: string, now: number, change: (current: LimitState | null) => LimitChange<T>): Promise<T>;
}

/** Most keys the memory store holds: about 20 MB. */
export const DEFAULT_MEMORY_LIMIT_KEYS = 100_000;
/** Expired keys are swept out of memory, or out of the table, at most this often, ms. */
export const LIMIT_SWEEP_INTERVAL_MS = 60_000;

export interface MemoryLimitStoreOptions {
  /** Most keys held; default {@link DEFAULT_MEMORY_LIMIT_KEYS}. */
  maxKeys?: number;
  /** Called (at most once a minute) when a new key found the store full of live keys and was not recorded. */
  onFull?: (size: number) => void;
}

/**
 * A {@link LimitStore} in this process's memory, bounded to `maxKeys` keys.
 *
 * Bounded without letting a flood of keys lift a limit: a live key is never evicted, only forgotten once
 * expired. When the store is full of live keys, a new key is not recorded (that request is judged
 * as if the key were fresh) while every existing counter, an attacker's own address included, holds.
 * Filling it takes about 100,000 live keys, which the per-address limits make slow to create.
 */
export function createMemoryLimitStore(options: MemoryLimitStoreOptions = {}): LimitStore {
  const maxKeys = options.maxKeys ?? DEFAULT_MEMORY_LIMIT_KEYS;
  const states = new Map<string, LimitState>();
  let lastSweep = Number.NEGATIVE_INFINITY;
  let lastFullReport = Number.NEGATIVE_INFINITY;

  const sweep = (now: number) => {
    lastSweep = now;
    for (const [key, state] of states) if (state.expiresAt <= now) states.delete(key);
  };

  return {
    async update(key, now, change) {
      if (now - lastSweep >= LIMIT_SWEEP_INTERVAL_MS) sweep(now);
      const stored = states.get(key);
      const current = stored !== undefined && stored.expiresAt > now ? stored : null;
      const { next, result } = change(current);
      if (next === null) states.delete(key);
      else if (next !== undefined) {
        if (stored === undefined && states.size >= maxKeys) {
          // Sweeping is O(keys): at most once a second while full, so a flood cannot make every request pay for it.
          if (now - lastSweep >= 1_000) sweep(now);
          if (states.size >= maxKeys) {
            if (now - lastFullReport >= LIMIT_SWEEP_INTERVAL_MS) {
              lastFullReport = now;
              options.onFull?.(states.size);
            }
            return result;
          }
        }
        states.set(key, next);
      }
      return result;
    },
  };
}

/**
 * A {@link LimitStore} in the `abuse_limits` table: one transaction per update, the row locked with
 * `SELECT … FOR UPDATE`, so every server on the database sees one counter per key. Expired rows are
 * deleted at most once a minute per process.
 *
 * @throws the driver's error when the database fails (the request then answers 500, never passes unchecked)
 */
export function createDatabaseLimitStore(db: Database): LimitStore {
  let lastSweep = Number.NEGATIVE_INFINITY;

  return {
    async update(key, now, change) {
      if (now - lastSweep >= LIMIT_SWEEP_INTERVAL_MS) {
        lastSweep = now;
        await db.delete(abuseLimits).where(lte(abuseLimits.expiresAt, now));
      }
      // Two servers inserting the same new key at once: the loser's unique violation retries, and then finds the row.
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await db.transaction(async (tx) => {
            const [row] = await tx.select().from(abuseLimits).where(eq(abuseLimits.key, key)).for('update');
            const current = row !== undefined && row.expiresAt > now ? { level: row.level, updatedAt: row.updatedAt, blockedUntil: row.blockedUntil, expiresAt: row.expiresAt } : null;
            const { next, result } = change(current);
            if (next === null) {
              if (row !== undefined) await tx.delete(abuseLimits).where(eq(abuseLimits.key, key));
            } else if (next !== undefined) {
              if (row !== undefined) await tx.update(abuseLimits).set(next).where(eq(abuseLimits.key, key));
              else await tx.insert(abuseLimits).values({ key, ...next });
            }
            return result;
          });
        } catch (error) {
          if (attempt >= 3 || !isUniqueViolation(error)) throw error;
        }
      }
    },
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, hops = 0; typeof current === 'object' && current !== null && hops < 5; current = (current as { cause?: unknown }).cause, hops += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
