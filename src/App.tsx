import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { homePathFor } from './api/endpoints.ts';
import { useAuth } from './auth/auth-context.ts';
import { RequireAuth } from './auth/RequireAuth.tsx';
import { Footer } from './layout/Footer.tsx';
import { Loading } from './layout/Loading.tsx';
import { PageErrorBoundary } from './layout/PageErrorBoundary.tsx';
import { PAGE_MODULES, ROUTES, SIGNED_IN_LAYOUT, type AppRoute, type PageName } from './routes.ts';

/** Each page's component, its own chunk (the same imports src/start-preload.ts starts), given what its route shows. */
const PAGES: { [Page in PageName]: LazyExoticComponent<ComponentType<AppRoute>> } = {
  home: lazy(() => PAGE_MODULES.home().then((module) => ({ default: () => <module.HomePage /> }))),
  login: lazy(() => PAGE_MODULES.login().then((module) => ({ default: () => <module.LoginPage /> }))),
  forgotPassword: lazy(() => PAGE_MODULES.forgotPassword().then((module) => ({ default: () => <module.ForgotPasswordPage /> }))),
  profile: lazy(() => PAGE_MODULES.profile().then((module) => ({ default: () => <module.StudentProfilePage /> }))),
  inbox: lazy(() => PAGE_MODULES.inbox().then((module) => ({ default: () => <module.InboxPage /> }))),
  workbooks: lazy(() => PAGE_MODULES.workbooks().then((module) => ({ default: () => <module.WorkbooksPage /> }))),
  workbook: lazy(() => PAGE_MODULES.workbook().then((module) => ({ default: () => <module.WorkbookPage /> }))),
  quiz: lazy(() => PAGE_MODULES.quiz().then((module) => ({ default: ({ quiz }: AppRoute) => <module.QuizPage quiz={quiz!} /> }))),
  section: lazy(() => PAGE_MODULES.section().then((module) => ({ default: ({ section }: AppRoute) => <module.SectionPage section={section!} /> }))),
  day: lazy(() => PAGE_MODULES.day().then((module) => ({ default: ({ day }: AppRoute) => <module.DayPage day={day!} /> }))),
  classes: lazy(() => PAGE_MODULES.classes().then((module) => ({ default: () => <module.ClassesPage /> }))),
  class: lazy(() => PAGE_MODULES.class().then((module) => ({ default: () => <module.ClassPage /> }))),
  admin: lazy(() => PAGE_MODULES.admin().then((module) => ({ default: () => <module.AdminPage /> }))),
  studentDay: lazy(() => PAGE_MODULES.studentDay().then((module) => ({ default: () => <module.StudentDayPage /> }))),
  byQuestion: lazy(() => PAGE_MODULES.byQuestion().then((module) => ({ default: () => <module.ByQuestionPage /> }))),
};

/** The signed-in student pages' frame (navigation bar, inbox), a chunk of its own that /login never downloads. */
const SignedInLayout = lazy(() => SIGNED_IN_LAYOUT().then((module) => ({ default: module.SignedInLayout })));

/** The facilitator console's frame, a chunk of its own: a student's first visit never downloads it. */
const StaffLayout = lazy(() => import('./facilitator/StaffLayout.tsx').then((module) => ({ default: module.StaffLayout })));

/** What a page shows while its code downloads; the same as the start-up Loading view, so no flash between them. */
const PAGE_LOADING = (
  <main className="content-page" id="main">
    <Loading />
  </main>
);

/** One route's page, in an error boundary of its own: a page whose code fails to download says so, with a Reload button. */
function Page({ route }: { route: AppRoute }) {
  const { pathname } = useLocation();
  const Component = PAGES[route.page];
  return (
    <PageErrorBoundary key={pathname}>
      <Component {...route} />
    </PageErrorBoundary>
  );
}

const routesFor = (access: AppRoute['access']) => ROUTES.filter((route) => route.access === access);

/**
 * The app's routes (docs/requirements.md#routes), made from the route table in src/routes.ts, the one
 * list of paths. `public` pages are open to anyone; every other page needs a signed-in user and sends
 * anyone else to `/login`. The facilitator console's pages (`/facilitator…`) sit in a frame of their
 * own and send a student to `/`; its admin page sends a facilitator to `/facilitator`
 * (docs/decisions/009-facilitator-console.md). While the start-up user check runs, every route shows the
 * Loading view; unknown paths go to `/` when signed in (a facilitator or admin: `/facilitator`), else to
 * `/login`. The footer is on every page.
 *
 * Pages load on demand, each its own chunk, and load their data themselves (`usePageData`, each page's
 * loader) so they show their frame and Loading at once. A page mounts afresh for each path. The router
 * moves between pages in a transition, so the page being left stays on screen until the next one's code
 * has arrived, except for a day, which shows Loading at once. Why this is not react-router's data
 * router: docs/decisions/008-routes-and-page-data.md.
 */
export function App() {
  const { status, user } = useAuth();
  return (
    <div className="app">
      {status === 'loading' ? (
        PAGE_LOADING
      ) : (
        <Suspense fallback={PAGE_LOADING}>
          <Routes>
            {routesFor('public').map((route) => (
              <Route key={route.path} path={route.path} element={<Page route={route} />} />
            ))}
            <Route
              element={
                <RequireAuth>
                  <SignedInLayout />
                </RequireAuth>
              }
            >
              {routesFor('student').map((route) => (
                <Route key={route.path} path={route.path} element={<Page route={route} />} />
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
                    <Suspense fallback={<Loading />}>
                      <Page route={route} />
                    </Suspense>
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
                <Route key={route.path} path={route.path} element={<Page route={route} />} />
              ))}
              {routesFor('admin').map((route) => (
                <Route
                  key={route.path}
                  path={route.path}
                  element={
                    <RequireAuth audience="admin">
                      <Page route={route} />
                    </RequireAuth>
                  }
                />
              ))}
            </Route>
            <Route path="*" element={<Navigate to={user ? homePathFor(user.role) : '/login'} replace />} />
          </Routes>
        </Suspense>
      )}
      <Footer />
    </div>
  );
}
