import { startTransition, useEffect, useState } from 'react';

/** Where a lesson page stands: loading, ready with what was loaded, not written yet, or failed to download. */
export type LessonState<T> =
  | { status: 'loading' }
  | { status: 'ready'; lesson: T }
  | { status: 'unpublished' }
  | { status: 'failed' };

type Loaded<T> = LessonState<T> & { key: string; attempt: number };

/**
 * Loads what a lesson page shows (a day or a static page) and tracks its state. What was loaded belongs
 * to one `key` and one attempt; for any other the page is loading again, and a load that settles after
 * the page moved on is dropped.
 *
 * @param key - what the page shows, e.g. `day-2` or `section-welcome`; a new key shows Loading
 * @param load - resolves what to render, or null when the content is not published yet; a rejection
 *   means the download failed. Must be stable (`useCallback`): a new function loads again.
 * @returns the state and `retry()`, which loads again (the Try again button)
 */
export function useLesson<T>(key: string, load: () => Promise<T | null>): { state: LessonState<T>; retry(): void } {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);
  const state: LessonState<T> = loaded && loaded.key === key && loaded.attempt === attempt ? loaded : { status: 'loading' };

  useEffect(() => {
    let cancelled = false;
    const settle = (next: LessonState<T>) => {
      // A transition: React renders a long lesson in slices and yields between them, instead of one task
      // of hundreds of ms on a slow Chromebook (issue 10, Lighthouse TBT), keeping Loading until it is done.
      if (!cancelled) startTransition(() => setLoaded({ ...next, key, attempt }));
    };
    load()
      .then((lesson) => settle(lesson === null ? { status: 'unpublished' } : { status: 'ready', lesson }))
      .catch(() => settle({ status: 'failed' }));
    return () => {
      cancelled = true;
    };
  }, [key, load, attempt]);

  return { state, retry: () => setAttempt((count) => count + 1) };
}
