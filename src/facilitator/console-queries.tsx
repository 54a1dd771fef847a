import { QueryCache, QueryClient, QueryClientProvider, useQuery, type QueryClient as Client } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../api/client.ts';
import { fetchProgress, type ClassProgress } from '../api/facilitator-endpoints.ts';
import messages from '../../content/locales/en/console.json';
import { translator } from '../../engine/index.ts';
import type { ConsoleTranslate } from './format.ts';

// The console's pages load their data through TanStack Query, one cache per console visit
// (docs/decisions/018-console-data.md). This module is imported by the console's chunks only: the
// students' pages never download the library.

/** How often the class page asks for the progress while the tab shows, ms (docs/decisions/009-facilitator-console.md). */
export const PROGRESS_POLL_MS = 15_000;

/**
 * The keys of the console's queries, one place for every page and every invalidation. Everything about
 * one class starts with `class(id)`, so a change to a class can reach all of it.
 */
export const consoleKeys = {
  /** The facilitator's classes (an admin's: every class): ClassesPage. */
  classes: () => ['console', 'classes'] as const,
  /** Everything loaded about one class. */
  class: (classId: number) => ['console', 'class', classId] as const,
  /** A class's progress and roster, polled with its ETag. */
  progress: (classId: number) => ['console', 'class', classId, 'progress'] as const,
  /** The messages sent to a class. */
  messages: (classId: number) => ['console', 'class', classId, 'messages'] as const,
  /** One student's day (answers, lesson, roster, feedback, questions): StudentDayPage. */
  studentDay: (classId: number, studentId: number, day: number) => ['console', 'class', classId, 'students', studentId, 'days', day] as const,
  /** Every student's answers to a day's questions, with their feedback: ByQuestionPage. */
  byQuestion: (classId: number, day: number) => ['console', 'class', classId, 'days', day, 'questions'] as const,
  /** A page address whose ids are not positive integers: it answers 404 without asking the server. */
  notFound: (path: string) => ['console', 'not-found', path] as const,
  /** The admin page's facilitators. */
  staff: () => ['console', 'admin', 'staff'] as const,
  /** The admin page's students in no class. */
  unassigned: () => ['console', 'admin', 'unassigned'] as const,
  /** The admin page's audit log. */
  audit: () => ['console', 'admin', 'audit'] as const,
};

/**
 * The console's query client. No retry: a failed download shows its message and Try again at once, as
 * the console always did (docs/decisions/009-facilitator-console.md). Data is stale as soon as it
 * arrives, so a page opened again, or a tab shown again, asks the server while it shows what it had.
 * Every failed download is logged with its query's key.
 */
export function createConsoleQueryClient(): Client {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => console.error(`The console could not load ${JSON.stringify(query.queryKey)}.`, error) }),
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: true } },
  });
}

/**
 * Gives the pages under it one console query client, made when it mounts and dropped when it unmounts
 * (signing out leaves the console, so the next account starts with an empty cache).
 */
export function ConsoleQueries({ children }: { children: ReactNode }) {
  const [client] = useState(createConsoleQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** A class's progress as the page last received it, with what the next check needs. */
export interface ProgressCheck {
  progress: ClassProgress;
  /** The `ETag` of that progress, sent back as `If-None-Match`; null when the server sent none. */
  etag: string | null;
  /** When the server last answered (200 or 304). */
  checkedAt: Date;
}

/** What {@link useClassProgress} returns. */
export interface ProgressState {
  /** The last progress received, or null before the first. */
  progress: ClassProgress | null;
  /** When the server last answered (200 or 304), or null before it did. */
  checkedAt: Date | null;
  /** The error of the last check when it failed (the progress shown is then the one before), else null. */
  error: unknown;
  /** Checks at once (Try again). */
  refresh(): void;
}

/**
 * Keeps a class's progress current without a reload (docs/decisions/009-facilitator-console.md): loads
 * it at once, then asks again every `intervalMs` with the last `ETag` (`If-None-Match`); a 304 keeps
 * what is shown and only moves "Updated". No request while the tab is hidden (TanStack Query polls only
 * while `document.visibilityState` is not `hidden`); one at once when it shows again (refetch on focus,
 * which the library reads from `visibilitychange`). A roster change invalidates the query, which asks
 * at once.
 *
 * @param classId - the class, a positive integer
 * @param intervalMs - the wait between checks, ms
 * @returns the state and `refresh()`; `error` is the `ApiError` of the last failed check (404 for a class
 * that does not exist or is not the facilitator's)
 */
export function useClassProgress(classId: number, intervalMs: number = PROGRESS_POLL_MS): ProgressState {
  const query = useQuery({
    queryKey: consoleKeys.progress(classId),
    queryFn: async ({ client, queryKey }): Promise<ProgressCheck> => {
      const previous = client.getQueryData<ProgressCheck>(queryKey);
      const answer = await fetchProgress(classId, previous?.etag ?? null);
      const checkedAt = new Date();
      if (answer.status === 'modified') return { progress: answer.body, etag: answer.etag, checkedAt };
      // A 304 only answers a request that sent the ETag of a progress held, so `previous` is there.
      if (!previous) throw new Error('The server answered 304 for a progress this page does not hold.');
      return { ...previous, etag: answer.etag, checkedAt };
    },
    refetchInterval: intervalMs,
  });
  return {
    progress: query.data?.progress ?? null,
    checkedAt: query.data?.checkedAt ?? null,
    error: query.error,
    refresh: () => void query.refetch(),
  };
}

/**
 * After a change to a class's roster or co-facilitators: its progress (and so its roster) is asked for
 * again at once, and the lists that count its students (the classes, the students in no class) are
 * marked stale.
 */
export function invalidateRoster(client: Client, classId: number): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: consoleKeys.progress(classId) }),
    client.invalidateQueries({ queryKey: consoleKeys.classes() }),
    client.invalidateQueries({ queryKey: consoleKeys.unassigned() }),
  ]).then(() => undefined);
}

/** What a facilitator reads when a download failed, and whether trying again may help. */
export interface FetchFailure {
  message: string;
  /** True for a dropped connection or a server error; false for a refusal (403, 404). */
  retry: boolean;
}

/**
 * The words for a failed download of a student's answers (StudentDayPage, ByQuestionPage), in the
 * reader's language (`answers.*` in content/locales/LOCALE/console.json).
 *
 * @param error - what the download threw (an `ApiError`, or anything else for a failed chunk download)
 * @param notFound - what a 404 means on this page, already in the reader's language, e.g. "This student is not in your class."
 * @param t - the console's messages in the reader's language; the active language's unless given
 */
export function describeFailure(error: unknown, notFound: string, t: ConsoleTranslate = translator(messages)): FetchFailure {
  if (error instanceof ApiError && error.status === 404) return { message: notFound, retry: false };
  if (error instanceof ApiError && error.status === 403) return { message: t('answers.forbidden'), retry: false };
  if (error instanceof ApiError && error.status === 0) return { message: t('answers.unreachable'), retry: true };
  return { message: t('answers.failed'), retry: true };
}
