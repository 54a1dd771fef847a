import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import messages from '../../content/locales/en/console.json';
import { answerFields, choiceBlanks, isAnswered, schemaAt, useLocale, useMessages, valueAt, type AnswersSchema } from '../../engine/index.ts';
import { ApiError } from '../api/client.ts';
import { loadDaySchema } from '../days/registry.ts';
import { Loading } from '../layout/Loading.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { dayTitle } from '../site/days.ts';
import type { Feedback } from '../api/feedback-endpoints.ts';
import { fetchClassDayAnswers, fetchDayQuestions, type ClassDayAnswers, type DayQuestion } from './answers-api.ts';
import { consoleKeys, describeFailure } from './console-queries.tsx';
import { fetchClassFeedback, FeedbackThread, useFeedback, type FeedbackChange } from './FeedbackThread.tsx';
import { AnswerValue } from './AnswerValue.tsx';
import { FetchFailed } from './FetchFailed.tsx';
import { formatLocale } from './format.ts';
import { classPath, fullName, parseIds } from './paths.ts';
import './facilitator-answers.css';

/** The search param that keeps the chosen question across reloads: the field's dotted path. */
const FIELD_PARAM = 'field';

/** Consecutive questions of one part of the lesson: an `<optgroup>` (or loose options before the first heading). */
interface QuestionRun {
  part: string;
  questions: DayQuestion[];
}

function runsOf(questions: readonly DayQuestion[]): QuestionRun[] {
  const runs: QuestionRun[] = [];
  for (const question of questions) {
    const last = runs[runs.length - 1];
    if (last && last.part === question.part) last.questions.push(question);
    else runs.push({ part: question.part, questions: [question] });
  }
  return runs;
}

/** Whether a key press belongs to a control (typing, choosing) rather than to the page. */
function inControl(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON'].includes(target.tagName));
}

type Students = ClassDayAnswers['students'];

