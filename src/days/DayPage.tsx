import { useCallback, useEffect, useMemo } from 'react';
import { usePageData, useSettled, type Loaded } from '../layout/loaded.ts';
import { FeedbackNotes } from '../feedback/FeedbackNote.tsx';
import { useOptionalInbox } from '../layout/inbox-context.ts';
import { InboxProvider } from '../layout/InboxProvider.tsx';
import { Loading } from '../layout/Loading.tsx';
import { PageNav } from '../layout/PageNav.tsx';
import { TopNav } from '../layout/TopNav.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { dayPath } from '../routes.ts';
import { DAYS } from '../site/days.ts';
import { Lesson, type LessonProps } from './Lesson.tsx';
import { takeDay, type OpenedDay } from './open-day.ts';

/** What the day's loader hands the page, unresolved, so the page shows Loading at once. */
export interface DayData {
  day: Promise<Loaded<OpenedDay>>;
  /** Counts the loader's runs: each opening starts a new form from the session's answers. */
  opening: number;
}

let openings = 0;

/**
 * The loader of a day's page: the day opened by src/days/open-day.ts (taking the opening a first visit
 * started early, when there is one for this student and day).
 *
 * @param day - a published day's number (src/site/days.ts)
 */
export function loadDay(day: number): DayData {
  openings += 1;
  return { day: takeDay(day), opening: openings };
}

/**
 * A day's lesson page (docs/requirements.md#day-pages): the top navigation bar with the inbox's unread
 * count, the lesson rendered from
 * `content/days/day-N.mdx` with its widgets bound to the day's answers session, the facilitators'
 * feedback under the answers it is about, the save pill and the footer. Shows Loading until its loader ({@link loadDay}) has opened the day.
 *
 * @param day - a published day's number (src/site/days.ts)
 */
export function DayPage({ day }: { day: number }) {
  const [data, reopen] = usePageData(() => loadDay(day));
  usePageTitle(DAYS.find((each) => each.day === day)?.label ?? `Day ${day}`);
  return (
    <InboxProvider>
      <div className="page">
        <TopNav />
        <DayLesson key={data.opening} day={day} opening={data.day} retry={reopen} />
      </div>
    </InboxProvider>
  );
}

function DayLesson({ day, opening, retry }: { day: number; opening: DayData['day']; retry: () => void }) {
  // Not use() under Suspense: the lesson shows the moment the day has opened (useSettled says why).
  const loaded = useSettled(opening);
  if (loaded === undefined) return <Loading />;
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
  return <DayLessonWithFeedback day={day} file={`content/days/day-${day}.mdx`} Content={content.Lesson} session={session} />;
}

/**
 * The lesson with the facilitators' feedback on the day's answers under the widgets that hold them
 * (docs/facilitators.md#feedback); what it shows is marked read.
 */
function DayLessonWithFeedback({ day, ...lesson }: LessonProps & { day: number }) {
  const inbox = useOptionalInbox();
  const all = inbox?.feedback;
  const feedback = useMemo(() => (all ?? []).filter((each) => each.day === day), [all, day]);
  const markFeedbackRead = inbox?.markFeedbackRead;
  useEffect(() => {
    if (feedback.length > 0) markFeedbackRead?.(feedback);
  }, [feedback, markFeedbackRead]);
  const beside = useCallback((name: string) => <FeedbackNotes feedback={feedback} name={name} />, [feedback]);
  return <Lesson {...lesson} beside={beside} />;
}
