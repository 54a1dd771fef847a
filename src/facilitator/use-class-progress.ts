import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchProgress, type ClassProgress } from '../api/facilitator-endpoints.ts';

/** How often the class page asks for the progress while the tab shows, ms (docs/decisions/009-facilitator-console.md). */
export const PROGRESS_POLL_MS = 15_000;

/** The class's progress as the page last received it. */
export interface ProgressState {
  /** The last progress received, or null before the first. */
  progress: ClassProgress | null;
  /** When the server last answered (200 or 304), or null before it did. */
  checkedAt: Date | null;
  /** The error of the last check when it failed (the progress shown is then the one before), else null. */
  error: unknown;
}

/**
 * Keeps a class's progress current without a reload (docs/decisions/009-facilitator-console.md): loads it
 * at once, then asks again every `intervalMs` with the last `ETag` (`If-None-Match`); a 304 keeps what is
 * shown. No request while the tab is hidden; one at once when it shows again. One request at a time: a
 * `refresh()` during one asks again right after it.
 *
 * @param intervalMs - the wait between checks, ms
 * @returns the state and `refresh()`, which checks at once (after a roster change)
 */
export function useClassProgress(classId: number, intervalMs: number = PROGRESS_POLL_MS): ProgressState & { refresh(): void } {
  const [state, setState] = useState<ProgressState & { classId: number }>({ classId, progress: null, checkedAt: null, error: null });
  const checkNow = useRef<() => void>(() => undefined);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let etag: string | null = null;
    let running = false;
    let again = false;
    const hidden = () => document.visibilityState === 'hidden';

    const check = async () => {
      clearTimeout(timer);
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        const answer = await fetchProgress(classId, etag);
        if (cancelled) return;
        const checkedAt = new Date();
        if (answer.status === 'modified') {
          etag = answer.etag;
          setState({ classId, progress: answer.body, checkedAt, error: null });
        } else {
          setState((previous) => ({ ...previous, checkedAt, error: null }));
        }
      } catch (error) {
        if (!cancelled) setState((previous) => ({ ...previous, error }));
      } finally {
        running = false;
      }
      if (cancelled) return;
      if (again) {
        again = false;
        void check();
      } else if (!hidden()) {
        timer = setTimeout(() => void check(), intervalMs);
      }
    };

    const onVisibilityChange = () => {
      if (hidden()) clearTimeout(timer);
      else void check();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    checkNow.current = () => void check();
    void check();
    return () => {
      cancelled = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [classId, intervalMs]);

  const refresh = useCallback(() => checkNow.current(), []);
  const current = state.classId === classId ? state : { progress: null, checkedAt: null, error: null };
  return { progress: current.progress, checkedAt: current.checkedAt, error: current.error, refresh };
}
