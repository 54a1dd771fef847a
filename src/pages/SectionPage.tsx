import type { MDXContent } from 'mdx/types';
import { Suspense, use } from 'react';
import { Lesson } from '../days/Lesson.tsx';
import { settle, usePageData, type Loaded } from '../layout/loaded.ts';
import { Loading } from '../layout/Loading.tsx';
import { PageNav } from '../layout/PageNav.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { DAYS } from '../site/days.ts';
import { loadSectionContent } from '../site/section-content.ts';
import { STATIC_SECTIONS, type StaticSection } from '../site/sections.ts';

/** The pages before and after a static page in reading order (welcome → what-youll-learn → vocabulary → day-1). */
function neighbours(section: StaticSection) {
  const index = STATIC_SECTIONS.findIndex((each) => each.slug === section.slug);
  const previous = STATIC_SECTIONS[index - 1];
  const following = STATIC_SECTIONS[index + 1];
  const firstDay = DAYS[0];
  return {
    back: previous ? { path: previous.path, title: previous.title } : null,
    next: following ? { path: following.path, title: following.title } : firstDay ? { path: firstDay.path, title: firstDay.label } : null,
  };
}

/** What the section's loader hands the page, unresolved. */
export interface SectionData {
  content: Promise<Loaded<MDXContent | null>>;
  opening: number;
}

let openings = 0;

/** Starts downloading a static page's content (null when the file is not written yet). */
export function loadSection(section: StaticSection): SectionData {
  openings += 1;
  return { content: settle(loadSectionContent(section.slug), `The page ${section.slug}`), opening: openings };
}

/**
 * A static content page (docs/requirements.md#static-pages): `content/sections/<slug>.mdx`, loaded as its
 * own chunk by its loader ({@link loadSection}), rendered with the lesson widgets, `<PageNav …/>`
 * and Markdown links that stay in the app. Shows Loading while the chunk downloads, a notice when the page
 * is not written yet, and a Try again button when the download fails. It renders through the same
 * `Lesson` as the day pages; no static page has answers today, so it passes none.
 */
export function SectionPage({ section }: { section: StaticSection }) {
  usePageTitle(section.title);
  const [data, reload] = usePageData(() => loadSection(section));
  return (
    <Suspense
      fallback={
        <main className="page-column lesson" id="main">
          <Loading />
        </main>
      }
    >
      <SectionContent key={data.opening} section={section} content={data.content} retry={reload} />
    </Suspense>
  );
}

function SectionContent({ section, content, retry }: { section: StaticSection; content: SectionData['content']; retry: () => void }) {
  const loaded = use(content);
  if (loaded.status === 'ready' && loaded.value) return <Lesson file={`content/sections/${section.slug}.mdx`} Content={loaded.value} />;

  const { back, next } = neighbours(section);
  return (
    <main className="page-column lesson" id="main">
      <h1>{section.title}</h1>
      {loaded.status === 'ready' ? (
        <p>This page is not published yet. Check back later in the week.</p>
      ) : (
        <>
          <p role="alert">The page could not be downloaded. Check the Wi-Fi, then try again.</p>
          <button type="button" className="button" onClick={retry}>
            Try again
          </button>
        </>
      )}
      <PageNav back={back?.path} backLabel={back?.title} next={next?.path} nextLabel={next?.title} />
    </main>
  );
}
