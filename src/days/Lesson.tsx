import { MDXProvider } from '@mdx-js/react';
import type { MDXContent } from 'mdx/types';
import type { ReactNode } from 'react';
import { AnswersForm, LessonFileContext, lessonComponents, PeekSource, RenderWholeLesson, SavePill, type AnswersSession, type PeekLanguage } from '../../engine/index.ts';
import { PageNav } from '../layout/PageNav.tsx';
import { LessonLink } from '../layout/LessonLink.tsx';

/** What lesson MDX may use without imports: the lesson widgets, PageNav and Markdown links that stay in the app. */
const components = { ...lessonComponents, PageNav, a: LessonLink };

export interface LessonProps {
  /** The MDX file, e.g. `content/days/day-1.mdx`, named in the errors authors see. */
  file: string;
  /** The compiled MDX. */
  Content: MDXContent;
  /**
   * When given, the lesson's widgets bind to this answers session, autosaved, with the save pill; a
   * read-only session (`createReadOnlySession`) shows its answers with no control that changes them and
   * no pill. Else the page has no answers.
   */
  session?: AnswersSession;
  /** What to show under each widget that binds a field, given the field's path (feedback notes); see `AnswersForm`. */
  beside?: (name: string) => ReactNode;
  /** The language the MDX is written in, e.g. `es`, set as `<main lang>`; the page's when not given. */
  locale?: string;
  /** Render every part at once rather than a part at a time: the lesson replaced another language's (`RenderWholeLesson`). */
  whole?: boolean;
  /** The lesson's other language, whose blocks a reader may peek at (`PeekSource`). Without it, no block offers a peek. */
  peek?: PeekLanguage;
}

/**
 * A lesson page's content, shared by the day pages and the static pages: the MDX in `<main>`, with the
 * lesson widgets, PageNav and in-app links, and, when it has answers, inside an {@link AnswersForm} that
 * autosaves them and shows the save pill.
 *
 * @example
 * <Lesson file="content/days/day-1.mdx" Content={Lesson} session={session} />
 */
export function Lesson({ file, Content, session, beside, locale, whole = false, peek }: LessonProps) {
  const lesson = (
    <main className="lesson" id="main" lang={locale}>
      <LessonFileContext.Provider value={file}>
        <RenderWholeLesson.Provider value={whole}>
          <PeekSource.Provider value={peek ?? null}>
            <MDXProvider components={components}>
              <Content />
            </MDXProvider>
          </PeekSource.Provider>
        </RenderWholeLesson.Provider>
      </LessonFileContext.Provider>
    </main>
  );
  if (!session) return lesson;
  return (
    <AnswersForm session={session} beside={beside}>
      {lesson}
      <SavePill />
    </AnswersForm>
  );
}
