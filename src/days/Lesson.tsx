import { MDXProvider } from '@mdx-js/react';
import type { MDXContent } from 'mdx/types';
import {
  AnswersForm,
  LessonFileContext,
  lessonComponents,
  SavePill,
  type AnswersSchema,
  type DraftStore,
  type RestoredAnswers,
  type SaveAnswers,
} from '../../engine/index.ts';
import { FlushOnLogout } from '../auth/FlushOnLogout.tsx';
import { PageNav } from '../layout/PageNav.tsx';
import { LessonLink } from './LessonLink.tsx';

/** What lesson MDX may use without imports: the lesson widgets, PageNav and Markdown links that stay in the app. */
const components = { ...lessonComponents, PageNav, a: LessonLink };

/** The answers a lesson's widgets bind to, as {@link loadLessonWithAnswers} restored them. */
export interface LessonAnswers {
  schema: AnswersSchema;
  restored: RestoredAnswers;
  drafts: DraftStore;
  /** The drafts' scope (one student, one lesson); a new scope starts a new form. */
  scope: string;
  save: SaveAnswers;
}

export interface LessonProps {
  /** The MDX file, e.g. `content/days/day-1.mdx`, named in the errors authors see. */
  file: string;
  /** The compiled MDX. */
  Content: MDXContent;
  /** When given, the lesson's widgets bind to these answers, autosaved, with the save pill; else the page has no answers. */
  answers?: LessonAnswers;
}

/**
 * A lesson page's content, shared by the day pages and the static pages: the MDX in `<main>`, with the
 * lesson widgets, PageNav and in-app links, and, when it has answers, inside an {@link AnswersForm} that
 * autosaves them, saves before logout and shows the save pill.
 *
 * @example
 * <Lesson file="content/days/day-1.mdx" Content={Lesson} answers={{ schema, restored, drafts, scope, save }} />
 */
export function Lesson({ file, Content, answers }: LessonProps) {
  const lesson = (
    <main className="lesson" id="main">
      <LessonFileContext.Provider value={file}>
        <MDXProvider components={components}>
          <Content />
        </MDXProvider>
      </LessonFileContext.Provider>
    </main>
  );
  if (!answers) return lesson;
  return (
    <AnswersForm
      key={answers.scope}
      schema={answers.schema}
      answers={answers.restored.answers}
      savedAt={answers.restored.savedAt}
      base={answers.restored.base}
      baseRevision={answers.restored.baseRevision}
      dirty={answers.restored.dirty}
      drafts={answers.drafts}
      restoredDraftIds={answers.restored.restoredDraftIds}
      scope={answers.scope}
      save={answers.save}
    >
      <FlushOnLogout />
      {lesson}
      <SavePill />
    </AnswersForm>
  );
}
