import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../api/client.ts';
import {
  addFacilitator,
  addStudent,
  deleteClass,
  downloadExport,
  fetchMessages,
  removeStudent,
  resetStudentPassword,
  sendMessage,
  type ClassProgress,
} from '../api/facilitator-endpoints.ts';
import { useAuth } from '../auth/auth-context.ts';
import { Loading } from '../layout/Loading.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { consoleKeys, invalidateRoster, PROGRESS_POLL_MS, useClassProgress } from './console-queries.tsx';
import { ConfirmButton, DeleteClassDialog, ResetPasswordButton } from './dialogs.tsx';
import { saveFile } from './download.ts';
import { FieldsForm } from './FieldsForm.tsx';
import { clockTime, fullName, problemOf } from './format.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { MessageComposer } from './MessageComposer.tsx';
import { DEFAULT_IDLE_AFTER_MINUTES, IDLE_AFTER_CHOICES, ProgressTable } from './ProgressTable.tsx';
import { ScrollTable } from './ScrollTable.tsx';
import { SentMessages } from './SentMessages.tsx';
import './facilitator.css';

/** What a student's password reset does besides (docs/decisions/009-facilitator-console.md). */
export const STUDENT_RESET_NOTE = 'The student’s other logins have been ended: they sign in again with this password.';

