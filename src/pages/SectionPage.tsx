import { useCallback } from 'react';
import { Lesson } from '../days/Lesson.tsx';
import { useLesson } from '../days/use-lesson.ts';
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

/**
 * A static content page (spec section 2, "Static content pages"): `content/sections/<slug>.mdx`, loaded
 * as its own chunk, rendered with the lesson widgets, `<PageNav …/>` and Markdown links that stay in the
 * app. Shows Loading while the chunk downloads, a notice when the page is not written yet, and a Try
 * again button when the download fails. It loads and renders through the same `useLesson` and `Lesson`
 * as the day pages; no static page has answers today, so it passes none.
 */
export function SectionPage({ section }: { section: StaticSection }) {
  usePageTitle(section.title);
  const load = useCallback(() => loadSectionContent(section.slug), [section.slug]);
  const { state, retry } = useLesson(`section-${section.slug}`, load);

  if (state.status === 'ready') return <Lesson file={`content/sections/${section.slug}.mdx`} Content={state.lesson} />;

  const { back, next } = neighbours(section);
  return (
    <main className="page-column lesson" id="main">
      {state.status === 'loading' ? <Loading /> : null}
      {state.status === 'unpublished' ? (
        <>
          <h1>{section.title}</h1>
          <p>This page is not published yet. Check back later in the week.</p>
        </>
      ) : null}
      {state.status === 'failed' ? (
        <>
          <h1>{section.title}</h1>
          <p role="alert">The page could not be downloaded. Check the Wi-Fi, then try again.</p>
          <button type="button" className="button" onClick={retry}>
            Try again
          </button>
        </>
      ) : null}
      {state.status !== 'loading' ? (
        <PageNav back={back?.path} backLabel={back?.title} next={next?.path} nextLabel={next?.title} />
      ) : null}
    </main>
  );
}
