import { MDXProvider } from '@mdx-js/react';
import type { MDXContent } from 'mdx/types';
import { useEffect, useState } from 'react';
import { lessonComponents } from '../../engine/index.ts';
import { LessonLink } from '../days/LessonLink.tsx';
import { Loading } from '../layout/Loading.tsx';
import { PageNav } from '../layout/PageNav.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { loadSectionContent } from '../site/section-content.ts';
import { DAYS } from '../site/days.ts';
import { STATIC_SECTIONS, type StaticSection } from '../site/sections.ts';

/** What the static pages' MDX may use without imports: the lesson widgets (Card…), PageNav and app-aware links. */
const components = { ...lessonComponents, PageNav, a: LessonLink };

type SectionState = { slug: string; attempt: number } & ({ status: 'loading' } | { status: 'ready'; Content: MDXContent } | { status: 'unpublished' } | { status: 'failed' });

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
 * again button when the download fails.
 */
export function SectionPage({ section }: { section: StaticSection }) {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<SectionState | null>(null);
  const state: SectionState = loaded && loaded.slug === section.slug && loaded.attempt === attempt ? loaded : { slug: section.slug, attempt, status: 'loading' };
  usePageTitle(section.title);

  useEffect(() => {
    let cancelled = false;
    const settle = (next: SectionState) => {
      if (!cancelled) setLoaded(next);
    };
    const slug = section.slug;
    loadSectionContent(slug).then(
      (Content) => settle(Content ? { slug, attempt, status: 'ready', Content } : { slug, attempt, status: 'unpublished' }),
      () => settle({ slug, attempt, status: 'failed' }),
    );
    return () => {
      cancelled = true;
    };
  }, [section.slug, attempt]);

  if (state.status === 'ready') {
    return (
      <main className="lesson" id="main">
        <MDXProvider components={components}>
          <state.Content />
        </MDXProvider>
      </main>
    );
  }

  const { back, next } = neighbours(section);
  return (
    <main className="lesson" id="main">
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
          <button type="button" className="button" onClick={() => setAttempt((count) => count + 1)}>
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