/** A path parameter as a class or student id: a positive integer, else null. */
function idOf(param: string | undefined): number | null {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The class page at /facilitator/classes/:classId (docs/decisions/009-facilitator-console.md): the
 * live progress table, the roster, the CSV export, messages to the class and, for an admin, deleting
 * the class. A class that does not exist, or is not the facilitator's, says so.
 */
export function ClassPage() {
  const classId = idOf(useParams().classId);
  if (classId === null) return <NoSuchClass />;
  return <ClassView key={classId} classId={classId} />;
}

function NoSuchClass() {
  usePageTitle('Class not found');
  return (
    <main className="console-page" id="main">
      <h1>Class not found</h1>
      <p>This class does not exist, or it is not one of yours.</p>
      <BackToClasses />
    </main>
  );
}

function BackToClasses() {
  return (
    <p className="back-link">
      <Link to="/facilitator">
        <span aria-hidden="true">←</span> Your classes
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
  const { progress, checkedAt, error, refresh } = useClassProgress(classId, pollMs);
  usePageTitle(progress?.class.name ?? 'Class');
  const [idleAfter, setIdleAfter] = useIdleAfterMinutes();

  if (!progress) {
    if (error instanceof ApiError && error.status === 404) return <NoSuchClass />;
    return (
      <main className="console-page" id="main">
        <BackToClasses />
        {error ? <LoadFailed what="the class" retry={refresh} /> : <Loading />}
      </main>
    );
  }

  return (
    <main className="console-page" id="main">
      <BackToClasses />
      <h1>{progress.class.name}</h1>
      <p className="console-card__meta">Facilitators: {progress.class.facilitators.map(fullName).join(', ') || 'none'}</p>

      <section aria-labelledby="progress-heading" className="console-section">
        <div className="console-section__header">
          <h2 id="progress-heading">Progress</h2>
          {/* Not a live region: a screen reader would read it out every 15 s. */}
          <p className="console-updated">
            {checkedAt ? `Updated ${clockTime(checkedAt)}` : ''}
            {error ? ' · The latest update failed; trying again.' : ''}
          </p>
        </div>
        {progress.students.length === 0 ? (
          <p>No student in this class yet: add them under Roster.</p>
        ) : (
          // The progress and the time it was received arrive together: relative times count from then.
          <>
            <IdleSetting minutes={idleAfter} onChange={setIdleAfter} />
            <ProgressTable progress={progress} now={checkedAt?.getTime() ?? 0} idleAfterMinutes={idleAfter} />
          </>
        )}
      </section>

      <Roster progress={progress} />
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
  return (
    <p className="console-idle-setting">
      <label>
        Mark students idle after{' '}
        <select className="control" value={minutes} onChange={(event) => onChange(Number(event.target.value))}>
          {IDLE_AFTER_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {choice === 0 ? 'never' : `${choice} minutes`}
            </option>
          ))}
        </select>
      </label>{' '}
      without activity while others are active
    </p>
  );
}

/** The class's students with Reset password and Remove, and the forms that add a student or a co-facilitator; each change invalidates the roster's queries. */
function Roster({ progress }: { progress: ClassProgress }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const classId = progress.class.id;
  const onChange = () => void invalidateRoster(queryClient, classId);
  const mayAddFacilitators = progress.class.is_creator || user?.role === 'admin';
  return (
    <section aria-labelledby="roster-heading" className="console-section">
      <h2 id="roster-heading">Roster</h2>
      {progress.students.length > 0 ? (
        <ScrollTable labelledBy="roster-heading" head={['Student', 'Username', 'Classroom name', 'Actions']} stacked>
              {progress.students.map((student) => {
                const name = fullName(student);
                return (
                  <tr key={student.id}>
                    <th scope="row">{name}</th>
                    <td data-label="Username">{student.username}</td>
                    <td data-label="Classroom name">{student.classroom_name ?? '—'}</td>
                    <td className="console-table__actions">
                      <ResetPasswordButton
                        who={name}
                        reset={async () => {
                          const password = await resetStudentPassword(classId, student.id);
                          // The server logs the reset in the audit log (docs/facilitators.md#privacy).
                          void queryClient.invalidateQueries({ queryKey: consoleKeys.audit() });
                          return password;
                        }}
                        note={STUDENT_RESET_NOTE}
                      />
                      <ConfirmButton
                        label="Remove"
                        accessibleLabel={`Remove ${name}`}
                        title={`Remove ${name} from ${progress.class.name}?`}
                        description={<p>Their account and answers stay; they are only taken off this class’s roster.</p>}
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
      <h3>Add a student</h3>
      <FieldsForm
        title="Add a student"
        fields={[{ name: 'username', label: 'Student’s username' }]}
        submitLabel="Add student"
        problems={{ no_such_student: 'No student has this username.' }}
        onSubmit={async ({ username }) => {
          const added = await addStudent(classId, username);
          onChange();
          return `${fullName(added)} was added.`;
        }}
      />
      {mayAddFacilitators ? (
        <>
          <h3>Add a co-facilitator</h3>
          <FieldsForm
            title="Add a co-facilitator"
            fields={[{ name: 'username', label: 'Facilitator’s username' }]}
            submitLabel="Add co-facilitator"
            problems={{ no_such_facilitator: 'No facilitator has this username.' }}
            onSubmit={async ({ username }) => {
              const added = await addFacilitator(classId, username);
              onChange();
              return `${fullName(added)} can now see this class.`;
            }}
          />
        </>
      ) : null}
    </section>
  );
}

function Export({ classId, days }: { classId: number; days: number[] }) {
  const [busy, setBusy] = useState<number | 'all' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function download(day: number | undefined) {
    setBusy(day ?? 'all');
    setProblem(null);
    try {
      saveFile(await downloadExport(classId, day), `class-${classId}-${day === undefined ? 'all-days' : `day-${day}`}.csv`);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="export-heading" className="console-section">
      <h2 id="export-heading">Export</h2>
      <p className="console-hint">A CSV file of every student’s answers, one row a student, for a spreadsheet.</p>
      <div className="console-actions">
        <button type="button" className="button" disabled={busy !== null} onClick={() => void download(undefined)}>
          Download CSV (all days)
        </button>
        {days.map((day) => (
          <button key={day} type="button" className="button button--secondary" disabled={busy !== null} aria-label={`Download CSV of Day ${day}`} onClick={() => void download(day)}>
            Day {day}
          </button>
        ))}
      </div>
      <p role="status" className="console-hint">
        {busy !== null ? 'Preparing the download…' : ''}
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
  const classId = progress.class.id;
  const queryClient = useQueryClient();
  const sent = useQuery({ queryKey: consoleKeys.messages(classId), queryFn: () => fetchMessages(classId) });
  return (
    <section aria-labelledby="messages-heading" className="console-section">
      <h2 id="messages-heading">Messages</h2>
      <MessageComposer
        students={progress.students}
        onSend={async (draft) => {
          const message = await sendMessage(classId, draft);
          void queryClient.invalidateQueries({ queryKey: consoleKeys.messages(classId) });
          return message.recipients;
        }}
      />
      <h3>Sent</h3>
      {sent.data ? <SentMessages messages={sent.data} /> : sent.error ? <LoadFailed what="the sent messages" retry={() => void sent.refetch()} /> : <Loading />}
    </section>
  );
}

/** For an admin: deleting the class, then back to the classes, whose lists are marked stale. */
function DangerZone({ progress }: { progress: ClassProgress }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (user?.role !== 'admin') return null;
  return (
    <section aria-labelledby="danger-heading" className="console-section console-section--danger">
      <h2 id="danger-heading">Delete this class</h2>
      <p>Deleting the class deletes its students’ accounts and answers too. Download the CSV export first.</p>
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
