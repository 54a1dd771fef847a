import { startTransition, useEffect, useState } from 'react';
import {
  openDraftStore,
  restoreAnswers,
  waitForPendingSaves,
  type AnswersSchema,
  type DraftStore,
  type RestoredAnswers,
  type ServerAnswers,
} from '../../engine/index.ts';

/**
 * How long a lesson page waits, before loading, for the save its previous visit started on the way out
 * (an in-app link clicked right after typing), ms. Past it the page loads anyway: the draft on the
 * device holds whatever that save had not confirmed (issue 6).
 */
export const PREVIOUS_VISIT_SAVE_WAIT_MS = 5_000;

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

/** A lesson with its answers: the content, the answers restored from the server and the device, and the drafts. */
export interface LessonWithAnswers<C> {
  content: C;
  restored: RestoredAnswers;
  drafts: DraftStore;
}

/** What {@link loadLessonWithAnswers} needs to know about one lesson's answers. */
export interface LessonAnswersSource<C extends { schema: AnswersSchema }> {
  /** The drafts' scope: one student and one lesson (issue 6). */
  scope: string;
  /** Resolves the lesson's content with its answers schema, or null when it is not published yet; rejects when the download fails. */
  loadContent(): Promise<C | null>;
  /** Resolves the saved answers, null when there are none, or undefined when they could not be loaded. */
  loadSaved(): Promise<ServerAnswers | null | undefined>;
}

/**
 * Loads a lesson and its answers the careful way (issue 6, "no lost work"): waits for the save the
 * previous visit started on the way out, then reads the content, the saved answers and the drafts on the
 * device together, and restores the answers (repaired to today's schema, drafts merged in). A failure
 * to load the saved answers is silent (spec section 8): `restoreAnswers` then gives no base revision, so
 * the page can never overwrite answers it did not see.
 *
 * @returns null when the content is not published yet
 * @throws (rejects) when the content fails to download
 */
export function loadLessonWithAnswers<C extends { schema: AnswersSchema }>({
  scope,
  loadContent,
  loadSaved,
}: LessonAnswersSource<C>): Promise<LessonWithAnswers<C> | null> {
  const drafts = openDraftStore(scope);
  return waitForPendingSaves(scope, PREVIOUS_VISIT_SAVE_WAIT_MS)
    .then(() => Promise.all([loadContent(), loadSaved(), drafts.list()]))
    .then(([content, saved, onDevice]) => (content ? { content, restored: restoreAnswers(content.schema, saved, onDevice), drafts } : null));
}
