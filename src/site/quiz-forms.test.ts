import { describe, expect, it } from 'vitest';
import { quizFormOf, QUIZ_FORMS } from './quiz-forms.ts';
import { QUIZZES } from './sections.ts';

describe('the quizzes’ forms', () => {
  it('gives every quiz of the Module Check menu its own embeddable form', () => {
    const forms = QUIZZES.map((quiz) => quizFormOf(quiz.path));
    expect(new Set(forms).size).toBe(QUIZZES.length);
    for (const src of forms) expect(src).toMatch(/^https:\/\/docs\.google\.com\/forms\/.+\/viewform\?embedded=true$/);
  });

  it('has no form for a page that is not a quiz, and says where to add one', () => {
    expect(QUIZ_FORMS.map((form) => form.path).sort()).toEqual(QUIZZES.map((quiz) => quiz.path).sort());
    expect(() => quizFormOf('/student_profile/mid_module')).toThrow(/\/student_profile\/mid_module.*src\/site\/quiz-forms\.ts/);
  });
});
