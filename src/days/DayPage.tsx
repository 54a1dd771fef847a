import { MDXProvider } from '@mdx-js/react';
import { useCallback, useEffect, useState } from 'react';
import { AnswersForm, lessonComponents, normalize, SavePill, type Answers, type SaveAnswers } from '../../engine/index.ts';
import { fetchDayAnswers, saveDayAnswers } from '../api/endpoints.ts';
import { FlushOnLogout } from '../auth/FlushOnLogout.tsx';
import { Loading } from '../layout/Loading.tsx';
import { PageNav } from '../layout/PageNav.tsx';
import { TopNav } from '../layout/TopNav.tsx';
import { LessonLink } from './LessonLink.tsx';
import { loadDayContent, type DayContent } from './registry.ts';

type DayState = { day: number; attempt: number } & (
  | { status: 'loading' }
  | { status: 'ready'; content: DayContent; answers: Answers; savedAt: Date | null }
  | { status: 'unpublished' }
  | { status: 'failed' }
);

const components = { ...lessonComponents, PageNav, a: LessonLink };

/**
 * A day's lesson page (spec section 2, "Day pages, shared layout"): the top navigation bar, the lesson
 * rendered from `content/days/day-N.mdx` with its widgets bound to the day's answers, the save pill and
 * the footer. Shows Loading until the lesson and the saved answers are fetched; saved answers are
 * normalised over the schema's defaults, and a failure to load them is ignored (spec section 4, "Day
 * page"; section 8: "Saved-answers load failure: silent, defaults are used").
 *
 * @param day - the day number, 1 to 5
 */
export function DayPage({ day }: { day: number }) {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<DayState | null>(null);
  // What was loaded belongs to one day and one attempt; anything else is still loading.
  const state: DayState = loaded && loaded.day === day && loaded.attempt === attempt ? loaded : { day, attempt, status: 'loading' };

  useEffect(() => {
    let cancelled = false;
    const settle = (next: DayState) => {
      if (!cancelled) setLoaded(next);
    };
    Promise.all([loadDayContent(day), fetchDayAnswers(day).catch(() => null)])
      .then(([content, saved]) => {
        if (!content) return settle({ day, attempt, status: 'unpublished' });
        const answers = normalize<Answers>(content.schema, saved?.answers);
        settle({ day, attempt, status: 'ready', content, answers, savedAt: saved?.savedAt ?? null });
      })
      .catch(() => settle({ day, attempt, status: 'failed' }));
    return () => {
      cancelled = true;
    };
  }, [day, attempt]);

  const save = useCallback<SaveAnswers>(async (answers, { keepalive }) => {
    await saveDayAnswers(day, answers, { keepalive });
  }, [day]);

  return (
    <div className="page">
      <TopNav />
      {state.status === 'loading' ? <Loading /> : null}
      {state.status === 'unpublished' ? (
        <main className="lesson" id="main">
          <h1>Day {day}</h1>
          <p>This day's lesson is not published yet. Check back later in the week.</p>
          {day > 1 ? <PageNav back={`/sections/day-${day - 1}`} backLabel={`Day ${day - 1}`} /> : null}
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
        <AnswersForm key={day} schema={state.content.schema} answers={state.answers} savedAt={state.savedAt} save={save}>
          <FlushOnLogout />
          <main className="lesson" id="main">
            <MDXProvider components={components}>
              <state.content.Lesson />
            </MDXProvider>
          </main>
          <SavePill />
        </AnswersForm>
      ) : null}
    </div>
  );
}