/** How many students chose each option of each choice inside the question's field. */
function ChoiceCounts({ question, schema, students }: { question: DayQuestion; schema: AnswersSchema; students: Students }) {
  const t = useMessages(messages);
  const headingId = useId();
  const blanks = choiceBlanks(schema);
  if (blanks.length === 0) return null;
  return (
    <section className="choice-counts" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('choiceCounts.heading')}</h2>
      <div className="choice-counts__tables">
        {blanks.map((blank) => {
          const chosen = students.map((student) => valueAt(valueAt(student.answers, question.path), blank.path));
          const counts = blank.options.map((option) => [option, chosen.filter((value) => (value ?? '') === option).length] as const);
          const other = chosen.filter((value) => !blank.options.includes(typeof value === 'string' ? value : '')).length;
          return (
            <table key={blank.path} className="choice-counts__table">
              <caption>{blank.label ? t('choiceCounts.captionFor', { label: blank.label }) : t('choiceCounts.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('choiceCounts.option')}</th>
                  <th scope="col">{t('choiceCounts.students')}</th>
                </tr>
              </thead>
              <tbody>
                {counts.map(([option, count]) => (
                  <tr key={option}>
                    <th scope="row">{option === '' ? t('choiceCounts.noChoice') : option}</th>
                    <td>{count}</td>
                  </tr>
                ))}
                {other > 0 ? (
                  <tr>
                    <th scope="row">{t('choiceCounts.other')}</th>
                    <td>{other}</td>
                  </tr>
                ) : null}
              </tbody>
            </table>
          );
        })}
      </div>
    </section>
  );
}

export interface ByQuestionViewProps {
  classId: number;
  day: number;
  /** The day's answers schema: it says how each answer reads. */
  schema: AnswersSchema;
  /** The day's questions as its lesson asks them, in lesson order (`GET /api/facilitator/days/{day}/questions/`). */
  questions: readonly DayQuestion[];
  /** Every roster student's answers, in the class's progress order. */
  data: ClassDayAnswers;
  /** The feedback on the class's answers for the day, oldest first. */
  feedback: readonly Feedback[];
  /** Given each change to the feedback the facilitator makes, once the server accepted it (the page keeps its cache in step). */
  onFeedbackChange?: (change: FeedbackChange) => void;
}

/**
 * One question of a day, every student's answer side by side (a card each), for a facilitator. The
 * questions are the day's inputs as its lesson asks them, in lesson order (the worksheet's four
 * questions are four), grouped by the part of the lesson they sit in, in a select whose choice is kept
 * in `?field=` so it survives a reload; Previous and Next step through them, as do the Left and Right
 * arrow keys when no control has the focus. Students are "Student 1", "Student 2"… in the class's
 * order until "Show names" is switched on; "Only students with no answer yet" leaves out those who
 * answered (an answer differing from the field's default: engine/schema/fields.ts), keeping each
 * student's number. Under each answer, its feedback and Write feedback ({@link FeedbackThread}), naming
 * the student as the card does. A question holding choices (a blank, a select cell) also
 * gets a table per choice: each option and how many students chose it. Its words are `byQuestion.*` and
 * `choiceCounts.*` in content/locales/LOCALE/console.json; the questions, their parts and options are the
 * day's own.
 */
export function ByQuestionView({ classId, day, schema, questions, data, feedback: loadedFeedback, onFeedbackChange }: ByQuestionViewProps) {
  // The query is read and written with URLSearchParams rather than react-router's useSearchParams: the
  // router is part of the file every page downloads first, /login included, and that hook alone added
  // 0.33 kB to it (docs/decisions/011-first-visit-javascript.md).
  const t = useMessages(messages);
  const locale = formatLocale(useLocale());
  const { search } = useLocation();
  const navigate = useNavigate();
  const wanted = new URLSearchParams(search).get(FIELD_PARAM) ?? '';
  // An address from before questions were split per input (`?field=worksheet`) opens on the first of them.
  const index = Math.max(0, questions.findIndex((each) => each.path === wanted || each.path.startsWith(`${wanted}.`)));
  const question = questions[index];
  const fieldSchema = question ? schemaAt(schema, question.path) : undefined;
  const field = useMemo(() => answerFields(schema).find((each) => each.path === question?.path), [schema, question?.path]);
  const [showNames, setShowNames] = useState(false);
  const [onlyUnanswered, setOnlyUnanswered] = useState(false);
  const selectId = useId();
  const switchId = useId();
  const unansweredId = useId();
  // Numbered in the class's order whatever is shown, so "Student 3" is the same student on every question.
  const numbered = data.students.map((student, position) => ({ student, position }));
  const shown = onlyUnanswered && field ? numbered.filter(({ student }) => !isAnswered(field, student.answers)) : numbered;
  const title = dayTitle(day);
  usePageTitle(t('byQuestion.pageTitle', { day, title }));
  const { feedback, actions } = useFeedback(loadedFeedback, onFeedbackChange);

  const show = useCallback(
    (path: string) => {
      const params = new URLSearchParams(search);
      params.set(FIELD_PARAM, path);
      void navigate({ search: params.toString() }, { replace: true });
    },
    [navigate, search],
  );
  const previous = index > 0 ? questions[index - 1] : undefined;
  const next = index < questions.length - 1 ? questions[index + 1] : undefined;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || inControl(event.target)) return;
      const target = event.key === 'ArrowLeft' ? previous : event.key === 'ArrowRight' ? next : undefined;
      if (!target) return;
      event.preventDefault();
      show(target.path);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [previous, next, show]);

  return (
    <main className="content-page by-question" id="main">
      <p className="facilitator-day__back">
        <Link to={classPath(classId)}>{t('common.backToClassArrow')}</Link>
      </p>
      <h1>{t('byQuestion.heading', { day, title })}</h1>
      <div className="by-question__controls">
        <div className="by-question__field">
          <label htmlFor={selectId}>{t('byQuestion.question')}</label>
          <select id={selectId} className="control by-question__select" value={question?.path ?? ''} onChange={(event) => show(event.target.value)}>
            {runsOf(questions).map((run) =>
              run.part !== '' ? (
                <optgroup key={run.questions[0]!.path} label={run.part}>
                  {run.questions.map((each) => (
                    <option key={each.path} value={each.path}>
                      {each.prompt}
                    </option>
                  ))}
                </optgroup>
              ) : (
                run.questions.map((each) => (
                  <option key={each.path} value={each.path}>
                    {each.prompt}
                  </option>
                ))
              ),
            )}
          </select>
        </div>
        <div className="by-question__steps">
          <button type="button" className="button button--secondary" disabled={!previous} aria-keyshortcuts="ArrowLeft" onClick={() => previous && show(previous.path)}>
            {t('byQuestion.previous')}
          </button>
          <span className="by-question__position">{questions.length > 0 ? t('byQuestion.position', { position: index + 1, count: questions.length }) : ''}</span>
          <button type="button" className="button button--secondary" disabled={!next} aria-keyshortcuts="ArrowRight" onClick={() => next && show(next.path)}>
            {t('byQuestion.next')}
          </button>
        </div>
        <div className="by-question__names">
          <input id={switchId} type="checkbox" role="switch" checked={showNames} onChange={(event) => setShowNames(event.target.checked)} />
          <label htmlFor={switchId}>{t('byQuestion.showNames')}</label>
        </div>
        <div className="by-question__names">
          <input id={unansweredId} type="checkbox" role="switch" checked={onlyUnanswered} onChange={(event) => setOnlyUnanswered(event.target.checked)} />
          <label htmlFor={unansweredId}>{t('byQuestion.onlyUnanswered')}</label>
        </div>
      </div>
      {!question || !fieldSchema ? (
        <p>{t('byQuestion.noQuestions')}</p>
      ) : data.students.length === 0 ? (
        <p>{t('byQuestion.noStudents')}</p>
      ) : (
        <>
          {question.part !== '' ? <p className="by-question__part">{question.part}</p> : null}
          <h2 className="by-question__question">{question.prompt}</h2>
          {question.options && question.kind === 'blank_choice' ? <p className="by-question__options">{t('byQuestion.choicesOffered', { options: new Intl.ListFormat(locale, { type: 'disjunction' }).format(question.options) })}</p> : null}
          <ChoiceCounts question={question} schema={fieldSchema} students={data.students} />
          {onlyUnanswered ? <p role="status">{shown.length === 0 ? t('byQuestion.allAnswered') : t('byQuestion.unansweredCount', { shown: shown.length, total: numbered.length })}</p> : null}
          <ul className="by-question__cards" aria-label={t('byQuestion.answers')}>
            {shown.map(({ student, position }) => {
              const name = showNames ? `${fullName(student)} (${student.username})` : t('byQuestion.studentNumber', { number: position + 1 });
              return (
                <li key={student.id} className="answer-card">
                  <h3 className="answer-card__name">{name}</h3>
                  <AnswerValue schema={fieldSchema} value={valueAt(student.answers, question.path)} />
                  <FeedbackThread
                    place={{ classId, studentId: student.id, day }}
                    studentName={name}
                    name={question.path}
                    fields={[question]}
                    feedback={feedback.filter((each) => each.student_id === student.id && each.field === question.path)}
                    actions={actions}
                  />
                </li>
              );
            })}
          </ul>
        </>
      )}
    </main>
  );
}

