import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { homePathFor } from './api/endpoints.ts';
import { useAuth } from './auth/auth-context.ts';
import { RequireAuth } from './auth/RequireAuth.tsx';
import { lazyComponent } from './layout/lazy-component.ts';
import { Loading } from './layout/Loading.tsx';
import { lazyImport } from './lazy-import.ts';
import { RoutePage, type LazyPage } from './layout/RoutePage.tsx';
import { ROUTES, type AppRoute } from './routes.ts';

/** The dynamic import of each page that needs a sign-in, one chunk each (the public pages' are in src/routes.ts). */
export const SIGNED_IN_PAGE_MODULES = {
  profile: lazyImport(() => import('./pages/StudentProfilePage.tsx')),
  inbox: lazyImport(() => import('./pages/InboxPage.tsx')),
  workbooks: lazyImport(() => import('./pages/WorkbooksPage.tsx')),
  workbook: lazyImport(() => import('./pages/WorkbookPage.tsx')),
  quiz: lazyImport(() => import('./pages/QuizPage.tsx')),
  section: lazyImport(() => import('./pages/SectionPage.tsx')),
  day: lazyImport(() => import('./days/DayPage.tsx')),
  classes: lazyImport(() => import('./facilitator/ClassesPage.tsx')),
  class: lazyImport(() => import('./facilitator/ClassPage.tsx')),
  admin: lazyImport(() => import('./facilitator/AdminPage.tsx')),
  studentDay: lazyImport(() => import('./facilitator/StudentDayPage.tsx')),
  byQuestion: lazyImport(() => import('./facilitator/ByQuestionPage.tsx')),
} as const;

/** A page that needs a sign-in, by the key of its module in {@link SIGNED_IN_PAGE_MODULES}. */
export type SignedInPageName = keyof typeof SIGNED_IN_PAGE_MODULES;

/** The signed-in student pages' frame (navigation bar, inbox), a chunk of its own. */
const SIGNED_IN_LAYOUT = lazyImport(() => import('./layout/SignedInLayout.tsx'));

/**
 * Starts downloading a signed-in route's page, and for a student page its frame (src/preload-route.ts,
 * `preloadRoute`, calls it at start-up). Never throws: a failed download shows up when the page renders.
 */
export function preloadSignedInPage(route: AppRoute): void {
  SIGNED_IN_PAGE_MODULES[route.page as SignedInPageName]().catch(() => undefined);
  if (route.access === 'student') SIGNED_IN_LAYOUT().catch(() => undefined);
}

const PAGES: { [Page in SignedInPageName]: LazyPage } = {
  profile: lazyComponent(SIGNED_IN_PAGE_MODULES.profile, (module) => module.StudentProfilePage),
  inbox: lazyComponent(SIGNED_IN_PAGE_MODULES.inbox, (module) => module.InboxPage),
  workbooks: lazyComponent(SIGNED_IN_PAGE_MODULES.workbooks, (module) => module.WorkbooksPage),
  workbook: lazyComponent(SIGNED_IN_PAGE_MODULES.workbook, (module) => module.WorkbookPage),
  quiz: lazyComponent(SIGNED_IN_PAGE_MODULES.quiz, (module) => ({ quiz }: AppRoute) => <module.QuizPage quiz={quiz!} />),
  section: lazyComponent(SIGNED_IN_PAGE_MODULES.section, (module) => ({ section }: AppRoute) => <module.SectionPage section={section!} />),
  day: lazyComponent(SIGNED_IN_PAGE_MODULES.day, (module) => ({ day }: AppRoute) => <module.DayPage day={day!} />),
  classes: lazyComponent(SIGNED_IN_PAGE_MODULES.classes, (module) => module.ClassesPage),
  class: lazyComponent(SIGNED_IN_PAGE_MODULES.class, (module) => module.ClassPage),
  admin: lazyComponent(SIGNED_IN_PAGE_MODULES.admin, (module) => module.AdminPage),
  studentDay: lazyComponent(SIGNED_IN_PAGE_MODULES.studentDay, (module) => module.StudentDayPage),
  byQuestion: lazyComponent(SIGNED_IN_PAGE_MODULES.byQuestion, (module) => module.ByQuestionPage),
};

/** The signed-in student pages' frame (navigation bar, inbox): /login and / never download it. */
const SignedInLayout = lazyComponent(SIGNED_IN_LAYOUT, (module) => module.SignedInLayout);

/** The facilitator console's frame, a chunk of its own: a student's first visit never downloads it. */
const StaffLayout = lazyComponent(lazyImport(() => import('./facilitator/StaffLayout.tsx')), (module) => module.StaffLayout);

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
