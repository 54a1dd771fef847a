import { useCallback } from 'react';
import { createAnswersSession, openDraftStore, type AnswersSession } from '../../engine/index.ts';
import { useAuth } from '../auth/auth-context.ts';
import { Loading } from '../layout/Loading.tsx';
import { PageNav } from '../layout/PageNav.tsx';
import { TopNav } from '../layout/TopNav.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { DAYS, dayPath } from '../site/days.ts';
import { dayAnswersTransport, draftScope } from './day-answers.ts';
import { Lesson } from './Lesson.tsx';
import { loadDayContent, loadDaySchema, type DayContent } from './registry.ts';
import { useLesson } from './use-lesson.ts';

/**
 * A day's lesson page (docs/requirements.md#day-pages): the top navigation bar, the lesson rendered from
 * `content/days/day-N.mdx` with its widgets bound to the day's answers session, the save pill and the
 * footer. Shows Loading until the lesson is downloaded and the session has opened: the save its previous
 * visit started is done, the saved answers are loaded and repaired, and any draft on the device is merged
 * in. A failure to load the saved answers is silent; the session then saves with no base revision, so
 * it can never overwrite answers it did not see (docs/decisions/007-one-answers-session.md).
 *
 * @param day - the day number, 1 to 5
 */
export function DayPage({ day }: { day: number }) {
  const { user, answerSessions } = useAuth();
  const scope = draftScope(user?.id ?? user?.username ?? 'anonymous', day);
  usePageTitle(DAYS.find((each) => each.day === day)?.label ?? `Day ${day}`);
  const load = useCallback(async (): Promise<{ content: DayContent; session: AnswersSession } | null> => {
    // The lesson downloads while the session opens: the schema is a small chunk of its own.
    const opening = loadDaySchema(day).then((schema) => {
      if (!schema) return null;
      const session = answerSessions.get(scope, () => createAnswersSession({ schema, transport: dayAnswersTransport(day), drafts: openDraftStore(scope) }));
      return session.open().then(() => session);
    });
    const [content, session] = await Promise.all([loadDayContent(day), opening]);
    return content && session ? { content, session } : null;
  }, [answerSessions, day, scope]);
  const { state, retry } = useLesson(`day-${day}`, load);

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
      {state.status === 'ready' ? <Lesson file={`content/days/day-${day}.mdx`} Content={state.lesson.content.Lesson} session={state.lesson.session} /> : null}
    </div>
  );
}
