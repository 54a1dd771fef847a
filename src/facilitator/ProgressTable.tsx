import { useState } from 'react';
import { Link } from 'react-router';
import messages from '../../content/locales/en/console.json';
import { languageName, useLocale, useMessages } from '../../engine/index.ts';
import type { ClassProgress, DayState, StudentProgress } from '../api/facilitator-endpoints.ts';
import { exactTime, formatLocale, fullName, relativeTime } from './format.ts';

/** A day's state in words, readable without its colour: its message in content/locales/LOCALE/console.json ("Not started", "In progress", "Complete"). */
const DAY_STATE_LABELS = {
  not_started: 'progressTable.state.notStarted',
  in_progress: 'progressTable.state.inProgress',
  complete: 'progressTable.state.complete',
} as const satisfies Record<DayState, keyof typeof messages>;

/** A shape beside the words, so the state shows at a glance without colour too. */
const DAY_STATE_ICONS: Record<DayState, string> = { not_started: '○', in_progress: '◐', complete: '●' };

/** What the table is sorted by: the student's name (last, then first) or their progress over the week. */
export interface ProgressSort {
  by: 'name' | 'progress';
  direction: 'ascending' | 'descending';
}

/** The server's order: by last name, then first name. */
const BY_NAME: ProgressSort = { by: 'name', direction: 'ascending' };

/** Inputs answered over every day, and how many there are. */
function totals(student: StudentProgress, days: ClassProgress['days']): { answered: number; fields: number } {
  let answered = 0;
  let fields = 0;
  for (const { day, fields: count } of days) {
    fields += count;
    answered += student.days.find((each) => each.day === day)?.answered ?? 0;
  }
  return { answered, fields };
}

const byName = (a: StudentProgress, b: StudentProgress) =>
  a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name) || a.username.localeCompare(b.username);

/**
 * The students in the order of `sort`: by name (last, first, username), or by the share of the week's
 * inputs answered (ties by name, ascending whatever the direction).
 */
export function sortStudents(progress: ClassProgress, sort: ProgressSort): StudentProgress[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const share = (student: StudentProgress) => {
    const { answered, fields } = totals(student, progress.days);
    return fields === 0 ? 0 : answered / fields;
  };
  return [...progress.students].sort((a, b) => (sort.by === 'name' ? sign * byName(a, b) : sign * (share(a) - share(b)) || byName(a, b)));
}

/** The choices of "Mark idle after", minutes; 0 turns the mark off. The first one after 0 is the default. */
export const IDLE_AFTER_CHOICES = [0, 5, 10, 15, 20, 30] as const;
/** Minutes without activity after which a student is marked idle while others are active, unless the facilitator chose otherwise. */
export const DEFAULT_IDLE_AFTER_MINUTES = 10;

/**
 * The students to mark idle: those with no activity for `idleAfterMinutes` (or none at all) while at
 * least one student of the class was active within that time. Nobody is marked when the whole class is
 * quiet (before or after the lesson), or when `idleAfterMinutes` is 0.
 *
 * @param now - ms since the epoch
 * @returns the ids of the idle students
 */
export function idleStudents(progress: ClassProgress, now: number, idleAfterMinutes: number): Set<number> {
  if (idleAfterMinutes <= 0) return new Set();
  const since = now - idleAfterMinutes * 60_000;
  const active = (student: StudentProgress) => student.last_activity !== null && Date.parse(student.last_activity) >= since;
  if (!progress.students.some(active)) return new Set();
  return new Set(progress.students.filter((student) => !active(student)).map(({ id }) => id));
}

export interface ProgressTableProps {
  progress: ClassProgress;
  /** The time relative times count from, ms since the epoch (stories and tests fix it). */
  now: number;
  /** Mark a student with no activity for this many minutes while others are active ({@link idleStudents}); 0: never. Default {@link DEFAULT_IDLE_AFTER_MINUTES}. */
  idleAfterMinutes?: number;
  /** The order at first; by name unless given. */
  initialSort?: ProgressSort;
}

/**
 * The class's progress (docs/decisions/009-facilitator-console.md): a row a student (name, username,
 * last activity as a relative time with the exact time in a `<time>` and its `title`), a column a day.
 * Each cell shows `answered/fields` and its state in words and a shape ("Not started", "In progress",
 * "Complete") as well as colour (`data-state`), and links to the student's answers for that day; a
 * day's heading links to its answers question by question. The Student and Week headings sort the
 * rows (`aria-sort` says how). A student with no activity for `idleAfterMinutes` while others are
 * active is marked "Idle" in words beside their last activity, and their row is tinted
 * (`data-idle`), so a teacher sees who may need help. It scrolls sideways inside its own box on a phone.
 * Its words are `progressTable.*` in content/locales/LOCALE/console.json, its times in the reader's language;
 * the days' titles are the progress's own.
 */
