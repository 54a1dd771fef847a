import type { MDXContent } from 'mdx/types';
import { Suspense, use, useEffect, useState } from 'react';
import messages from '../../content/locales/en/app.json';
import { currentLocale, useLocale, useMessages } from '../../engine/index.ts';
import { Lesson } from '../days/Lesson.tsx';
import { addLanguagePreparer } from '../i18n/language.ts';
import { settle, usePageData, type Loaded } from '../layout/loaded.ts';
import { Loading } from '../layout/Loading.tsx';
import { PageNav } from '../layout/PageNav.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { DAYS } from '../site/days.ts';
import { loadSectionContent, sectionPeekLanguage } from '../site/section-content.ts';
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
  /** The language the content was asked for in (its translation, else the original). */
  locale: string;
}

let openings = 0;

/**
 * Starts downloading a static page's content (null when the file is not written yet) in a language.
 *
 * @param locale - the reader's language unless given
 */
export function loadSection(section: StaticSection, locale: string = currentLocale()): SectionData {
  openings += 1;
  return { content: settle(loadSectionContent(section.slug, locale), `The page ${section.slug}`), opening: openings, locale };
}

/**
 * A static content page (docs/requirements.md#static-pages): `content/sections/<slug>.mdx`, loaded as its
 * own chunk by its loader ({@link loadSection}), rendered with the lesson widgets, `<PageNav …/>`
 * and Markdown links that stay in the app. Shows Loading while the chunk downloads, a notice when the page
 * is not written yet, and a Try again button when the download fails. It renders through the same
 * `Lesson` as the day pages; no static page has answers today, so it passes none. It is shown in the
 * reader's language: the page's translation (`<slug>.es.mdx`), downloaded before a switch and swapped in
 * place, and its own words from `sectionPage.*` of content/locales/LOCALE/app.json.
 */
export function SectionPage({ section }: { section: StaticSection }) {
  // The title is read in the reader's language (STATIC_SECTIONS): render again when it changes.
  useLocale();
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
      <SectionContent key={data.opening} section={section} content={data.content} loadedIn={data.locale} retry={reload} />
    </Suspense>
  );
}

interface SectionContentProps {
  section: StaticSection;
  content: SectionData['content'];
  loadedIn: string;
  retry: () => void;
}

function SectionContent({ section, content, loadedIn, retry }: SectionContentProps) {
  const loaded = use(content);
  const t = useMessages(messages);
  const locale = useLocale();
  // The page in the other languages the reader has switched to while it was open.
  const [translations, setTranslations] = useState<ReadonlyMap<string, MDXContent>>(() => new Map());
  const published = loaded.status === 'ready' && loaded.value !== null;
  useEffect(() => {
    if (!published) return;
    // Downloaded before the switch (src/i18n/language.ts), so the page changes language with the rest.
    return addLanguagePreparer(async (next) => {
      if (next === loadedIn) return;
      const translated = await loadSectionContent(section.slug, next);
      if (translated) setTranslations((current) => new Map(current).set(next, translated));
    });
  }, [published, section.slug, loadedIn]);

  if (loaded.status === 'ready' && loaded.value) {
    const shown = locale === loadedIn ? loaded.value : (translations.get(locale) ?? loaded.value);
    const peek = sectionPeekLanguage(section.slug, locale === loadedIn || translations.has(locale) ? locale : loadedIn);
    return <Lesson file={`content/sections/${section.slug}.mdx`} Content={shown} peek={peek} />;
  }

  const { back, next } = neighbours(section);
  return (
    <main className="page-column lesson" id="main">
      <h1>{section.title}</h1>
      {loaded.status === 'ready' ? (
        <p>{t('sectionPage.notPublished')}</p>
      ) : (
        <>
          <p role="alert">{t('sectionPage.downloadFailed')}</p>
          <button type="button" className="button" onClick={retry}>
            {t('sectionPage.tryAgain')}
          </button>
        </>
      )}
      <PageNav back={back?.path} backLabel={back?.title} next={next?.path} nextLabel={next?.title} />
    </main>
  );
}
