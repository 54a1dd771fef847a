/** A page of the module as listed in the Modules menu. */
export interface ModulePage {
  /** The menu label, e.g. "Important Vocabulary" or "Day 1: Gene Regulation". */
  title: string;
  path: string;
  /** How much of the facilitators' feedback on this page's answers the student has not read yet; absent: none. */
  newFeedback?: number;
}

/** A static content page (docs/requirements.md#static-pages), rendered from `content/sections/<slug>.mdx`. */
export interface StaticSection extends ModulePage {
  slug: string;
}

/** The static pages, in reading order: welcome → what-youll-learn → vocabulary → day-1 (docs/requirements.md#static-pages). */
export const STATIC_SECTIONS: readonly StaticSection[] = [
  { slug: 'welcome', title: 'Welcome', path: '/sections/welcome' },
  { slug: 'what-youll-learn', title: "What You'll Learn", path: '/sections/what-youll-learn' },
  { slug: 'vocabulary', title: 'Important Vocabulary', path: '/sections/vocabulary' },
];

/**
 * One of the two external quizzes (docs/requirements.md#routes); its form's address loads with the quiz
 * page (./quiz-forms.ts).
 */
export type Quiz = ModulePage;

/** The Module Check menu (docs/requirements.md#navigation): the pre-module quiz, then the post-module quiz. */
export const QUIZZES: readonly Quiz[] = [
  { title: 'Pre-Module Quiz', path: '/student_profile/pre_module' },
  { title: 'Post-Module Quiz', path: '/student_profile/post_module' },
];
