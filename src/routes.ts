import { apiClient } from './api/client.ts';
import { dayAnswersPaths, PROFILE_PATH } from './api/endpoints.ts';
import { getAccessToken } from './auth/tokens.ts';
import { DAYS } from './site/days.ts';
import { QUIZZES, STATIC_SECTIONS, type Quiz, type StaticSection } from './site/sections.ts';

// The route table: the one list of the app's paths (docs/requirements.md#routes). src/router.tsx turns it
// into react-router's data routes. This module imports no React and no router, so src/start-preload.ts
// can start a page's download before React has even been evaluated.

/** The dynamic import of each page's module, one chunk each; src/router.tsx loads them as route `lazy`. */
export const PAGE_MODULES = {
  home: () => import('./pages/HomePage.tsx'),
  login: () => import('./pages/LoginPage.tsx'),
  forgotPassword: () => import('./pages/ForgotPasswordPage.tsx'),
  profile: () => import('./pages/StudentProfilePage.tsx'),
  inbox: () => import('./pages/InboxPage.tsx'),
  workbooks: () => import('./pages/WorkbooksPage.tsx'),
  workbook: () => import('./pages/WorkbookPage.tsx'),
  quiz: () => import('./pages/QuizPage.tsx'),
  section: () => import('./pages/SectionPage.tsx'),
  day: () => import('./days/DayPage.tsx'),
  classes: () => import('./facilitator/ClassesPage.tsx'),
  class: () => import('./facilitator/ClassPage.tsx'),
  admin: () => import('./facilitator/AdminPage.tsx'),
  studentDay: () => import('./facilitator/StudentDayPage.tsx'),
  byQuestion: () => import('./facilitator/ByQuestionPage.tsx'),
} as const;

/**
 * The frame of the signed-in student pages (the navigation bar and the inbox), a chunk of its own:
 * /login and / never download it; src/App.tsx loads it as a lazy layout route.
 */
export const SIGNED_IN_LAYOUT = () => import('./layout/SignedInLayout.tsx');

/** A page of the app, by the key of its module in {@link PAGE_MODULES}. */
export type PageName = keyof typeof PAGE_MODULES;

/**
 * One route: its path, the page it renders and who may open it. `public` pages are open to anyone;
 * `student` pages sit under the navigation bar and need a signed-in student; `day` pages draw their own
 * bar and need a signed-in student too. `staff` pages sit in the facilitator console's frame and need a
 * facilitator or an admin; `admin` pages, in the same frame, an admin (docs/decisions/009-facilitator-console.md).
 * A quiz, section or day route carries what its page shows.
 */
export interface AppRoute {
  path: string;
  page: PageName;
  access: 'public' | 'student' | 'day' | 'staff' | 'admin';
  quiz?: Quiz;
  section?: StaticSection;
  day?: number;
}

/** Every route of the app, in the order of docs/requirements.md#routes, then the facilitator console's. */
export const ROUTES: readonly AppRoute[] = [
  { path: '/', page: 'home', access: 'public' },
  { path: '/login', page: 'login', access: 'public' },
  { path: '/forgot-password', page: 'forgotPassword', access: 'public' },
  { path: '/student_profile', page: 'profile', access: 'student' },
  ...QUIZZES.map((quiz) => ({ path: quiz.path, page: 'quiz' as const, access: 'student' as const, quiz })),
  { path: '/inbox', page: 'inbox', access: 'student' },
  { path: '/workbooks', page: 'workbooks', access: 'student' },
  { path: '/workbooks/:workbookId', page: 'workbook', access: 'student' },
  ...STATIC_SECTIONS.map((section) => ({ path: section.path, page: 'section' as const, access: 'student' as const, section })),
  ...DAYS.map(({ day, path }) => ({ path, page: 'day' as const, access: 'day' as const, day })),
  { path: '/facilitator', page: 'classes', access: 'staff' },
  { path: '/facilitator/classes/:classId', page: 'class', access: 'staff' },
  { path: '/facilitator/classes/:classId/students/:studentId/days/:day', page: 'studentDay', access: 'staff' },
  { path: '/facilitator/classes/:classId/days/:day/questions', page: 'byQuestion', access: 'staff' },
  { path: '/facilitator/admin', page: 'admin', access: 'admin' },
];

/** Whether `pathname` is the route `path`: the same segments, `:name` matching any one segment, a trailing slash allowed. */
function matches(path: string, pathname: string): boolean {
  const want = path.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  return want.length === got.length && want.every((segment, index) => segment.startsWith(':') || segment === got[index]);
}

/**
 * Starts downloading the code of the page at `pathname` at once, in parallel with the rest of start-up,
 * instead of when the page first renders. With a stored login, it also prefetches the profile
 * (`ApiClient.prefetch`, src/api/client.ts) and, for a day, starts opening the day: its lesson and schema,
 * the drafts on the device and the saved answers (src/days/open-day.ts). An unknown path preloads nothing.
 * Never throws: a failed download shows up when the page renders.
 *
 * @param pathname - `location.pathname`, e.g. `/sections/day-1`
 * @returns the page started, or null for an unknown path
 */
export function preloadRoute(pathname: string): PageName | null {
  const route = ROUTES.find(({ path }) => matches(path, pathname));
  if (!route) return null;
  PAGE_MODULES[route.page]().catch(() => undefined);
  if (route.access === 'student') SIGNED_IN_LAYOUT().catch(() => undefined);
  // The data the page will ask for first, with the stored login: the start-up profile check
  // (src/auth/AuthProvider.tsx) and a day's saved answers (src/days/day-answers.ts).
  if (getAccessToken()) {
    apiClient.prefetch(PROFILE_PATH);
    const { day } = route;
    if (day !== undefined) {
      apiClient.prefetch(dayAnswersPaths(day).detail);
      // The day opens as soon as its own small chunk is in: lesson and schema downloading, drafts read,
      // answers loaded (src/days/open-day.ts), while the page's code downloads and React draws the rest.
      // A visitor is sent to /login, so downloads nothing of the day.
      import('./days/open-day.ts')
        .then(({ preloadDay }) => preloadDay(day))
        .catch(() => undefined);
    }
  }
  return route.page;
}