/** What the by-question page shows: the class's answers, the day's schema and questions, and the feedback. */
interface ByQuestionData {
  data: ClassDayAnswers;
  schema: AnswersSchema;
  questions: DayQuestion[];
  feedback: readonly Feedback[];
}

/**
 * Downloads what the by-question page shows, together.
 *
 * @throws ApiError 404 when the day has no lesson in this build, or what a request throws
 */
async function loadByQuestion(classId: number, day: number): Promise<ByQuestionData> {
  const [data, schema, questions, feedback] = await Promise.all([fetchClassDayAnswers(classId, day), loadDaySchema(day), fetchDayQuestions(day), fetchClassFeedback(classId, day)]);
  if (!schema) throw new ApiError(404, 'not_found', `Day ${day} has no lesson.`);
  return { data, schema, questions, feedback };
}

/**
 * Every student's answer to one question of a day, for `/facilitator/classes/:classId/days/:day/questions`
 * (params read with `useParams`; the question in `?field=`). Shows Loading, then the
 * {@link ByQuestionView}; a class the facilitator cannot see (404) says so, and a dropped connection or
 * server error offers Try again. The download is one query (`consoleKeys.byQuestion`) of the console's
 * query client (`ConsoleQueries`, src/facilitator/console-queries.tsx); feedback written here updates
 * its cached copy.
 */
export function ByQuestionPage() {
  const t = useMessages(messages);
  const params = useParams();
  const ids = parseIds(params.classId, params.day);
  const [classId = 0, day = 0] = ids ?? [];
  const queryClient = useQueryClient();
  const fetched = useQuery({
    queryKey: ids ? consoleKeys.byQuestion(classId, day) : consoleKeys.notFound(`${params.classId}/${params.day}`),
    queryFn: () => (ids ? loadByQuestion(classId, day) : Promise.reject(new ApiError(404, 'not_found', 'No such page.'))),
    // Every download of students' answers is recorded in the audit log (docs/facilitators.md#privacy): on opening the page and on Try again, not each time the window regains focus.
    refetchOnWindowFocus: false,
  });
  // Only called once the page shows its data, so with valid ids.
  const keepFeedback = useCallback(
    (change: FeedbackChange) => {
      queryClient.setQueryData<ByQuestionData>(consoleKeys.byQuestion(classId, day), (cached) => cached && { ...cached, feedback: change(cached.feedback) });
    },
    [queryClient, classId, day],
  );
  if (fetched.data) {
    const { schema, questions, data, feedback } = fetched.data;
    return <ByQuestionView classId={classId} day={day} schema={schema} questions={questions} data={data} feedback={feedback} onFeedbackChange={keepFeedback} />;
  }
  if (!fetched.error) return <Loading />;
  return (
    <FetchFailed
      title={t('byQuestion.failedTitle', { day: params.day ?? '' })}
      failure={describeFailure(fetched.error, t('byQuestion.notFound'), t)}
      onRetry={() => void fetched.refetch()}
      back={{ to: classPath(classId), label: t('common.backToClass') }}
    />
  );
}
