import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { homePathFor } from './api/endpoints.ts';
import { useAuth } from './auth/auth-context.ts';
import { RequireAuth } from './auth/RequireAuth.tsx';
import { Loading } from './layout/Loading.tsx';
import { RoutePage, type LazyPage } from './layout/RoutePage.tsx';
import { ROUTES, type AppRoute } from './routes.ts';

/** The dynamic import of each page that needs a sign-in, one chunk each (the public pages' are in src/routes.ts). */
export const SIGNED_IN_PAGE_MODULES = {
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

/** A page that needs a sign-in, by the key of its module in {@link SIGNED_IN_PAGE_MODULES}. */
export type SignedInPageName = keyof typeof SIGNED_IN_PAGE_MODULES;

/** The signed-in student pages' frame (navigation bar, inbox), a chunk of its own. */
const SIGNED_IN_LAYOUT = () => import('./layout/SignedInLayout.tsx');

/**
 * Starts downloading a signed-in route's page, and for a student page its frame (src/preload-route.ts,
 * `preloadRoute`, calls it at start-up). Never throws: a failed download shows up when the page renders.
 */
export function preloadSignedInPage(route: AppRoute): void {
  SIGNED_IN_PAGE_MODULES[route.page as SignedInPageName]().catch(() => undefined);
  if (route.access === 'student') SIGNED_IN_LAYOUT().catch(() => undefined);
}

const PAGES: { [Page in SignedInPageName]: LazyPage } = {
  profile: lazy(() => SIGNED_IN_PAGE_MODULES.profile().then((module) => ({ default: () => <module.StudentProfilePage /> }))),
  inbox: lazy(() => SIGNED_IN_PAGE_MODULES.inbox().then((module) => ({ default: () => <module.InboxPage /> }))),
  workbooks: lazy(() => SIGNED_IN_PAGE_MODULES.workbooks().then((module) => ({ default: () => <module.WorkbooksPage /> }))),
  workbook: lazy(() => SIGNED_IN_PAGE_MODULES.workbook().then((module) => ({ default: () => <module.WorkbookPage /> }))),
  quiz: lazy(() => SIGNED_IN_PAGE_MODULES.quiz().then((module) => ({ default: ({ quiz }: AppRoute) => <module.QuizPage quiz={quiz!} /> }))),
  section: lazy(() => SIGNED_IN_PAGE_MODULES.section().then((module) => ({ default: ({ section }: AppRoute) => <module.SectionPage section={section!} /> }))),
  day: lazy(() => SIGNED_IN_PAGE_MODULES.day().then((module) => ({ default: ({ day }: AppRoute) => <module.DayPage day={day!} /> }))),
  classes: lazy(() => SIGNED_IN_PAGE_MODULES.classes().then((module) => ({ default: () => <module.ClassesPage /> }))),
  class: lazy(() => SIGNED_IN_PAGE_MODULES.class().then((module) => ({ default: () => <module.ClassPage /> }))),
  admin: lazy(() => SIGNED_IN_PAGE_MODULES.admin().then((module) => ({ default: () => <module.AdminPage /> }))),
  studentDay: lazy(() => SIGNED_IN_PAGE_MODULES.studentDay().then((module) => ({ default: () => <module.StudentDayPage /> }))),
  byQuestion: lazy(() => SIGNED_IN_PAGE_MODULES.byQuestion().then((module) => ({ default: () => <module.ByQuestionPage /> }))),
};

/** The signed-in student pages' frame (navigation bar, inbox): /login and / never download it. */
const SignedInLayout = lazy(() => SIGNED_IN_LAYOUT().then((module) => ({ default: module.SignedInLayout })));

/** The facilitator console's frame, a chunk of its own: a student's first visit never downloads it. */
const StaffLayout = lazy(() => import('./facilitator/StaffLayout.tsx').then((module) => ({ default: module.StaffLayout })));

function pageOf(route: AppRoute) {
  return <RoutePage route={route} page={PAGES[route.page as SignedInPageName]} />;
}

const routesFor = (access: AppRoute['access']) => ROUTES.filter((route) => route.access === access);

/**
 * The routes of every page that needs a sign-in (src/App.tsx renders it for any path that is not a
 * public page's): they send anyone not signed in to `/login`. The student pages sit under the navigation
 * bar; a day draws its own. The facilitator console's pages (`/facilitator…`) sit in a frame of their own
 * and send a student to `/`; its admin page sends a facilitator to `/facilitator`
 * (docs/decisions/009-facilitator-console.md). Unknown paths go to `/` when signed in (a facilitator or
 * admin: `/facilitator`), else to `/login`.
 */
export function SignedInApp() {
  const { user } = useAuth();
  return (
    <Routes>
      <Route
        element={
          <RequireAuth>
            <SignedInLayout />
          </RequireAuth>
        }
      >
        {routesFor('student').map((route) => (
          <Route key={route.path} path={route.path} element={pageOf(route)} />
        ))}
      </Route>
      {routesFor('day').map((route) => (
        <Route
          key={route.path}
          path={route.path}
          element={
            <RequireAuth>
              {/* A boundary of its own: opening a day replaces the page at once with Loading, then the
                  day's bar and lesson; the bar of the page left never lingers. */}
              <Suspense fallback={<Loading />}>{pageOf(route)}</Suspense>
            </RequireAuth>
          }
        />
      ))}
      <Route
        element={
          <RequireAuth audience="staff">
            <StaffLayout />
          </RequireAuth>
        }
      >
        {routesFor('staff').map((route) => (
          <Route key={route.path} path={route.path} element={pageOf(route)} />
        ))}
        {routesFor('admin').map((route) => (
          <Route key={route.path} path={route.path} element={<RequireAuth audience="admin">{pageOf(route)}</RequireAuth>} />
        ))}
      </Route>
      <Route path="*" element={<Navigate to={user ? homePathFor(user.role) : '/login'} replace />} />
    </Routes>
  );
}
