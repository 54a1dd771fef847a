import { EmbedPanel } from '../../engine/index.ts';
import { usePageTitle } from '../layout/use-page-title.ts';
import { quizFormOf, QUIZ_FRAME_HEIGHT_PX } from '../site/quiz-forms.ts';
import type { Quiz } from '../site/sections.ts';

/**
 * A module quiz page (/student_profile/pre_module and /student_profile/post_module; docs/requirements.md#routes): the
 * external form in an embed panel titled after the quiz, with Reload, Open in new tab and the
 * blocked-embed warning when the school network keeps the form from loading.
 */
export function QuizPage({ quiz }: { quiz: Quiz }) {
  usePageTitle(quiz.title);
  return (
    <main className="page-column content-page" id="main">
      <h1>{quiz.title}</h1>
      <p className="section-intro">
        Answer every question, then press <strong>Submit</strong> at the end of the form. Your answers go to the programme, not to your workbook. If the form
        does not appear, open it in a new tab.
      </p>
      <EmbedPanel title={quiz.title} src={quizFormOf(quiz.path)} height={QUIZ_FRAME_HEIGHT_PX} />
    </main>
  );
}
