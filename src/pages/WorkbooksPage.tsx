import { Suspense, use } from 'react';
import { Link } from 'react-router';
import { fetchWorkbooks, type WorkbookSummary } from '../api/site-endpoints.ts';
import { settle, usePageData, type Loaded } from '../layout/loaded.ts';
import { Loading } from '../layout/Loading.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';

/** Shown when the list cannot be loaded (docs/requirements.md#error-messages). */
export const WORKBOOKS_FAILED_MESSAGE = 'Failed to load workbooks.';

/** What the page's loader hands it, unresolved. */
export interface WorkbooksData {
  workbooks: Promise<Loaded<WorkbookSummary[]>>;
}

/** Starts loading the workbook list for the page. */
export function loadWorkbooks(): WorkbooksData {
  return { workbooks: settle(fetchWorkbooks(), 'The workbooks') };
}

/**
 * The workbook list at /workbooks (docs/requirements.md#workbooks): "Available Workbooks",
 * each workbook's title and description and a button to /workbooks/{id}, labelled Continue when the
 * workbook already has sections and Start otherwise. On failure: "Failed to load workbooks."
 */
export function WorkbooksPage() {
  usePageTitle('Available Workbooks');
  const [data] = usePageData(loadWorkbooks);
  return (
    <main className="page-column content-page" id="main">
      <h1>Available Workbooks</h1>
      <Suspense fallback={<Loading />}>
        <WorkbookList workbooks={data.workbooks} />
      </Suspense>
    </main>
  );
}

function WorkbookList({ workbooks }: WorkbooksData) {
  const state = use(workbooks);
  return (
    <>
      {state.status === 'failed' ? (
        <p className="form-alert" role="alert">
          {WORKBOOKS_FAILED_MESSAGE}
        </p>
      ) : null}
      {state.status === 'ready' && state.value.length === 0 ? <p>There are no workbooks yet.</p> : null}
      {state.status === 'ready' && state.value.length > 0 ? (
        <ul className="workbook-list">
          {state.value.map((workbook) => (
            <li key={workbook.id} className="workbook-list__item">
              <h2 className="workbook-list__title">{workbook.title}</h2>
              {workbook.description ? <p className="workbook-list__description">{workbook.description}</p> : null}
              <Link className="button workbook-list__action" to={`/workbooks/${encodeURIComponent(workbook.id)}`}>
                {workbook.sectionCount > 0 ? 'Continue' : 'Start'}
                <span className="visually-hidden"> {workbook.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
