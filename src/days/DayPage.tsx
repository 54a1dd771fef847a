import { Suspense, use } from 'react';
import { createAnswersSession, openDraftStore, type AnswersSession } from '../../engine/index.ts';
import { answerSessions, answersOwner } from '../auth/answer-sessions.ts';
import { settle, usePageData, type Loaded } from '../layout/loaded.ts';
import { InboxProvider } from '../layout/InboxProvider.tsx';
import { Loading } from '../layout/Loading.tsx';
import { PageNav } from '../layout/PageNav.tsx';
import { TopNav } from '../layout/TopNav.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { DAYS, dayPath } from '../site/days.ts';
import { dayAnswersTransport, draftScope } from './day-answers.ts';
import { Lesson } from './Lesson.tsx';
import { loadDayContent, loadDaySchema, type DayContent } from './registry.ts';

/** A day ready to show: its lesson and its opened answers session; null when the day is not published. */
type OpenedDay = { content: DayContent; session: AnswersSession } | null;

/** What the day's loader hands the page, unresolved, so the page shows Loading at once. */
export interface DayData {
  day: Promise<Loaded<OpenedDay>>;
  /** Counts the loader's runs: each opening starts a new form from the session's answers. */
  opening: number;
}

let openings = 0;

/**
 * Opens a day: downloads the lesson while the day's answers session opens (the schema is a small chunk
 * of its own). Opening waits for the save the previous visit started, loads the saved answers, repairs
 * them and merges any draft on the device (docs/decisions/007-one-answers-session.md). A failure to load
 * the saved answers is silent: the session then saves with no base revision, so it can never overwrite
 * answers it did not see. A failed lesson download is `failed`.
 *
 * @param day - the day number, 1 to 5
 */
export function loadDay(day: number): DayData {
  const scope = draftScope(answersOwner(), day);
  const opening = loadDaySchema(day).then((schema) => {
    if (!schema) return null;
    const session = answerSessions.get(scope, () => createAnswersSession({ schema, transport: dayAnswersTransport(day), drafts: openDraftStore(scope) }));
    return session.open().then(() => session);
  });
  const opened = Promise.all([loadDayContent(day), opening]).then(([content, session]) => (content && session ? { content, session } : null));
  openings += 1;
  return { day: settle(opened, `Day ${day}`), opening: openings };
}

/**
 * A day's lesson page (docs/requirements.md#day-pages): the top navigation bar with the inbox's unread
 * count, the lesson rendered from
 * `content/days/day-N.mdx` with its widgets bound to the day's answers session, the save pill and the
 * footer. Shows Loading until its loader ({@link loadDay}) has opened the day.
 *
 * @param day - the day number, 1 to 5
 */
export function DayPage({ day }: { day: number }) {
  const [data, reopen] = usePageData(() => loadDay(day));
  usePageTitle(DAYS.find((each) => each.day === day)?.label ?? `Day ${day}`);
  return (
    <InboxProvider>
      <div className="page">
        <TopNav />
        <Suspense fallback={<Loading />}>
          <DayLesson key={data.opening} day={day} opening={data.day} retry={reopen} />
        </Suspense>
      </div>
    </InboxProvider>
  );
}

function DayLesson({ day, opening, retry }: { day: number; opening: DayData['day']; retry: () => void }) {
  const loaded = use(opening);
  if (loaded.status === 'failed') {
    return (
      <main className="lesson" id="main">
        <h1>Day {day}</h1>
        <p role="alert">The lesson could not be downloaded. Check the Wi-Fi, then try again.</p>
        <button type="button" className="button" onClick={retry}>
          Try again
        </button>
      </main>
    );
  }
  if (loaded.value === null) {
    return (
      <main className="lesson" id="main">
        <h1>Day {day}</h1>
        <p>This day's lesson is not published yet. Check back later in the week.</p>
        {day > 1 ? <PageNav back={dayPath(day - 1)} backLabel={`Day ${day - 1}`} /> : null}
      </main>
    );
  }
  const { content, session } = loaded.value;
  return <Lesson file={`content/days/day-${day}.mdx`} Content={content.Lesson} session={session} />;
}
