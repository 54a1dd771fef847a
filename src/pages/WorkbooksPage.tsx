import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { fetchWorkbooks, type WorkbookSummary } from '../api/site-endpoints.ts';
import { Loading } from '../layout/Loading.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';

/** Shown when the list cannot be loaded (spec section 8). */
export const WORKBOOKS_FAILED_MESSAGE = 'Failed to load workbooks.';

type ListState = { status: 'loading' } | { status: 'ready'; workbooks: WorkbookSummary[] } | { status: 'failed' };

/**
 * The workbook list at /workbooks (spec section 2, "Workbook list and reader"): "Available Workbooks",
 * each workbook's title and description and a button to /workbooks/{id}, labelled Continue when the
 * workbook already has sections and Start otherwise. On failure: "Failed to load workbooks."
 */
export function WorkbooksPage() {
  const [state, setState] = useState<ListState>({ status: 'loading' });
  usePageTitle('Available Workbooks');

  useEffect(() => {
    let cancelled = false;
    fetchWorkbooks().then(
      (workbooks) => !cancelled && setState({ status: 'ready', workbooks }),
      (error: unknown) => {
        console.error('The workbooks could not be loaded.', error);
        if (!cancelled) setState({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <main className="page-column content-page" id="main">
      <h1>Available Workbooks</h1>
      {state.status === 'loading' ? <Loading /> : null}
      {state.status === 'failed' ? (
        <p className="form-alert" role="alert">
          {WORKBOOKS_FAILED_MESSAGE}
        </p>
      ) : null}
      {state.status === 'ready' && state.workbooks.length === 0 ? <p>There are no workbooks yet.</p> : null}
      {state.status === 'ready' && state.workbooks.length > 0 ? (
        <ul className="workbook-list">
          {state.workbooks.map((workbook) => (
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
    </main>
  );
}