export function ProgressTable({ progress, now, initialSort = BY_NAME, idleAfterMinutes = DEFAULT_IDLE_AFTER_MINUTES }: ProgressTableProps) {
  const t = useMessages(messages);
  const locale = formatLocale(useLocale());
  const [sort, setSort] = useState<ProgressSort>(initialSort);
  const classId = progress.class.id;
  const students = sortStudents(progress, sort);
  const idle = idleStudents(progress, now, idleAfterMinutes);

  function sortBy(by: ProgressSort['by']) {
    setSort((current) =>
      current.by === by
        ? { by, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { by, direction: by === 'name' ? 'ascending' : 'descending' },
    );
  }

  const ariaSort = (by: ProgressSort['by']) => (sort.by === by ? sort.direction : undefined);
  const arrow = (by: ProgressSort['by']) => (sort.by !== by ? '↕' : sort.direction === 'ascending' ? '↑' : '↓');

  return (
    <div className="console-table-scroll" role="region" aria-labelledby="progress-caption" tabIndex={0}>
      <table className="console-table progress-table">
        <caption id="progress-caption" className="visually-hidden">
          {t('progressTable.caption', { className: progress.class.name })}
        </caption>
        <thead>
          <tr>
            <th scope="col" aria-sort={ariaSort('name')}>
              <button type="button" className="progress-table__sort" onClick={() => sortBy('name')}>
                {t('column.student')} <span aria-hidden="true">{arrow('name')}</span>
              </button>
            </th>
            <th scope="col">{t('progressTable.lastActivity')}</th>
            <th scope="col">{t('progressTable.language')}</th>
            {progress.days.map(({ day, title }) => (
              <th scope="col" key={day}>
                <Link to={`/facilitator/classes/${classId}/days/${day}/questions`} className="progress-table__day">
                  <span aria-hidden="true">{t('common.dayNumber', { day })}</span>
                  <span className="visually-hidden">{t('progressTable.dayByQuestion', { day })}</span>
                </Link>
                <span className="progress-table__day-title">{title}</span>
              </th>
            ))}
            <th scope="col" aria-sort={ariaSort('progress')}>
              <button type="button" className="progress-table__sort" onClick={() => sortBy('progress')}>
                {t('progressTable.week')} <span aria-hidden="true">{arrow('progress')}</span>
              </button>
            </th>
          </tr>
        </thead>
        <tbody>
          {students.map((student) => {
            const name = fullName(student);
            const week = totals(student, progress.days);
            return (
              <tr key={student.id} data-idle={idle.has(student.id) ? 'true' : undefined}>
                <th scope="row">
                  <span className="progress-table__name">{name}</span>
                  <span className="progress-table__username">{student.username}</span>
                </th>
                <td>
                  {student.last_activity ? (
                    <time dateTime={student.last_activity} title={exactTime(student.last_activity, locale)}>
                      {relativeTime(student.last_activity, now, t, locale)}
                    </time>
                  ) : (
                    t('common.never')
                  )}
                  {idle.has(student.id) ? (
                    <span className="progress-table__idle" title={t('progressTable.idleTitle', { minutes: idleAfterMinutes })}>
                      {t('progressTable.idle')}
                      <span className="visually-hidden">{t('progressTable.idleDetail', { minutes: idleAfterMinutes })}</span>
                    </span>
                  ) : null}
                </td>
                <td>{student.language ? <span lang={student.language}>{languageName(student.language)}</span> : <span className="console-muted">{t('progressTable.noLanguage')}</span>}</td>
                {progress.days.map(({ day, fields }) => {
                  const cell = student.days.find((each) => each.day === day);
                  const state: DayState = cell?.state ?? 'not_started';
                  return (
                    <td key={day} data-state={state} className="progress-table__cell">
                      <Link to={`/facilitator/classes/${classId}/students/${student.id}/days/${day}`}>
                        <span className="visually-hidden">{t('progressTable.cellLabel', { name, day })} </span>
                        <span className="progress-table__count">
                          {cell?.answered ?? 0}/{fields}
                        </span>{' '}
                        <span className="progress-table__state">
                          <span aria-hidden="true">{DAY_STATE_ICONS[state]}</span> {t(DAY_STATE_LABELS[state])}
                        </span>
                      </Link>
                    </td>
                  );
                })}
                <td>
                  {week.answered}/{week.fields}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
