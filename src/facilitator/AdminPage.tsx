import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import messages from '../../content/locales/en/console.json';
import { useLocale, useMessages } from '../../engine/index.ts';
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
import { exactTime, formatLocale, fullName } from './format.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { ScrollTable } from './ScrollTable.tsx';
import './facilitator.css';

/** An audit row's action in words: its message in content/locales/LOCALE/console.json. */
const ACTIONS = {
  view_day: 'admin.action.view_day',
  view_question: 'admin.action.view_question',
  export: 'admin.action.export',
  reset_password: 'admin.action.reset_password',
  delete_class: 'admin.action.delete_class',
  create_account: 'admin.action.create_account',
  sign_in_provider: 'admin.action.sign_in_provider',
  link_provider: 'admin.action.link_provider',
  unlink_provider: 'admin.action.unlink_provider',
} as const satisfies Record<AuditEntry['action'], keyof typeof messages>;

/**
 * The admin page at /facilitator/admin, for admins only (docs/decisions/009-facilitator-console.md):
 * the facilitators, each with "Reset password"; "Add facilitator", which shows the new account's
 * temporary password once; the students in no class; and the audit log (who viewed whose answers, when).
 * Each list loads on its own (Loading, then the list or Try again); adding a facilitator asks for the
 * facilitators again, and a password reset for the audit log. Rendered under the console's query client
 * (`ConsoleQueries`, src/facilitator/console-queries.tsx). Its words are `admin.*` in
 * content/locales/LOCALE/console.json.
 */
export function AdminPage() {
  const t = useMessages(messages);
  usePageTitle(t('admin.title'));
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<{ who: string; password: string } | null>(null);
  return (
    <main className="console-page" id="main">
      <h1>{t('admin.title')}</h1>
      <section aria-labelledby="staff-heading" className="console-section">
        <h2 id="staff-heading">{t('admin.facilitators')}</h2>
        <Loads queryKey={consoleKeys.staff()} load={() => fetchStaff()} failed={t('loadFailed.staff')}>
          {(staff) => <StaffTable staff={staff} />}
        </Loads>
        <h3>{t('admin.addFacilitator')}</h3>
        <FieldsForm
          title={t('admin.addFacilitator')}
          fields={[
            { name: 'username', label: t('column.username') },
            { name: 'first_name', label: t('admin.firstName') },
            { name: 'last_name', label: t('admin.lastName') },
          ]}
          submitLabel={t('admin.addFacilitator')}
          onSubmit={async (details) => {
            const account = await createFacilitator(details);
            setCreated({ who: fullName(account), password: account.password });
            void queryClient.invalidateQueries({ queryKey: consoleKeys.staff() });
            return t('common.added', { name: fullName(account) });
          }}
        />
        <PasswordDialog who={created?.who ?? ''} password={created?.password ?? null} onClose={() => setCreated(null)} note={<p>{t('admin.passwordNote')}</p>} />
      </section>
      <section aria-labelledby="unassigned-heading" className="console-section">
        <h2 id="unassigned-heading">{t('admin.unassigned')}</h2>
        <Loads queryKey={consoleKeys.unassigned()} load={() => fetchUnassigned()} failed={t('loadFailed.unassigned')}>
          {(students) => <UnassignedTable students={students} />}
        </Loads>
      </section>
      <section aria-labelledby="audit-heading" className="console-section">
        <h2 id="audit-heading">{t('admin.audit')}</h2>
        <p className="console-hint">{t('admin.auditHint')}</p>
        <Loads queryKey={consoleKeys.audit()} load={() => fetchAudit()} failed={t('loadFailed.audit')}>
          {(entries) => <AuditTable entries={entries} />}
        </Loads>
      </section>
    </main>
  );
}

/** Loads one list (its query): Loading, then the list, or that it failed (`failed`, the sentence that says so) with Try again. */
function Loads<T>({ queryKey, load, failed, children }: { queryKey: QueryKey; load(): Promise<T>; failed: string; children(value: T): ReactNode }) {
  const { data, error, refetch } = useQuery({ queryKey, queryFn: load });
  if (data !== undefined) return children(data);
  return error ? <LoadFailed message={failed} retry={() => void refetch()} /> : <Loading />;
}

function StaffTable({ staff }: { staff: StaffMember[] }) {
  const t = useMessages(messages);
  const queryClient = useQueryClient();
  return (
    <ScrollTable labelledBy="staff-heading" head={[t('admin.column.name'), t('column.username'), t('admin.column.role'), t('admin.column.classes'), t('column.actions')]}>
      {staff.map((member) => (
        <tr key={member.id}>
          <th scope="row">{fullName(member)}</th>
          <td>{member.username}</td>
          <td>{t(member.role === 'admin' ? 'admin.role.admin' : 'admin.role.facilitator')}</td>
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
              note={t('admin.passwordNote')}
            />
          </td>
        </tr>
      ))}
    </ScrollTable>
  );
}

function UnassignedTable({ students }: { students: UnassignedStudent[] }) {
  const t = useMessages(messages);
  if (students.length === 0) return <p>{t('admin.allAssigned')}</p>;
  return (
    <ScrollTable labelledBy="unassigned-heading" head={[t('column.student'), t('column.username'), t('admin.column.signUpClassroom')]}>
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
  const t = useMessages(messages);
  const locale = formatLocale(useLocale());
  if (entries.length === 0) return <p>{t('admin.auditEmpty')}</p>;
  return (
    <ScrollTable
      labelledBy="audit-heading"
      head={[t('admin.column.when'), t('admin.column.facilitator'), t('admin.column.action'), t('column.student'), t('admin.column.class'), t('admin.column.day')]}
    >
      {entries.map((entry) => (
        <tr key={entry.id}>
          <td>
            <time dateTime={entry.at}>{exactTime(entry.at, locale)}</time>
          </td>
          <td>{fullName(entry.facilitator)}</td>
          <td>{entry.action in ACTIONS ? t(ACTIONS[entry.action]) : entry.action}</td>
          <td>{entry.student ? fullName(entry.student) : '—'}</td>
          <td>{entry.class_id === null ? '—' : <Link to={`/facilitator/classes/${entry.class_id}`}>{t('admin.classLink', { id: entry.class_id })}</Link>}</td>
          <td>{entry.day ?? '—'}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}
