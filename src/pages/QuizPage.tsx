import messages from '../../content/locales/en/app.json';
import { EmbedPanel, useMessages } from '../../engine/index.ts';
import { usePageTitle } from '../layout/use-page-title.ts';
import { quizFormOf, QUIZ_FRAME_HEIGHT_PX } from '../site/quiz-forms.ts';
import type { Quiz } from '../site/sections.ts';

/** Stands for the Submit button's name in the intro while the message is split around it; never shown. */
const SUBMIT_MARK = '\u2063';

/**
 * A module quiz page (/student_profile/pre_module and /student_profile/post_module; docs/requirements.md#routes): the
 * external form in an embed panel titled after the quiz, with Reload, Open in new tab and the
 * blocked-embed warning when the school network keeps the form from loading. The intro is in the
 * reader's language (`quizPage.*` of content/locales/LOCALE/app.json), the form's Submit in bold.
 */
export function QuizPage({ quiz }: { quiz: Quiz }) {
  const t = useMessages(messages);
  usePageTitle(quiz.title);
  // One message for the whole intro, so a translation may put the button's name where its language does.
  const [before, after = ''] = t('quizPage.intro', { submit: SUBMIT_MARK }).split(SUBMIT_MARK);
  return (
    <main className="page-column content-page" id="main">
      <h1>{quiz.title}</h1>
      <p className="section-intro">
        {before}
        <strong>{t('quizPage.submit')}</strong>
        {after}
      </p>
      <EmbedPanel title={quiz.title} src={quizFormOf(quiz.path)} height={QUIZ_FRAME_HEIGHT_PX} />
    </main>
  );
}
