import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  createFacilitator,
  fetchAudit,
  fetchStaff,
  fetchUnassigned,
  resetFacilitatorPassword,
  type AuditEntry,
  type StaffMember,
  type UnassignedStudent,
} from '../api/facilitator-endpoints.ts';
import { Loading } from '../layout/Loading.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { consoleKeys } from './console-queries.tsx';
import { PasswordDialog, ResetPasswordButton } from './dialogs.tsx';
import { FieldsForm } from './FieldsForm.tsx';
import { exactTime, fullName } from './format.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { ScrollTable } from './ScrollTable.tsx';
import './facilitator.css';

/** What a facilitator's new or reset password says besides. */
const FACILITATOR_PASSWORD_NOTE = 'Their other logins have been ended; they should choose a password of their own from their profile after signing in.';

/** An audit row's action in words. */
const ACTIONS: Record<AuditEntry['action'], string> = {
  view_day: 'Viewed a day’s answers',
  view_question: 'Viewed answers by question',
  export: 'Exported answers',
  reset_password: 'Reset a password',
  delete_class: 'Deleted a class',
};

/**
 * The admin page at /facilitator/admin, for admins only (docs/decisions/009-facilitator-console.md):
 * the facilitators, each with "Reset password"; "Add facilitator", which shows the new account's
 * temporary password once; the students in no class; and the audit log (who viewed whose answers, when).
 * Each list loads on its own (Loading, then the list or Try again); adding a facilitator asks for the
 * facilitators again, and a password reset for the audit log. Rendered under the console's query client
 * (`ConsoleQueries`, src/facilitator/console-queries.tsx).
 */
export function AdminPage() {
  usePageTitle('Admin');
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<{ who: string; password: string } | null>(null);
  return (
    <main className="console-page" id="main">
      <h1>Admin</h1>
      <section aria-labelledby="staff-heading" className="console-section">
        <h2 id="staff-heading">Facilitators</h2>
        <Loads queryKey={consoleKeys.staff()} load={() => fetchStaff()} what="the facilitators">
          {(staff) => <StaffTable staff={staff} />}
        </Loads>
        <h3>Add facilitator</h3>
        <FieldsForm
          title="Add facilitator"
          fields={[
            { name: 'username', label: 'Username' },
            { name: 'first_name', label: 'First name' },
            { name: 'last_name', label: 'Last name' },
          ]}
          submitLabel="Add facilitator"
          problems={{ username_taken: 'This username is taken.' }}
          onSubmit={async (details) => {
            const account = await createFacilitator(details);
            setCreated({ who: fullName(account), password: account.password });
            void queryClient.invalidateQueries({ queryKey: consoleKeys.staff() });
            return `${fullName(account)} was added.`;
          }}
        />
        <PasswordDialog who={created?.who ?? ''} password={created?.password ?? null} onClose={() => setCreated(null)} note={<p>{FACILITATOR_PASSWORD_NOTE}</p>} />
      </section>
      <section aria-labelledby="unassigned-heading" className="console-section">
        <h2 id="unassigned-heading">Students in no class</h2>
        <Loads queryKey={consoleKeys.unassigned()} load={() => fetchUnassigned()} what="the unassigned students">
          {(students) => <UnassignedTable students={students} />}
        </Loads>
      </section>
      <section aria-labelledby="audit-heading" className="console-section">
        <h2 id="audit-heading">Audit log</h2>
        <p className="console-hint">Who viewed or exported whose answers, and when: the last 500 entries, newest first.</p>
        <Loads queryKey={consoleKeys.audit()} load={() => fetchAudit()} what="the audit log">
          {(entries) => <AuditTable entries={entries} />}
        </Loads>
      </section>
    </main>
  );
}

/** Loads one list (its query): Loading, then the list, or that it failed with Try again. */
function Loads<T>({ queryKey, load, what, children }: { queryKey: QueryKey; load(): Promise<T>; what: string; children(value: T): ReactNode }) {
  const { data, error, refetch } = useQuery({ queryKey, queryFn: load });
  if (data !== undefined) return children(data);
  return error ? <LoadFailed what={what} retry={() => void refetch()} /> : <Loading />;
}

function StaffTable({ staff }: { staff: StaffMember[] }) {
  const queryClient = useQueryClient();
  return (
    <ScrollTable labelledBy="staff-heading" head={['Name', 'Username', 'Role', 'Classes', 'Actions']}>
      {staff.map((member) => (
        <tr key={member.id}>
          <th scope="row">{fullName(member)}</th>
          <td>{member.username}</td>
          <td>{member.role === 'admin' ? 'Admin' : 'Facilitator'}</td>
          <td>{member.class_count}</td>
          <td>
            <ResetPasswordButton
              who={fullName(member)}
              reset={async () => {
                const password = await resetFacilitatorPassword(member.id);
                // The server logs the reset in the audit log (docs/facilitators.md#privacy).
                void queryClient.invalidateQueries({ queryKey: consoleKeys.audit() });
                return password;
              }}
              note={FACILITATOR_PASSWORD_NOTE}
            />
          </td>
        </tr>
      ))}
    </ScrollTable>
  );
}

function UnassignedTable({ students }: { students: UnassignedStudent[] }) {
  if (students.length === 0) return <p>Every student is in a class.</p>;
  return (
    <ScrollTable labelledBy="unassigned-heading" head={['Student', 'Username', 'Classroom name given at sign-up']}>
      {students.map((student) => (
        <tr key={student.id}>
          <th scope="row">{fullName(student)}</th>
          <td>{student.username}</td>
          <td>{student.classroom_name ?? '—'}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <p>Nothing recorded yet.</p>;
  return (
    <ScrollTable labelledBy="audit-heading" head={['When', 'Facilitator', 'Action', 'Student', 'Class', 'Day']}>
      {entries.map((entry) => (
        <tr key={entry.id}>
          <td>
            <time dateTime={entry.at}>{exactTime(entry.at)}</time>
          </td>
          <td>{fullName(entry.facilitator)}</td>
          <td>{ACTIONS[entry.action] ?? entry.action}</td>
          <td>{entry.student ? fullName(entry.student) : '—'}</td>
          <td>{entry.class_id === null ? '—' : <Link to={`/facilitator/classes/${entry.class_id}`}>Class {entry.class_id}</Link>}</td>
          <td>{entry.day ?? '—'}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}
