import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import messages from '../../content/locales/en/console.json';
import { languageName, LOCALES, useMessages } from '../../engine/index.ts';
import { ApiError } from '../api/client.ts';
import {
  addFacilitator,
  addStudent,
  deleteClass,
  downloadExport,
  fetchClasses,
  fetchMessages,
  removeStudent,
  resetStudentPassword,
  sendMessage,
  setClassLanguage,
  type ClassProgress,
} from '../api/facilitator-endpoints.ts';
import { useAuth } from '../auth/auth-context.ts';
import { Loading } from '../layout/Loading.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { consoleKeys, invalidateRoster, PROGRESS_POLL_MS, useClassProgress } from './console-queries.tsx';
import { ConfirmButton, DeleteClassDialog, ResetPasswordButton } from './dialogs.tsx';
import { saveFile } from './download.ts';
import { FieldsForm } from './FieldsForm.tsx';
import { JoinLink } from './JoinLink.tsx';
import { RosterImport } from './RosterImport.tsx';
import { clockTime, fullName, problemOf } from './format.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { MessageComposer } from './MessageComposer.tsx';
import { DEFAULT_IDLE_AFTER_MINUTES, IDLE_AFTER_CHOICES, ProgressTable } from './ProgressTable.tsx';
import { ScrollTable } from './ScrollTable.tsx';
import { SentMessages } from './SentMessages.tsx';
import './facilitator.css';

/** A path parameter as a class or student id: a positive integer, else null. */
function idOf(param: string | undefined): number | null {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The class page at /facilitator/classes/:classId (docs/decisions/009-facilitator-console.md): the
 * live progress table, the roster, the CSV export, messages to the class and, for an admin, deleting
 * the class. A class that does not exist, or is not the facilitator's, says so. Its words are in
 * content/locales/LOCALE/console.json (`classPage.*`, `roster.*`, `export.*`…); the CSV itself is data,
 * with the same columns in every language.
 */
export function ClassPage() {
  const classId = idOf(useParams().classId);
  if (classId === null) return <NoSuchClass />;
  return <ClassView key={classId} classId={classId} />;
}

function NoSuchClass() {
  const t = useMessages(messages);
  usePageTitle(t('classPage.notFound'));
  return (
    <main className="console-page" id="main">
      <h1>{t('classPage.notFound')}</h1>
      <p>{t('classPage.notFoundText')}</p>
      <BackToClasses />
    </main>
  );
}

function BackToClasses() {
  const t = useMessages(messages);
  return (
    <p className="back-link">
      <Link to="/facilitator">
        <span aria-hidden="true">←</span> {t('classPage.yourClasses')}
      </Link>
    </p>
  );
}

export interface ClassViewProps {
  classId: number;
  /** The wait between progress checks, ms; {@link PROGRESS_POLL_MS} unless given (tests shorten it). */
  pollMs?: number;
}

/**
 * One class's console: what {@link ClassPage} shows for the id in its path. The progress refreshes
 * itself every `pollMs` while the tab shows ("Updated hh:mm:ss"); a roster change refreshes it at once
 * (its query is invalidated). Rendered under the console's query client (`ConsoleQueries`,
 * src/facilitator/console-queries.tsx).
 */
export function ClassView({ classId, pollMs = PROGRESS_POLL_MS }: ClassViewProps) {
  const t = useMessages(messages);
  const { progress, checkedAt, error, refresh } = useClassProgress(classId, pollMs);
  usePageTitle(progress?.class.name ?? t('classPage.pageTitle'));
  const [idleAfter, setIdleAfter] = useIdleAfterMinutes();

  if (!progress) {
    if (error instanceof ApiError && error.status === 404) return <NoSuchClass />;
    return (
      <main className="console-page" id="main">
        <BackToClasses />
        {error ? <LoadFailed message={t('loadFailed.class')} retry={refresh} /> : <Loading />}
      </main>
    );
  }

  return (
    <main className="console-page" id="main">
      <BackToClasses />
      <h1>{progress.class.name}</h1>
      <p className="console-card__meta">
        {progress.class.facilitators.length > 0 ? t('common.facilitators', { names: progress.class.facilitators.map(fullName).join(', ') }) : t('common.noFacilitators')}
      </p>

      <section aria-labelledby="progress-heading" className="console-section">
        <div className="console-section__header">
          <h2 id="progress-heading">{t('classPage.progress')}</h2>
          {/* Not a live region: a screen reader would read it out every 15 s. */}
          <p className="console-updated">
            {checkedAt ? t('classPage.updated', { time: clockTime(checkedAt) }) : ''}
            {error ? ` · ${t('classPage.updateFailed')}` : ''}
          </p>
        </div>
        {progress.students.length === 0 ? (
          <p>{t('classPage.noStudents')}</p>
        ) : (
          // The progress and the time it was received arrive together: relative times count from then.
          <>
            <IdleSetting minutes={idleAfter} onChange={setIdleAfter} />
            <ProgressTable progress={progress} now={checkedAt?.getTime() ?? 0} idleAfterMinutes={idleAfter} />
          </>
        )}
      </section>

      <Roster progress={progress} />
      <JoinLink classId={classId} className={progress.class.name} />
      <RosterImport classId={classId} className={progress.class.name} />
      <ClassLanguage classId={classId} />
      <Export classId={classId} days={progress.days.map(({ day }) => day)} />
      <Messages progress={progress} />
      <DangerZone progress={progress} />
    </main>
  );
}

/** Where the facilitator's choice of "Mark idle after" is kept on this device (minutes, as text). */
const IDLE_AFTER_KEY = 'helix.console.idleAfterMinutes';

/** The "Mark idle after" minutes, kept in localStorage for the next visit; {@link DEFAULT_IDLE_AFTER_MINUTES} until chosen. */
function useIdleAfterMinutes(): [number, (minutes: number) => void] {
  const [minutes, setMinutes] = useState(() => {
    const kept = Number(localStorage.getItem(IDLE_AFTER_KEY) ?? Number.NaN);
    return (IDLE_AFTER_CHOICES as readonly number[]).includes(kept) ? kept : DEFAULT_IDLE_AFTER_MINUTES;
  });
  const choose = (next: number) => {
    setMinutes(next);
    localStorage.setItem(IDLE_AFTER_KEY, String(next));
  };
  return [minutes, choose];
}

/** The setting beside the progress table: after how many minutes without activity a student is marked idle, or never. */
function IdleSetting({ minutes, onChange }: { minutes: number; onChange(minutes: number): void }) {
  const t = useMessages(messages);
  return (
    <p className="console-idle-setting">
      <label>
        {t('classPage.idleBefore')}{' '}
        <select className="control" value={minutes} onChange={(event) => onChange(Number(event.target.value))}>
          {IDLE_AFTER_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {choice === 0 ? t('classPage.idleNever') : t('classPage.idleMinutes', { minutes: choice })}
            </option>
          ))}
        </select>
      </label>{' '}
      {t('classPage.idleAfter')}
    </p>
  );
}

