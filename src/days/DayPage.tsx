import { useCallback } from 'react';
import { OfflineError, RevisionConflictError, type SaveAnswers } from '../../engine/index.ts';
import { ApiError } from '../api/client.ts';
import { conflictOf, fetchDayAnswers, saveDayAnswers } from '../api/endpoints.ts';
import { useAuth } from '../auth/auth-context.ts';
import { Loading } from '../layout/Loading.tsx';
import { PageNav } from '../layout/PageNav.tsx';
import { TopNav } from '../layout/TopNav.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { DAYS, dayPath } from '../site/days.ts';
import { Lesson } from './Lesson.tsx';
import { loadDayContent } from './registry.ts';
import { loadLessonWithAnswers, useLesson } from './use-lesson.ts';

export { PREVIOUS_VISIT_SAVE_WAIT_MS } from './use-lesson.ts';

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
  const scope = draftScope(studentId, day);
  // Each day has its own tab title, e.g. "Day 3: How Do We Detect Cancer? – SciTrek" (issue 9).
  usePageTitle(DAYS.find((each) => each.day === day)?.label ?? `Day ${day}`);
  const load = useCallback(
    () =>
      loadLessonWithAnswers({
        scope,
        loadContent: () => loadDayContent(day),
        loadSaved: () =>
          fetchDayAnswers(day).then(
            (saved) => (saved ? { answers: saved.answers, revision: saved.revision ?? 0, savedAt: saved.savedAt } : null),
            () => undefined,
          ),
      }),
    [day, scope],
  );
  const { state, retry } = useLesson(`day-${day}`, load);

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
          <button type="button" className="button" onClick={retry}>
            Try again
          </button>
        </main>
      ) : null}
      {state.status === 'ready' ? (
        <Lesson
          file={`content/days/day-${day}.mdx`}
          Content={state.lesson.content.Lesson}
          answers={{ schema: state.lesson.content.schema, restored: state.lesson.restored, drafts: state.lesson.drafts, scope, save }}
        />
      ) : null}
    </div>
  );
}
