import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { createClass, fetchClasses } from '../api/facilitator-endpoints.ts';
import { Loading } from '../layout/Loading.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { FieldsForm } from './FieldsForm.tsx';
import { consoleKeys } from './console-queries.tsx';
import { fullName } from './format.ts';
import { LoadFailed } from './LoadFailed.tsx';
import './facilitator.css';

/** Shown when a class's name is taken (409 `class_name_taken`). */
export const CLASS_NAME_TAKEN_MESSAGE = 'A class with this name already exists.';

/**
 * The console's first page at /facilitator (docs/decisions/009-facilitator-console.md): the facilitator's
 * classes (an admin's: every class) as links, each with its number of students and its facilitators,
 * and a "Create a class" form. A name already used answers "A class with this name already exists." and
 * keeps what was typed; a new class joins the list (the list's query is invalidated, so it is asked for
 * again). Rendered under the console's query client (`ConsoleQueries`, src/facilitator/console-queries.tsx).
 */
export function ClassesPage() {
  usePageTitle('Classes');
  const queryClient = useQueryClient();
  return (
    <main className="console-page" id="main">
      <h1>Your classes</h1>
      <ClassList />
      <section aria-labelledby="create-class-heading" className="console-section">
        <h2 id="create-class-heading">Create a class</h2>
        <FieldsForm
          title="Create a class"
          fields={[{ name: 'name', label: 'Class name' }]}
          submitLabel="Create class"
          problems={{ class_name_taken: CLASS_NAME_TAKEN_MESSAGE }}
          onSubmit={async ({ name }) => {
            const created = await createClass(name);
            void queryClient.invalidateQueries({ queryKey: consoleKeys.classes() });
            return `${created.name} was created.`;
          }}
        />
      </section>
    </main>
  );
}

/** The classes as links, Loading before they arrive, or Try again when they could not be loaded. */
function ClassList() {
  const { data: classes, error, refetch } = useQuery({ queryKey: consoleKeys.classes(), queryFn: () => fetchClasses() });
  if (!classes) return error ? <LoadFailed what="your classes" retry={() => void refetch()} /> : <Loading />;
  if (classes.length === 0) return <p>You have no class yet. Create one below, then add your students to it.</p>;
  return (
    <ul className="console-cards">
      {classes.map((each) => (
        <li key={each.id} className="console-card">
          <Link className="console-card__title" to={`/facilitator/classes/${each.id}`}>
            {each.name}
          </Link>
          <p className="console-card__meta">
            {each.student_count === 1 ? '1 student' : `${each.student_count} students`}
            {each.facilitators.length > 0 ? ` · Facilitators: ${each.facilitators.map(fullName).join(', ')}` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}
