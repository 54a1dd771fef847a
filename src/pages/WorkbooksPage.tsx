import { Suspense, use } from 'react';
import { Link } from 'react-router';
import messages from '../../content/locales/en/app.json';
import { DEFAULT_LOCALE, useLocale, useMessages } from '../../engine/index.ts';
import { fetchWorkbooks, workbookIn, type WorkbookSummary } from '../api/site-endpoints.ts';
import { settle, usePageData, type Loaded } from '../layout/loaded.ts';
import { Loading } from '../layout/Loading.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';

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
 * workbook already has sections and Start otherwise. On failure: "Failed to load workbooks." (docs/requirements.md's
 * words in English; `workbooks.*` of content/locales/LOCALE/app.json). Each workbook's title and
 * description are in the reader's language where it has a translation, else as written, marked with its language.
 */
export function WorkbooksPage() {
  const t = useMessages(messages);
  usePageTitle(t('workbooks.heading'));
  const [data] = usePageData(loadWorkbooks);
  return (
    <main className="page-column content-page" id="main">
      <h1>{t('workbooks.heading')}</h1>
      <Suspense fallback={<Loading />}>
        <WorkbookList workbooks={data.workbooks} />
      </Suspense>
    </main>
  );
}

function WorkbookList({ workbooks }: WorkbooksData) {
  const state = use(workbooks);
  const t = useMessages(messages);
  const locale = useLocale();
  return (
    <>
      {state.status === 'failed' ? (
        <p className="form-alert" role="alert">
          {t('workbooks.failed')}
        </p>
      ) : null}
      {state.status === 'ready' && state.value.length === 0 ? <p>{t('workbooks.empty')}</p> : null}
      {state.status === 'ready' && state.value.length > 0 ? (
        <ul className="workbook-list">
          {state.value.map((written) => {
            const workbook = workbookIn(written, locale);
            const lang = locale !== DEFAULT_LOCALE && !written.translations[locale] ? DEFAULT_LOCALE : undefined;
            return (
              <li key={workbook.id} className="workbook-list__item">
                <h2 className="workbook-list__title" lang={lang}>
                  {workbook.title}
                </h2>
                {workbook.description ? (
                  <p className="workbook-list__description" lang={lang}>
                    {workbook.description}
                  </p>
                ) : null}
                <Link className="button workbook-list__action" to={`/workbooks/${encodeURIComponent(workbook.id)}`}>
                  {t(workbook.sectionCount > 0 ? 'workbooks.continue' : 'workbooks.start')}
                  <span className="visually-hidden" lang={lang}>
                    {' '}
                    {workbook.title}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
    </>
  );
}
