import { Suspense, use } from 'react';
import { Link, useParams } from 'react-router';
import messages from '../../content/locales/en/app.json';
import { DEFAULT_LOCALE, useLocale, useMessages } from '../../engine/index.ts';
import { fetchWorkbook, workbookIn, type Workbook } from '../api/site-endpoints.ts';
import { settle, usePageData, type Loaded } from '../layout/loaded.ts';
import { Loading } from '../layout/Loading.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';

/** What the page's loader hands it, unresolved. */
export interface WorkbookData {
  workbook: Promise<Loaded<Workbook>>;
}

/** Starts loading the workbook named in the path, `/workbooks/:workbookId`. */
export function loadWorkbook(id: string): WorkbookData {
  return { workbook: settle(fetchWorkbook(id), `Workbook ${id}`) };
}

/**
 * The workbook reader at /workbooks/{id} (docs/requirements.md#workbooks): the title, then
 * each section's heading, its HTML content (sanitised by the server) and its images with captions. On
 * failure, a missing workbook included: "Failed to load workbook." (docs/requirements.md's words in English;
 * `workbook.*` of content/locales/LOCALE/app.json). The workbook is shown in the reader's language when
 * the server gives a translation into it, else as written, marked with its language.
 */
export function WorkbookPage() {
  const { workbookId = '' } = useParams();
  const t = useMessages(messages);
  const [data] = usePageData(() => loadWorkbook(workbookId));
  return (
    <main className="page-column content-page workbook" id="main">
      <p className="back-link">
        <Link to="/workbooks">
          <span aria-hidden="true">←</span>
          {t('workbooks.heading')}
        </Link>
      </p>
      <Suspense fallback={<Loading />}>
        <WorkbookReader workbook={data.workbook} />
      </Suspense>
    </main>
  );
}

function WorkbookReader({ workbook }: WorkbookData) {
  const loaded = use(workbook);
  const t = useMessages(messages);
  const locale = useLocale();
  const state = loaded.status === 'ready' ? { ...loaded, value: workbookIn(loaded.value, locale) } : loaded;
  // A workbook not translated into the reader's language is read as written, in English.
  const lang = loaded.status === 'ready' && locale !== DEFAULT_LOCALE && !loaded.value.translations[locale] ? DEFAULT_LOCALE : undefined;
  usePageTitle(state.status === 'ready' ? state.value.title : t('workbook.title'));
  return (
    <>
      {state.status === 'failed' ? (
        <>
          <h1>{t('workbook.title')}</h1>
          <p className="form-alert" role="alert">
            {t('workbook.failed')}
          </p>
        </>
      ) : null}
      {state.status === 'ready' ? (
        <>
          <h1 lang={lang}>{state.value.title}</h1>
          {state.value.description ? (
            <p className="section-intro" lang={lang}>
              {state.value.description}
            </p>
          ) : null}
          {state.value.sections.length === 0 ? <p>{t('workbook.noSections')}</p> : null}
          {state.value.sections.map((section, index) => (
            <section key={section.id} className="workbook__section" aria-labelledby={`workbook-section-${index + 1}`} lang={lang}>
              <h2 id={`workbook-section-${index + 1}`}>{section.heading}</h2>
              {/* content_html is sanitised by the server (docs/requirements.md#records). */}
              <article className="workbook__content" dangerouslySetInnerHTML={{ __html: section.contentHtml }} />
              {section.images.map((image) => (
                <figure key={image.id} className="workbook__figure">
                  <img src={image.image} alt={image.caption || t('workbook.figureFor', { heading: section.heading })} loading="lazy" />
                  {image.caption ? <figcaption>{image.caption}</figcaption> : null}
                </figure>
              ))}
            </section>
          ))}
        </>
      ) : null}
    </>
  );
}
