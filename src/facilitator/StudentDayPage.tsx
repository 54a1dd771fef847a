import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MDXContent } from 'mdx/types';
import { useCallback, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import messages from '../../content/locales/en/console.json';
import { createReadOnlySession, currentLocale, DEFAULT_LOCALE, languageName, LOCALES, useLocale, useMessages } from '../../engine/index.ts';
import { ApiError } from '../api/client.ts';
import { Lesson } from '../days/Lesson.tsx';
import { loadDayContent, loadDayLesson, PUBLISHED_DAYS, type DayContent } from '../days/registry.ts';
import { Loading } from '../layout/Loading.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import type { Feedback } from '../api/feedback-endpoints.ts';
import { feedbackOn, isUnder } from '../feedback/FeedbackNote.tsx';
import { fetchClassRoster, fetchDayQuestions, fetchStudentDay, type ClassRoster, type DayQuestion, type Person, type StudentDayAnswers } from './answers-api.ts';
import { consoleKeys, describeFailure } from './console-queries.tsx';
import { fetchStudentFeedback, FeedbackThread, useFeedback, type FeedbackChange } from './FeedbackThread.tsx';
import { FetchFailed } from './FetchFailed.tsx';
import { formatLocale } from './format.ts';
import { classPath, fullName, parseIds, studentDayPath } from './paths.ts';
import './facilitator-answers.css';

/** What the student-day page shows: the student's answers, the day's lesson, and the class's students in order. */
export interface StudentDayData {
  answers: StudentDayAnswers;
  /**
   * The day's lesson, in the language the student was reading at the day's last save (else the
   * facilitator's, else the original), and schema; null when the day has no lesson in this build.
   */
  content: DayContent | null;
  /** The class and its students in progress order; null when the progress could not be loaded (no links between students then). */
  roster: ClassRoster | null;
  /** The feedback on the student's answers for the day, oldest first. */
  feedback: Feedback[];
  /** The day's questions as the lesson asks them (a table's cells each one); empty when they could not be loaded. */
  questions: DayQuestion[];
}

/**
 * Downloads what the page shows, together: the answers, the lesson chunk, the feedback, the day's
 * questions (whose failure only leaves a table's feedback without a choice of cell) and the class
 * progress (whose failure only drops the links between students).
 *
 * @throws ApiError 404 for ids that are not positive integers, or what the answers request throws
 */
async function loadStudentDay(classId: number, studentId: number, day: number): Promise<StudentDayData> {
  const answered = fetchStudentDay(classId, studentId, day);
  const [answers, content, roster, feedback, questions] = await Promise.all([
    answered,
    // The prompts as the student read them (docs/decisions/023-the-reader-s-language.md).
    answered.then((each) => loadDayContent(day, each.language ?? currentLocale())),
    fetchClassRoster(classId).catch(() => null),
    fetchStudentFeedback(classId, studentId, day),
    fetchDayQuestions(day).catch(() => []),
  ]);
  return { answers, content, roster, feedback, questions };
}

/** The student before and after `studentId` in the class's progress order, each null at either end. */
function neighbours(roster: ClassRoster | null, studentId: number): { previous: Person | null; next: Person | null } {
  const students = roster?.students ?? [];
  const index = students.findIndex((student) => student.id === studentId);
  if (index === -1) return { previous: null, next: null };
  return { previous: students[index - 1] ?? null, next: students[index + 1] ?? null };
}

export interface StudentDayViewProps {
  classId: number;
  day: number;
  data: StudentDayData;
  /** Given each change to the feedback the facilitator makes, once the server accepted it (the page keeps its cache in step). */
  onFeedbackChange?: (change: FeedbackChange) => void;
}

/**
 * A student's day as a facilitator reads it: a header (the student's name and username, the class, when
 * the day was last saved, links to each day of this student and to the previous and next student in
 * the class's progress order, Print and the way back to the class) above the day's lesson, every widget
 * showing the student's answers read-only (`createReadOnlySession`), and under each answer its
 * feedback with Write feedback ({@link FeedbackThread}). Nothing here changes the answers. Printed, the
 * header keeps only who and when (facilitator-answers.css; the lesson prints by engine/styles.css).
 * The header's words are `studentDay.*` in content/locales/LOCALE/console.json, its date in the reader's
 * language. The lesson is in the language the student read at the day's last save, said above it, with
 * a button that shows it in another language (the answers stay as they are).
 */
export function StudentDayView({ classId, day, data, onFeedbackChange }: StudentDayViewProps) {
  const t = useMessages(messages);
  const locale = formatLocale(useLocale());
  const { answers, content, roster } = data;
  const { student } = answers;
  const session = useMemo(
    () => (content ? createReadOnlySession({ schema: content.schema, answers: answers.answers, savedAt: answers.updated_at ? new Date(answers.updated_at) : null }) : null),
    [content, answers],
  );
  const className = roster?.class.name ?? null;
  const { previous, next } = neighbours(roster, student.id);
  const [other, setOther] = useState<{ Lesson: MDXContent; locale: string } | null>(null);
  const shown = other ?? content;
  const otherLocale = LOCALES.find((each) => each !== shown?.locale);
  const showOther = () => {
    if (!content || !otherLocale) return;
    if (otherLocale === content.locale) setOther(null);
    else void loadDayLesson(day, otherLocale).then(setOther, (error: unknown) => console.warn(`Day ${day} in ${otherLocale} could not be downloaded.`, error));
  };
  usePageTitle(t('studentDay.pageTitle', { name: fullName(student), day }));
  const { feedback, actions } = useFeedback(data.feedback, onFeedbackChange);
  const place = useMemo(() => ({ classId, studentId: student.id, day }), [classId, student.id, day]);
  const studentName = fullName(student);
  const beside = useCallback(
    (name: string) => {
      const fields = data.questions.filter((question) => isUnder(question.path, name));
      return (
        <FeedbackThread
          place={place}
          studentName={studentName}
          name={name}
          fields={fields.length > 0 ? fields : [{ path: name, prompt: name }]}
          feedback={feedbackOn(feedback, name)}
          actions={actions}
        />
      );
    },
    [data.questions, place, studentName, feedback, actions],
  );

  return (
    <div className="page facilitator-day">
      <div className="facilitator-day__header page-column">
        <p className="facilitator-day__back">
          <Link to={classPath(classId)}>{className ? t('studentDay.backTo', { className }) : t('common.backToClassArrow')}</Link>
        </p>
        <p className="facilitator-day__student">
          <strong>{fullName(student)}</strong> <span className="facilitator-day__username">({student.username})</span>
          {className ? <span> · {className}</span> : null}
        </p>
        <p className="facilitator-day__saved">
          {answers.updated_at
            ? t('studentDay.lastSaved', { day, date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(answers.updated_at)) })
            : t('studentDay.nothingSaved', { day })}
        </p>
        <div className="facilitator-day__navs">
          <nav aria-label={t('studentDay.daysOf', { name: fullName(student) })}>
            <ul className="facilitator-day__days">
              {PUBLISHED_DAYS.map((each) => (
                <li key={each}>
                  <Link to={studentDayPath(classId, student.id, each)} aria-current={each === day ? 'page' : undefined}>
                    {t('common.dayNumber', { day: each })}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label={t('studentDay.students')}>
            <ul className="facilitator-day__students">
              {previous ? (
                <li>
                  <Link to={studentDayPath(classId, previous.id, day)} rel="prev">
                    {t('studentDay.previous')}
                  </Link>
                </li>
              ) : null}
              {next ? (
                <li>
                  <Link to={studentDayPath(classId, next.id, day)} rel="next">
                    {t('studentDay.next')}
                  </Link>
                </li>
              ) : null}
            </ul>
          </nav>
          <button type="button" className="button button--secondary" onClick={() => window.print()}>
            {t('studentDay.print')}
          </button>
        </div>
      </div>
      {content && shown && session ? (
        <>
          <p className="facilitator-day__language page-column">
            {answers.language === shown.locale
              ? t('studentDay.readIn', { name: student.first_name || student.username, language: languageName(shown.locale) })
              : t('studentDay.shownIn', { language: languageName(shown.locale) })}{' '}
            {otherLocale ? (
              <button type="button" className="button button--secondary" onClick={showOther}>
                {t('studentDay.showIn', { language: languageName(otherLocale) })}
              </button>
            ) : null}
          </p>
          <Lesson
            key={`${student.id}/${day}`}
            file={`content/days/day-${day}${shown.locale === DEFAULT_LOCALE ? '' : `.${shown.locale}`}.mdx`}
            Content={shown.Lesson}
            locale={shown.locale}
            session={session}
            beside={beside}
            whole
          />
        </>
      ) : (
        <main className="content-page" id="main">
          <h1>{t('common.dayNumber', { day })}</h1>
          <p>{t('studentDay.noLesson')}</p>
        </main>
      )}
    </div>
  );
}

/**
 * The facilitator's read-only view of one student's day, for
 * `/facilitator/classes/:classId/students/:studentId/days/:day` (params read with `useParams`). Shows
 * Loading, then the {@link StudentDayView}; a student or class the facilitator cannot see (404) says
 * so, and a dropped connection or server error offers Try again. The download is one query
 * (`consoleKeys.studentDay`) of the console's query client (`ConsoleQueries`,
 * src/facilitator/console-queries.tsx); feedback written here updates its cached copy.
 */
export function StudentDayPage() {
  const t = useMessages(messages);
  const params = useParams();
  const ids = parseIds(params.classId, params.studentId, params.day);
  const [classId = 0, studentId = 0, day = 0] = ids ?? [];
  const queryKey = ids ? consoleKeys.studentDay(classId, studentId, day) : consoleKeys.notFound(`${params.classId}/${params.studentId}/${params.day}`);
  const queryClient = useQueryClient();
  const fetched = useQuery({
    queryKey,
    queryFn: () => (ids ? loadStudentDay(classId, studentId, day) : Promise.reject(new ApiError(404, 'not_found', 'No such page.'))),
    // Every download of students' answers is recorded in the audit log (docs/facilitators.md#privacy): on opening the page and on Try again, not each time the window regains focus.
    refetchOnWindowFocus: false,
  });
  // Only called once the page shows its data, so with valid ids.
  const keepFeedback = useCallback(
    (change: FeedbackChange) => {
      queryClient.setQueryData<StudentDayData>(consoleKeys.studentDay(classId, studentId, day), (cached) => cached && { ...cached, feedback: [...change(cached.feedback)] });
    },
    [queryClient, classId, studentId, day],
  );
  if (fetched.data) return <StudentDayView classId={classId} day={day} data={fetched.data} onFeedbackChange={keepFeedback} />;
  if (!fetched.error) return <Loading />;
  return (
    <FetchFailed
      title={t('common.dayNumber', { day: params.day ?? '' })}
      failure={describeFailure(fetched.error, t('studentDay.notFound'), t)}
      onRetry={() => void fetched.refetch()}
      back={{ to: classPath(classId), label: t('common.backToClass') }}
    />
  );
}
