import { useId, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { answerQuestions, choiceBlanks, shortDescription, valueAt, type AnswersSchema, type AnswerQuestion } from '../../engine/index.ts';
import { ApiError } from '../api/client.ts';
import { loadDaySchema } from '../days/registry.ts';
import { Loading } from '../layout/Loading.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { DAY_TITLES } from '../site/days.ts';
import { fetchClassDayAnswers, type ClassDayAnswers } from './answers-api.ts';
import { AnswerValue } from './AnswerValue.tsx';
import { FetchFailed } from './FetchFailed.tsx';
import { classPath, fullName, parseIds } from './paths.ts';
import { describeFailure, useFetched } from './use-fetched.ts';
import './facilitator-answers.css';

/** The search param that keeps the chosen question across reloads: the field's dotted path. */
const FIELD_PARAM = 'field';

/** Consecutive fields of one group: an `<optgroup>` (or loose options when `group` is null). */
interface FieldRun {
  group: AnswerQuestion['group'];
  fields: AnswerQuestion[];
}

function runsOf(fields: readonly AnswerQuestion[]): FieldRun[] {
  const runs: FieldRun[] = [];
  for (const field of fields) {
    const last = runs[runs.length - 1];
    if (last && last.group?.path === field.group?.path) last.fields.push(field);
    else runs.push({ group: field.group, fields: [field] });
  }
  return runs;
}

type Students = ClassDayAnswers['students'];

/** How many students chose each option of each choice inside `field`. */
function ChoiceCounts({ field, students }: { field: AnswerQuestion; students: Students }) {
  const headingId = useId();
  const blanks = choiceBlanks(field.schema);
  if (blanks.length === 0) return null;
  return (
    <section className="choice-counts" aria-labelledby={headingId}>
      <h2 id={headingId}>Choices made</h2>
      <div className="choice-counts__tables">
        {blanks.map((blank) => {
          const chosen = students.map((student) => valueAt(valueAt(student.answers, field.path), blank.path));
          const counts = blank.options.map((option) => [option, chosen.filter((value) => (value ?? '') === option).length] as const);
          const other = chosen.filter((value) => !blank.options.includes(typeof value === 'string' ? value : '')).length;
          return (
            <table key={blank.path} className="choice-counts__table">
              <caption>{blank.label ? `${shortDescription(field.description)}: ${blank.label}` : shortDescription(field.description)}</caption>
              <thead>
                <tr>
                  <th scope="col">Option</th>
                  <th scope="col">Students</th>
                </tr>
              </thead>
              <tbody>
                {counts.map(([option, count]) => (
                  <tr key={option}>
                    <th scope="row">{option === '' ? 'No choice' : option}</th>
                    <td>{count}</td>
                  </tr>
                ))}
                {other > 0 ? (
                  <tr>
                    <th scope="row">Another answer</th>
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
  /** The day's answers schema: it lists the questions and says how each answer reads. */
  schema: AnswersSchema;
  /** Every roster student's answers, in the class's progress order. */
  data: ClassDayAnswers;
}

/**
 * One question of a day, every student's answer side by side (a card each), for a facilitator. The
 * questions are the day's answer fields from its schema ({@link answerQuestions}: fields marked
 * `"x-no-input"` left out), grouped by section and labelled by their descriptions, in a select whose
 * choice is kept in `?field=` so it survives a reload. Students are "Student 1", "Student 2"… in the
 * class's order until "Show names" is switched on. A field holding choices (a string `enum`, or lists
 * and rows of them) also gets a table per choice: each option and how many students chose it.
 */
export function ByQuestionView({ classId, day, schema, data }: ByQuestionViewProps) {
  const fields = answerQuestions(schema);
  // The query is read and written with URLSearchParams rather than react-router's useSearchParams: the
  // router is part of the file every page downloads first, /login included, and that hook alone added
  // 0.33 kB to it (docs/decisions/011-first-visit-javascript.md).
  const { search } = useLocation();
  const navigate = useNavigate();
  const field = fields.find((each) => each.path === new URLSearchParams(search).get(FIELD_PARAM)) ?? fields[0];
  const [showNames, setShowNames] = useState(false);
  const selectId = useId();
  const switchId = useId();
  const dayName = DAY_TITLES[day] ? `Day ${day} · ${DAY_TITLES[day]}` : `Day ${day}`;
  usePageTitle(`${dayName} by question`);

  return (
    <main className="content-page by-question" id="main">
      <p className="facilitator-day__back">
        <Link to={classPath(classId)}>← Back to the class</Link>
      </p>
      <h1>{dayName} — answers by question</h1>
      <div className="by-question__controls">
        <div className="by-question__field">
          <label htmlFor={selectId}>Question</label>
          <select
            id={selectId}
            className="control by-question__select"
            value={field?.path ?? ''}
            onChange={(event) => {
              const params = new URLSearchParams(search);
              params.set(FIELD_PARAM, event.target.value);
              void navigate({ search: params.toString() }, { replace: true });
            }}
          >
            {runsOf(fields).map((run) =>
              run.group ? (
                <optgroup key={run.fields[0]!.path} label={shortDescription(run.group.description)}>
                  {run.fields.map((each) => (
                    <option key={each.path} value={each.path}>
                      {each.description}
                    </option>
                  ))}
                </optgroup>
              ) : (
                run.fields.map((each) => (
                  <option key={each.path} value={each.path}>
                    {each.description}
                  </option>
                ))
              ),
            )}
          </select>
        </div>
        <div className="by-question__names">
          <input id={switchId} type="checkbox" role="switch" checked={showNames} onChange={(event) => setShowNames(event.target.checked)} />
          <label htmlFor={switchId}>Show names</label>
        </div>
      </div>
      {!field ? (
        <p>This day has no questions.</p>
      ) : data.students.length === 0 ? (
        <p>No student is in this class yet.</p>
      ) : (
        <>
          <h2 className="by-question__question">{field.description}</h2>
          <ChoiceCounts field={field} students={data.students} />
          <ul className="by-question__cards" aria-label="Answers">
            {data.students.map((student, index) => {
              const name = showNames ? `${fullName(student)} (${student.username})` : `Student ${index + 1}`;
              return (
                <li key={student.id} className="answer-card">
                  <h3 className="answer-card__name">{name}</h3>
                  <AnswerValue schema={field.schema} value={valueAt(student.answers, field.path)} />
                </li>
              );
            })}
          </ul>
        </>
      )}
    </main>
  );
}

/**
 * Every student's answer to one question of a day, for `/facilitator/classes/:classId/days/:day/questions`
 * (params read with `useParams`; the question in `?field=`). Shows Loading, then the
 * {@link ByQuestionView}; a class the facilitator cannot see (404) says so, and a dropped connection or
 * server error offers Try again.
 */
export function ByQuestionPage() {
  const params = useParams();
  const ids = parseIds(params.classId, params.day);
  const [classId = 0, day = 0] = ids ?? [];
  const [fetched, retry] = useFetched(async () => {
    const [data, schema] = await Promise.all([ids ? fetchClassDayAnswers(classId, day) : Promise.reject(new ApiError(404, 'not_found', 'No such page.')), loadDaySchema(day)]);
    if (!schema) throw new ApiError(404, 'not_found', `Day ${day} has no lesson.`);
    return { data, schema };
  }, `${params.classId}/${params.day}`);
  if (fetched.status === 'loading') return <Loading />;
  if (fetched.status === 'failed') {
    return (
      <FetchFailed
        title={`Day ${params.day ?? ''}: answers by question`}
        failure={describeFailure(fetched.error, 'This class is not one of yours, or the day has no lesson.')}
        onRetry={retry}
        back={{ to: classPath(classId), label: 'Back to the class' }}
      />
    );
  }
  return <ByQuestionView classId={classId} day={day} schema={fetched.value.schema} data={fetched.value.data} />;
}
