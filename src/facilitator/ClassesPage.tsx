import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import messages from '../../content/locales/en/console.json';
import { useMessages } from '../../engine/index.ts';
import { createClass, fetchClasses } from '../api/facilitator-endpoints.ts';
import { Loading } from '../layout/Loading.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { FieldsForm } from './FieldsForm.tsx';
import { consoleKeys } from './console-queries.tsx';
import { fullName } from './format.ts';
import { LoadFailed } from './LoadFailed.tsx';
import './facilitator.css';

/** The "School account" section, as on a student's profile: a facilitator may link their school's account too. */
const SchoolAccount = lazy(() => import('../pages/SchoolAccount.tsx').then((module) => ({ default: module.SchoolAccount })));

/**
 * The console's first page at /facilitator (docs/decisions/009-facilitator-console.md): the facilitator's
 * classes (an admin's: every class) as links, each with its number of students and its facilitators,
 * a "Create a class" form, and the "School account" section to link the school's provider
 * (src/pages/SchoolAccount.tsx; nothing without one). A name already used answers "A class with this name already exists."
 * (`apiError.class_name_taken`) and keeps what was typed; a new class joins the list (the list's query is
 * invalidated, so it is asked for again). Its words are `classes.*` in content/locales/LOCALE/console.json.
 * Rendered under the console's query client (`ConsoleQueries`, src/facilitator/console-queries.tsx).
 */
export function ClassesPage() {
  const t = useMessages(messages);
  usePageTitle(t('classes.pageTitle'));
  const queryClient = useQueryClient();
  return (
    <main className="console-page" id="main">
      <h1>{t('classes.heading')}</h1>
      <ClassList />
      <section aria-labelledby="create-class-heading" className="console-section">
        <h2 id="create-class-heading">{t('classes.create')}</h2>
        <FieldsForm
          title={t('classes.create')}
          fields={[{ name: 'name', label: t('classes.nameField') }]}
          submitLabel={t('classes.createSubmit')}
          onSubmit={async ({ name }) => {
            const created = await createClass(name);
            void queryClient.invalidateQueries({ queryKey: consoleKeys.classes() });
            return t('classes.created', { name: created.name });
          }}
        />
      </section>
      <Suspense fallback={null}>
        <SchoolAccount returnTo="/facilitator" />
      </Suspense>
    </main>
  );
}

/** The classes as links, Loading before they arrive, or Try again when they could not be loaded. */
function ClassList() {
  const t = useMessages(messages);
  const { data: classes, error, refetch } = useQuery({ queryKey: consoleKeys.classes(), queryFn: () => fetchClasses() });
  if (!classes) return error ? <LoadFailed message={t('loadFailed.classes')} retry={() => void refetch()} /> : <Loading />;
  if (classes.length === 0) return <p>{t('classes.empty')}</p>;
  return (
    <ul className="console-cards">
      {classes.map((each) => (
        <li key={each.id} className="console-card">
          <Link className="console-card__title" to={`/facilitator/classes/${each.id}`}>
            {each.name}
          </Link>
          <p className="console-card__meta">
            {t('classes.studentCount', { count: each.student_count })}
            {each.facilitators.length > 0 ? ` · ${t('common.facilitators', { names: each.facilitators.map(fullName).join(', ') })}` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}
