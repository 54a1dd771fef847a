import { useEffect, useEffectEvent, useState } from 'react';
import { ApiError } from '../api/client.ts';

/** Where a facilitator page's download is: under way, done, or failed with the error it threw. */
export type Fetched<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; error: unknown };

/**
 * Runs `load` when the page opens and again whenever `key` changes (other route params), keeping the
 * latest result only: an answer that arrives after the key moved on is dropped.
 *
 * @param load - the download, e.g. `() => fetchStudentDay(classId, studentId, day)`; it may reject
 * @param key - what the download depends on, e.g. `"3/17/2"`
 * @returns the state of the download, and `retry()`, which runs it again (a Try again button)
 */
export function useFetched<T>(load: () => Promise<T>, key: string): [Fetched<T>, () => void] {
  const [attempt, setAttempt] = useState(0);
  const requestKey = `${key}#${attempt}`;
  const [settled, setSettled] = useState<{ key: string; result: Fetched<T> } | null>(null);
  const start = useEffectEvent(load);
  useEffect(() => {
    let current = true;
    start().then(
      (value) => current && setSettled({ key: requestKey, result: { status: 'ready', value } }),
      (error: unknown) => current && setSettled({ key: requestKey, result: { status: 'failed', error } }),
    );
    return () => {
      current = false;
    };
  }, [requestKey]);
  const result: Fetched<T> = settled?.key === requestKey ? settled.result : { status: 'loading' };
  return [result, () => setAttempt((count) => count + 1)];
}

/** What a facilitator reads when a download failed, and whether trying again may help. */
export interface FetchFailure {
  message: string;
  /** True for a dropped connection or a server error; false for a refusal (403, 404). */
  retry: boolean;
}

/**
 * The words for a failed facilitator download.
 *
 * @param error - what the download threw (an `ApiError`, or anything else for a failed chunk download)
 * @param notFound - what a 404 means on this page, e.g. "This student is not in your class."
 */
export function describeFailure(error: unknown, notFound: string): FetchFailure {
  if (error instanceof ApiError && error.status === 404) return { message: notFound, retry: false };
  if (error instanceof ApiError && error.status === 403) return { message: 'Only facilitators can see students’ answers.', retry: false };
  if (error instanceof ApiError && error.status === 0) return { message: 'The answers could not be loaded: the server could not be reached. Check the Wi-Fi, then try again.', retry: true };
  return { message: 'The answers could not be loaded. Try again in a moment.', retry: true };
}