/**
 * The class's default language (docs/decisions/023-the-reader-s-language.md): the one a student who signs
 * up into the class starts in, or each student's browser's. Saved as soon as it is chosen; a failure says
 * why and leaves the choice as it was.
 */
function ClassLanguage({ classId }: { classId: number }) {
  const t = useMessages(messages);
  const queryClient = useQueryClient();
  const classes = useQuery({ queryKey: consoleKeys.classes(), queryFn: () => fetchClasses() });
  const stored = classes.data?.find(({ id }) => id === classId)?.language;
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null);
  if (stored === undefined) return null;
  async function choose(value: string) {
    const language = value === '' ? null : value;
    try {
      await setClassLanguage(classId, language);
      setStatus({ text: language ? t('classLanguage.saved', { language: languageName(language) }) : t('classLanguage.savedBrowser'), failed: false });
      await queryClient.invalidateQueries({ queryKey: consoleKeys.classes() });
    } catch (error) {
      setStatus({ text: problemOf(error, t), failed: true });
    }
  }
  return (
    <section aria-labelledby="class-language-heading" className="console-section">
      <h2 id="class-language-heading">{t('classLanguage.heading')}</h2>
      <p>
        <label>
          {t('classLanguage.label')}{' '}
          <select className="control" value={stored ?? ''} onChange={(event) => void choose(event.target.value)}>
            <option value="">{t('classLanguage.browser')}</option>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {languageName(locale)}
              </option>
            ))}
          </select>
        </label>
      </p>
      <p className="console-card__meta">{t('classLanguage.note')}</p>
      {status ? (
        <p role={status.failed ? 'alert' : 'status'} className={status.failed ? 'form-alert' : undefined}>
          {status.text}
        </p>
      ) : null}
    </section>
  );
}

