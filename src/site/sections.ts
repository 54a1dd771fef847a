import messages from '../../content/locales/en/shell.json';
// Not through engine/index.ts: the route table (src/routes.ts) imports this module, and the build runs the
// route table in Node (scripts/route-preloads/route-modules.ts), where the engine's entry, with its
// widgets and their stylesheets, does not load; the message module alone does.
// eslint-disable-next-line no-restricted-imports -- see above
import { translator } from '../../engine/i18n/messages.ts';

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

const t = translator(messages);

/** A page whose menu label is a message of content/locales/LOCALE/bar.json, read in the reader's language each time. */
function titled<Page extends object>(page: Page, id: keyof typeof messages): Page & { readonly title: string } {
  return Object.defineProperty(page, 'title', { get: () => t(id), enumerable: true }) as Page & { readonly title: string };
}

/**
 * The static pages, in reading order: welcome → what-youll-learn → vocabulary → day-1
 * (docs/requirements.md#static-pages). Their titles are read in the reader's language each time, as
 * `DAYS`' are (src/site/days.ts).
 */
export const STATIC_SECTIONS: readonly StaticSection[] = [
  titled({ slug: 'welcome', path: '/sections/welcome' }, 'section.welcome'),
  titled({ slug: 'what-youll-learn', path: '/sections/what-youll-learn' }, 'section.whatYoullLearn'),
  titled({ slug: 'vocabulary', path: '/sections/vocabulary' }, 'section.vocabulary'),
];

/**
 * One of the two external quizzes (docs/requirements.md#routes); its form's address loads with the quiz
 * page (./quiz-forms.ts).
 */
export type Quiz = ModulePage;

/** The Module Check menu (docs/requirements.md#navigation): the pre-module quiz, then the post-module quiz. */
export const QUIZZES: readonly Quiz[] = [titled({ path: '/student_profile/pre_module' }, 'quiz.pre'), titled({ path: '/student_profile/post_module' }, 'quiz.post')];
