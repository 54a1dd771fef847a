/**
 * The quizzes' embeddable form addresses (docs/requirements.md#routes), by the quiz's path. Only the
 * quiz page shows them, so they download with its chunk, not with the entry every page loads
 * (docs/decisions/011-first-visit-javascript.md). The server's Content-Security-Policy allows their
 * origin through the build's list of framed sites (scripts/embed-origins/collect.ts reads `QUIZ_FORMS`).
 */
export const QUIZ_FORMS = [
  {
    path: '/student_profile/pre_module',
    src: 'https://docs.google.com/forms/d/e/1FAIpQLSf0iPuX7GHQkCP8fQgLxj5WDE-1C62VLC18wQMw5qciD2oSAA/viewform?embedded=true',
  },
  {
    path: '/student_profile/post_module',
    src: 'https://docs.google.com/forms/d/e/1FAIpQLScOvzSzNUvmd-zzc3WHVPUNBQ1SqCV27A07ybog7PbnLaIB-w/viewform?embedded=true',
  },
];

/** Height of a quiz frame in px: a Google Form is long, and a tall frame scrolls less inside the page. */
export const QUIZ_FRAME_HEIGHT_PX = 1200;

/**
 * The form address of the quiz at `path`.
 *
 * @param path - a quiz's path, e.g. `/student_profile/pre_module` (`QUIZZES` in ./sections.ts)
 * @throws {Error} when the quiz has no form here
 */
export function quizFormOf(path: string): string {
  const form = QUIZ_FORMS.find((each) => each.path === path);
  if (!form) throw new Error(`The quiz at ${path} has no form address in src/site/quiz-forms.ts.`);
  return form.src;
}
