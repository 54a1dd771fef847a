import { MDXProvider } from '@mdx-js/react';
import { useCallback, useEffect, useState } from 'react';
import {
  AnswersForm,
  LessonFileContext,
  lessonComponents,
  OfflineError,
  openDraftStore,
  restoreAnswers,
  RevisionConflictError,
  SavePill,
  waitForPendingSaves,
  type DraftStore,
  type RestoredAnswers,
  type SaveAnswers,
  type ServerAnswers,
} from '../../engine/index.ts';
import { ApiError } from '../api/client.ts';
import { conflictOf, fetchDayAnswers, saveDayAnswers } from '../api/endpoints.ts';
import { useAuth } from '../auth/auth-context.ts';
import { FlushOnLogout } from '../auth/FlushOnLogout.tsx';
import { Loading } from '../layout/Loading.tsx';
import { PageNav } from '../layout/PageNav.tsx';
import { TopNav } from '../layout/TopNav.tsx';
import { dayPath } from '../site/days.ts';
import { LessonLink } from './LessonLink.tsx';
import { loadDayContent, type DayContent } from './registry.ts';

/**
 * How long a day page waits, before loading, for the save its previous visit started on the way out
 * (an in-app link clicked right after typing), ms. Past it the page loads anyway: the draft on the
 * device holds whatever that save had not confirmed.
 */
export const PREVIOUS_VISIT_SAVE_WAIT_MS = 5_000;

type DayState = { day: number; attempt: number } & (
  | { status: 'loading' }
  | { status: 'ready'; content: DayContent; restored: RestoredAnswers; drafts: DraftStore }
  | { status: 'unpublished' }
  | { status: 'failed' }
);

const components = { ...lessonComponents, PageNav, a: LessonLink };

/**
 * The drafts of one student's day live under this scope (issue 6: a second student on the same
 * Chromebook never sees the first one's drafts).
 */
export function draftScope(studentId: string | number, day: number): string {
  return `student-${studentId}/day-${day}`;
}

/**
 * Sends a day's answers and translates the API's failures into the engine's: a 409 into
 * {@link RevisionConflictError} (autosave merges and saves again), no response into {@link OfflineError}.
 */
function saverFor(day: number): SaveAnswers {
  return async (answers, { keepalive, baseRevision }) => {
    try {
      const saved = await saveDayAnswers(day, answers, { keepalive, baseRevision });
      return { answers: saved.answers, revision: saved.revision ?? 0, savedAt: saved.savedAt };
    } catch (error) {
      const conflict = conflictOf(error);
      if (conflict) throw new RevisionConflictError(conflict.answers, conflict.revision ?? 0, conflict.savedAt);
      if (error instanceof ApiError && error.status === 0) throw new OfflineError(error.detail, { cause: error });
      throw error;
    }
  };
}

/**
 * A day's lesson page (spec section 2, "Day pages, shared layout"): the top navigation bar, the lesson
 * rendered from `content/days/day-N.mdx` with its widgets bound to the day's answers, the save pill and
 * the footer. Shows Loading until the lesson, the saved answers and the drafts on the device are read.
 *
 * Saved answers are repaired to today's schema and any draft the device holds is merged in
 * (`restoreAnswers`); a failure to load the saved answers is silent (spec section 8) and the page then
 * saves with no base revision, so it can never overwrite answers it did not see (issue 6).
 *
 * @param day - the day number, 1 to 5
 */
export function DayPage({ day }: { day: number }) {
  const { user } = useAuth();
  const studentId = user?.id ?? user?.username ?? 'anonymous';
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<DayState | null>(null);
  // What was loaded belongs to one day and one attempt; anything else is still loading.
  const state: DayState = loaded && loaded.day === day && loaded.attempt === attempt ? loaded : { day, attempt, status: 'loading' };
  const scope = draftScope(studentId, day);

  useEffect(() => {
    let cancelled = false;
    const settle = (next: DayState) => {
      if (!cancelled) setLoaded(next);
    };
    const drafts = openDraftStore(scope);
    const loadSaved = (): Promise<ServerAnswers | null | undefined> =>
      fetchDayAnswers(day).then(
        (saved) => (saved ? { answers: saved.answers, revision: saved.revision ?? 0, savedAt: saved.savedAt } : null),
        () => undefined,
      );
    waitForPendingSaves(scope, PREVIOUS_VISIT_SAVE_WAIT_MS)
      .then(() => Promise.all([loadDayContent(day), loadSaved(), drafts.list()]))
      .then(([content, saved, onDevice]) => {
        if (!content) return settle({ day, attempt, status: 'unpublished' });
        settle({ day, attempt, status: 'ready', content, restored: restoreAnswers(content.schema, saved, onDevice), drafts });
      })
      .catch(() => settle({ day, attempt, status: 'failed' }));
    return () => {
      cancelled = true;
    };
  }, [day, attempt, scope]);

  const save = useCallback<SaveAnswers>((answers, options) => saverFor(day)(answers, options), [day]);

  return (
    <div className="page">
      <TopNav />
      {state.status === 'loading' ? <Loading /> : null}
      {state.status === 'unpublished' ? (
        <main className="lesson" id="main">
          <h1>Day {day}</h1>
          <p>This day's lesson is not published yet. Check back later in the week.</p>
          {day > 1 ? <PageNav back={dayPath(day - 1)} backLabel={`Day ${day - 1}`} /> : null}
        </main>
      ) : null}
      {state.status === 'failed' ? (
        <main className="lesson" id="main">
          <h1>Day {day}</h1>
          <p role="alert">The lesson could not be downloaded. Check the Wi-Fi, then try again.</p>
          <button type="button" className="button" onClick={() => setAttempt((count) => count + 1)}>
            Try again
          </button>
        </main>
      ) : null}
      {state.status === 'ready' ? (
        <AnswersForm
          key={scope}
          schema={state.content.schema}
          answers={state.restored.answers}
          savedAt={state.restored.savedAt}
          base={state.restored.base}
          baseRevision={state.restored.baseRevision}
          dirty={state.restored.dirty}
          drafts={state.drafts}
          restoredDraftIds={state.restored.restoredDraftIds}
          scope={scope}
          save={save}
        >
          <FlushOnLogout />
          <main className="lesson" id="main">
            <LessonFileContext.Provider value={`content/days/day-${day}.mdx`}>
              <MDXProvider components={components}>
                <state.content.Lesson />
              </MDXProvider>
            </LessonFileContext.Provider>
          </main>
          <SavePill />
        </AnswersForm>
      ) : null}
    </div>
  );
}
