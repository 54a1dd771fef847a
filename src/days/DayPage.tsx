import type { MDXContent } from 'mdx/types';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import messages from '../../content/locales/en/day.json';
import frameMessages from '../../content/locales/en/bar.json';
import { DEFAULT_LOCALE, useLocale, useMessages, type AnswersSession } from '../../engine/index.ts';
import { addLanguagePreparer } from '../i18n/language.ts';
import { usePageData, useSettled, type Loaded } from '../layout/loaded.ts';
import { FeedbackNotes } from '../feedback/FeedbackNote.tsx';
import { useOptionalInbox } from '../layout/inbox-context.ts';
import { InboxProvider } from '../layout/InboxProvider.tsx';
import { Loading } from '../layout/Loading.tsx';
import { PageNav } from '../layout/PageNav.tsx';
import { TopNav } from '../layout/TopNav.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { dayPath } from '../routes.ts';
import { dayTitle } from '../site/days.ts';
import { Lesson, type LessonProps } from './Lesson.tsx';
import { dayPeekLanguage, loadDayLesson, type DayContent } from './registry.ts';
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
  const t = useMessages(frameMessages);
  usePageTitle(t('day.label', { day, title: dayTitle(day) }));
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
  const t = useMessages(messages);
  const frame = useMessages(frameMessages);
  // Not use() under Suspense: the lesson shows the moment the day has opened (useSettled says why).
  const loaded = useSettled(opening);
  if (loaded === undefined) return <Loading />;
  if (loaded.status === 'failed') {
    return (
      <main className="lesson" id="main">
        <h1>{frame('day.number', { day })}</h1>
        <p role="alert">{t('day.downloadFailed')}</p>
        <button type="button" className="button" onClick={retry}>
          {t('day.tryAgain')}
        </button>
      </main>
    );
  }
  if (loaded.value === null) {
    return (
      <main className="lesson" id="main">
        <h1>{frame('day.number', { day })}</h1>
        <p>{t('day.notPublished')}</p>
        {day > 1 ? <PageNav back={dayPath(day - 1)} backLabel={frame('day.number', { day: day - 1 })} /> : null}
      </main>
    );
  }
  const { content, session } = loaded.value;
  return <SwitchableLesson day={day} content={content} session={session} />;
}

/** Where the student was reading: the index of a heading among the lesson's headings, and its distance from the window's top, px. */
interface ReadingPlace {
  heading: number;
  top: number;
}

const HEADINGS = 'h1, h2, h3, h4';

/** The last heading of the lesson at or above the top of the window (the part being read), else the first. */
function readingPlace(lesson: HTMLElement | null): ReadingPlace | null {
  const headings = [...(lesson?.querySelectorAll<HTMLElement>(HEADINGS) ?? [])];
  if (headings.length === 0) return null;
  const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
  let heading = 0;
  headings.forEach((each, index) => {
    if (each.getBoundingClientRect().top <= header + 1) heading = index;
  });
  return { heading, top: headings[heading]!.getBoundingClientRect().top };
}

/** How long after a switch the heading being read is held in place while the new text settles, ms. */
const HOLD_PLACE_MS = 1500;

/**
 * Scrolls so that `heading` is `top` px from the window's top, and keeps it there while the lesson's
 * height settles (its boxes grow to fit their answers, its images arrive), for {@link HOLD_PLACE_MS} or
 * until the student scrolls, touches or presses a key.
 *
 * @returns a function that stops holding
 */
function keepInPlace(heading: HTMLElement, top: number): () => void {
  const hold = () => window.scrollBy(0, heading.getBoundingClientRect().top - top);
  hold();
  const observer = new ResizeObserver(hold);
  observer.observe(document.getElementById('main') ?? document.body);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const event of STUDENT_MOVES) window.removeEventListener(event, stop, true);
  };
  const timer = setTimeout(stop, HOLD_PLACE_MS);
  for (const event of STUDENT_MOVES) window.addEventListener(event, stop, { capture: true, passive: true });
  return stop;
}

/** What a student does to move through the page themselves, which ends {@link keepInPlace}'s hold. */
const STUDENT_MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * The lessons a switch downloaded, by `day:locale`, read by the render the language change causes. Not
 * component state: storing them there rendered the whole lesson once more, in the old language, before
 * the switch, for nothing (bench:web's switch; its figures in docs/decisions/023-the-reader-s-language.md, "Measured").
 */
const preparedLessons = new Map<string, { Lesson: MDXContent; locale: string }>();

/**
 * A day's lesson in the reader's language, swapped in place when they switch
 * (docs/decisions/023-the-reader-s-language.md): before the switch the lesson in the new language is
 * downloaded (a language preparer, src/i18n/language.ts), then the page renders it inside the same
 * answers form, so every answer and every unsaved keystroke stays, and scrolls so that the heading of
 * the part being read is where it was.
 */
function SwitchableLesson({ day, content, session }: { day: number; content: DayContent; session: AnswersSession }) {
  const locale = useLocale();
  const place = useRef<ReadingPlace | null>(null);
  useEffect(
    () =>
      addLanguagePreparer(async (next) => {
        const lesson = await loadDayLesson(day, next);
        if (lesson) preparedLessons.set(`${day}:${next}`, lesson);
        place.current = readingPlace(document.getElementById('main'));
      }),
    [day],
  );
  const shown = (locale === content.locale ? undefined : preparedLessons.get(`${day}:${locale}`)) ?? content;
  const peek = useMemo(() => dayPeekLanguage(day, shown.locale), [day, shown.locale]);
  useLayoutEffect(() => {
    const before = place.current;
    place.current = null;
    const heading = before && document.getElementById('main')?.querySelectorAll<HTMLElement>(HEADINGS)[before.heading];
    if (!before || !heading) return;
    return keepInPlace(heading, before.top);
  }, [shown]);
  return (
    <DayLessonWithFeedback
      day={day}
      file={`content/days/day-${day}${shown.locale === DEFAULT_LOCALE ? '' : `.${shown.locale}`}.mdx`}
      Content={shown.Lesson}
      locale={shown.locale}
      whole={shown !== content}
      session={session}
      peek={peek}
    />
  );
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
