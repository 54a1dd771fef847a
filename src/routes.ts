import { PUBLISHED_DAYS } from 'virtual:published-days';
import { lazyImport } from './lazy-import.ts';
import { QUIZZES, STATIC_SECTIONS, type Quiz, type StaticSection } from './site/sections.ts';
import type { SignedInPageName } from './SignedInApp.tsx';

// The route table: the one list of the app's paths (docs/requirements.md#routes). src/App.tsx turns its
// public routes into react-router routes, and src/SignedInApp.tsx the others. This module imports no
// React and no router, so src/preload-route.ts can start a page's download before React has even been
// evaluated.

/**
 * The dynamic import of each public page's module, one chunk each; src/App.tsx loads them as lazy
 * components. The other pages' imports are in src/SignedInApp.tsx, which the entry loads only for them.
 */
export const PUBLIC_PAGE_MODULES = {
  home: lazyImport(() => import('./pages/HomePage.tsx')),
  login: lazyImport(() => import('./pages/LoginPage.tsx')),
  forgotPassword: lazyImport(() => import('./pages/ForgotPasswordPage.tsx')),
  join: lazyImport(() => import('./pages/JoinPage.tsx')),
  signInReturn: lazyImport(() => import('./pages/SignInReturnPage.tsx')),
} as const;

/** The address of a day's page, e.g. `/sections/day-2` (docs/requirements.md#routes). */
export function dayPath(day: number): string {
  return `/sections/day-${day}`;
}

/** A page anyone may open, by the key of its module in {@link PUBLIC_PAGE_MODULES}. */
export type PublicPageName = keyof typeof PUBLIC_PAGE_MODULES;

/** Whether `page` is one of the {@link PUBLIC_PAGE_MODULES}. */
export function isPublicPage(page: PageName): page is PublicPageName {
  return Object.hasOwn(PUBLIC_PAGE_MODULES, page);
}

/** A page of the app, by the key of its module in {@link PUBLIC_PAGE_MODULES} or src/SignedInApp.tsx's `SIGNED_IN_PAGE_MODULES`. */
export type PageName = PublicPageName | SignedInPageName;

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
  // Helix's addition: a class's join link (docs/decisions/024-class-join-links.md).
  { path: '/join/:code', page: 'join', access: 'public' },
  // Helix's addition: where a school's identity provider sends the student back (docs/decisions/025-school-sign-in.md).
  { path: '/login/return', page: 'signInReturn', access: 'public' },
  { path: '/student_profile', page: 'profile', access: 'student' },
  ...QUIZZES.map((quiz) => ({ path: quiz.path, page: 'quiz' as const, access: 'student' as const, quiz })),
  { path: '/inbox', page: 'inbox', access: 'student' },
  { path: '/workbooks', page: 'workbooks', access: 'student' },
  { path: '/workbooks/:workbookId', page: 'workbook', access: 'student' },
  ...STATIC_SECTIONS.map((section) => ({ path: section.path, page: 'section' as const, access: 'student' as const, section })),
  ...PUBLISHED_DAYS.map((day) => ({ path: dayPath(day), page: 'day' as const, access: 'day' as const, day })),
  { path: '/facilitator', page: 'classes', access: 'staff' },
  { path: '/facilitator/classes/:classId', page: 'class', access: 'staff' },
  { path: '/facilitator/classes/:classId/students/:studentId/days/:day', page: 'studentDay', access: 'staff' },
  { path: '/facilitator/classes/:classId/days/:day/questions', page: 'byQuestion', access: 'staff' },
  { path: '/facilitator/admin', page: 'admin', access: 'admin' },
];

/**
 * The route of `pathname`: the first whose path has the same segments, `:name` matching any one segment,
 * a trailing slash allowed.
 *
 * @param pathname - `location.pathname`, e.g. `/sections/day-1`
 * @returns the route, or undefined for a path the app redirects
 */
export function routeAt(pathname: string): AppRoute | undefined {
  return ROUTES.find(({ path }) => matches(path, pathname));
}

/** Whether `pathname` is the route `path`: the same segments, `:name` matching any one segment, a trailing slash allowed. */
function matches(path: string, pathname: string): boolean {
  const want = path.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  return want.length === got.length && want.every((segment, index) => segment.startsWith(':') || segment === got[index]);
}
