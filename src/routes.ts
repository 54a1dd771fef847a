import { loadDayContent } from './days/registry.ts';
import { DAYS } from './site/days.ts';
import { QUIZZES, STATIC_SECTIONS } from './site/sections.ts';

// The pages' chunks (issue 10, "Route-level splitting"). This module imports no React and no router, so
// src/start-preload.ts can start a page's download before React has even been evaluated.

/** The dynamic import of each page's module; src/App.tsx renders them through `lazyPage`. */
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
} as const;

/** A page of the app, by the key of its module in {@link PAGE_MODULES}. */
export type PageName = keyof typeof PAGE_MODULES;

/** The routes of spec section 2 and the page each renders; `day` for the day pages. */
const ROUTES: readonly { path: string; page: PageName; day?: number }[] = [
  { path: '/', page: 'home' },
  { path: '/login', page: 'login' },
  { path: '/forgot-password', page: 'forgotPassword' },
  { path: '/student_profile', page: 'profile' },
  ...QUIZZES.map(({ path }) => ({ path, page: 'quiz' as const })),
  { path: '/inbox', page: 'inbox' },
  { path: '/workbooks', page: 'workbooks' },
  { path: '/workbooks/:workbookId', page: 'workbook' },
  ...STATIC_SECTIONS.map(({ path }) => ({ path, page: 'section' as const })),
  ...DAYS.map(({ day, path }) => ({ path, page: 'day' as const, day })),
];

/** Whether `pathname` is the route `path`: the same segments, `:name` matching any one segment, a trailing slash allowed. */
function matches(path: string, pathname: string): boolean {
  const want = path.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  return want.length === got.length && want.every((segment, index) => segment.startsWith(':') || segment === got[index]);
}

/**
 * Starts downloading the code of the page at `pathname` (and, for a day, its lesson and schema) at once,
 * in parallel with the rest of start-up, instead of when the page first renders. An unknown path
 * preloads nothing. Never throws: a failed download shows up when the page renders.
 *
 * @param pathname - `location.pathname`, e.g. `/sections/day-1`
 * @returns the page started, or null for an unknown path
 */
export function preloadRoute(pathname: string): PageName | null {
  const route = ROUTES.find(({ path }) => matches(path, pathname));
  if (!route) return null;
  PAGE_MODULES[route.page]().catch(() => undefined);
  if (route.day !== undefined) loadDayContent(route.day).catch(() => undefined);
  return route.page;
}