/** The class's students with Reset password and Remove, and the forms that add a student or a co-facilitator; each change invalidates the roster's queries. */
function Roster({ progress }: { progress: ClassProgress }) {
  const t = useMessages(messages);
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const classId = progress.class.id;
  const onChange = () => void invalidateRoster(queryClient, classId);
  const mayAddFacilitators = progress.class.is_creator || user?.role === 'admin';
  return (
    <section aria-labelledby="roster-heading" className="console-section">
      <h2 id="roster-heading">{t('roster.heading')}</h2>
      {progress.students.length > 0 ? (
        <ScrollTable labelledBy="roster-heading" head={[t('column.student'), t('column.username'), t('column.classroomName'), t('column.actions')]} stacked>
              {progress.students.map((student) => {
                const name = fullName(student);
                return (
                  <tr key={student.id}>
                    <th scope="row">{name}</th>
                    <td data-label={t('column.username')}>{student.username}</td>
                    <td data-label={t('column.classroomName')}>{student.classroom_name ?? '—'}</td>
                    <td className="console-table__actions">
                      <ResetPasswordButton
                        who={name}
                        reset={async () => {
                          const password = await resetStudentPassword(classId, student.id);
                          // The server logs the reset in the audit log (docs/facilitators.md#privacy).
                          void queryClient.invalidateQueries({ queryKey: consoleKeys.audit() });
                          return password;
                        }}
                        note={t('roster.studentResetNote')}
                      />
                      <ConfirmButton
                        label={t('roster.remove')}
                        accessibleLabel={t('roster.removeLabel', { name })}
                        title={t('roster.removeTitle', { name, className: progress.class.name })}
                        description={<p>{t('roster.removeDescription')}</p>}
                        onConfirm={async () => {
                          await removeStudent(classId, student.id);
                          onChange();
                        }}
                      />
                    </td>
                  </tr>
                );
              })}
        </ScrollTable>
      ) : null}
      <h3>{t('roster.addStudent')}</h3>
      <FieldsForm
        title={t('roster.addStudent')}
        fields={[{ name: 'username', label: t('roster.studentUsername') }]}
        submitLabel={t('roster.addStudentSubmit')}
        onSubmit={async ({ username }) => {
          const added = await addStudent(classId, username);
          onChange();
          return t('common.added', { name: fullName(added) });
        }}
      />
      {mayAddFacilitators ? (
        <>
          <h3>{t('roster.addFacilitator')}</h3>
          <FieldsForm
            title={t('roster.addFacilitator')}
            fields={[{ name: 'username', label: t('roster.facilitatorUsername') }]}
            submitLabel={t('roster.addFacilitatorSubmit')}
            onSubmit={async ({ username }) => {
              const added = await addFacilitator(classId, username);
              onChange();
              return t('roster.facilitatorAdded', { name: fullName(added) });
            }}
          />
        </>
      ) : null}
    </section>
  );
}

/**
 * The CSV export: all days, or one. What the section says is in the reader's language; the file (its
 * columns, its values, the file name) is the same in every language, data for a spreadsheet.
 */
function Export({ classId, days }: { classId: number; days: number[] }) {
  const t = useMessages(messages);
  const [busy, setBusy] = useState<number | 'all' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function download(day: number | undefined) {
    setBusy(day ?? 'all');
    setProblem(null);
    try {
      saveFile(await downloadExport(classId, day), `class-${classId}-${day === undefined ? 'all-days' : `day-${day}`}.csv`);
    } catch (error) {
      setProblem(problemOf(error, t));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="export-heading" className="console-section">
      <h2 id="export-heading">{t('export.heading')}</h2>
      <p className="console-hint">{t('export.hint')}</p>
      <div className="console-actions">
        <button type="button" className="button" disabled={busy !== null} onClick={() => void download(undefined)}>
          {t('export.allDays')}
        </button>
        {days.map((day) => (
          <button key={day} type="button" className="button button--secondary" disabled={busy !== null} aria-label={t('export.dayLabel', { day })} onClick={() => void download(day)}>
            {t('common.dayNumber', { day })}
          </button>
        ))}
      </div>
      <p role="status" className="console-hint">
        {busy !== null ? t('export.preparing') : ''}
      </p>
      {problem ? (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}

/**
 * The composer and the class's sent messages: loaded when the page opens and asked for again after each
 * send (the query is invalidated); what is shown stays while it reloads, and when a reload fails.
 */
function Messages({ progress }: { progress: ClassProgress }) {
  const t = useMessages(messages);
  const classId = progress.class.id;
  const queryClient = useQueryClient();
  const sent = useQuery({ queryKey: consoleKeys.messages(classId), queryFn: () => fetchMessages(classId) });
  return (
    <section aria-labelledby="messages-heading" className="console-section">
      <h2 id="messages-heading">{t('messages.heading')}</h2>
      <MessageComposer
        students={progress.students}
        onSend={async (draft) => {
          const message = await sendMessage(classId, draft);
          void queryClient.invalidateQueries({ queryKey: consoleKeys.messages(classId) });
          return message.recipients;
        }}
      />
      <h3>{t('messages.sent')}</h3>
      {sent.data ? <SentMessages messages={sent.data} /> : sent.error ? <LoadFailed message={t('loadFailed.sentMessages')} retry={() => void sent.refetch()} /> : <Loading />}
    </section>
  );
}

/** For an admin: deleting the class, then back to the classes, whose lists are marked stale. */
function DangerZone({ progress }: { progress: ClassProgress }) {
  const t = useMessages(messages);
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (user?.role !== 'admin') return null;
  return (
    <section aria-labelledby="danger-heading" className="console-section console-section--danger">
      <h2 id="danger-heading">{t('dangerZone.heading')}</h2>
      <p>{t('dangerZone.text')}</p>
      <DeleteClassDialog
        className={progress.class.name}
        onDelete={async (confirm) => {
          await deleteClass(progress.class.id, confirm);
          void navigate('/facilitator', { replace: true });
          // Its students' accounts went with it, and the deletion is in the audit log.
          for (const queryKey of [consoleKeys.classes(), consoleKeys.unassigned(), consoleKeys.audit()]) void queryClient.invalidateQueries({ queryKey });
        }}
      />
    </section>
  );
}
