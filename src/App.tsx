import { Suspense, type ComponentType } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation } from 'react-router';
import { useAuth } from './auth/auth-context.ts';
import { RequireAuth } from './auth/RequireAuth.tsx';
import { loadDayContent } from './days/registry.ts';
import { Footer } from './layout/Footer.tsx';
import { InboxProvider } from './layout/InboxProvider.tsx';
import { lazyPage } from './layout/lazy-page.ts';
import { Loading } from './layout/Loading.tsx';
import { PageErrorBoundary } from './layout/PageErrorBoundary.tsx';
import { SignedInLayout } from './layout/SignedInLayout.tsx';
import { DAYS } from './site/days.ts';
import { QUIZZES, STATIC_SECTIONS } from './site/sections.ts';

// Every page is its own chunk, downloaded when it is opened (issue 10, "Route-level splitting"): the
// login and home pages, first seen over weak school Wi-Fi, carry no lesson engine, form library, menu
// or dialog code. The entry keeps only what every route needs: React, the router, sign-in, the API
// client, the signed-in frame (its menus are loaded on first use, see src/layout/menus-loader.ts).
const HomePage = lazyPage(() => import('./pages/HomePage.tsx'), 'HomePage');
const LoginPage = lazyPage(() => import('./pages/LoginPage.tsx'), 'LoginPage');
const ForgotPasswordPage = lazyPage(() => import('./pages/ForgotPasswordPage.tsx'), 'ForgotPasswordPage');
const StudentProfilePage = lazyPage(() => import('./pages/StudentProfilePage.tsx'), 'StudentProfilePage');
const InboxPage = lazyPage(() => import('./pages/InboxPage.tsx'), 'InboxPage');
const WorkbooksPage = lazyPage(() => import('./pages/WorkbooksPage.tsx'), 'WorkbooksPage');
const WorkbookPage = lazyPage(() => import('./pages/WorkbookPage.tsx'), 'WorkbookPage');
const QuizPage = lazyPage(() => import('./pages/QuizPage.tsx'), 'QuizPage');
const SectionPage = lazyPage(() => import('./pages/SectionPage.tsx'), 'SectionPage');
const DayPage = lazyPage(() => import('./days/DayPage.tsx'), 'DayPage');

/** Which chunk each route renders, for {@link preloadRoute}; the same paths as the routes below. */
const ROUTE_PAGES: readonly { path: string; page: { preload(): Promise<void> }; day?: number }[] = [
  { path: '/', page: HomePage },
  { path: '/login', page: LoginPage },
  { path: '/forgot-password', page: ForgotPasswordPage },
  { path: '/student_profile', page: StudentProfilePage },
  ...QUIZZES.map(({ path }) => ({ path, page: QuizPage })),
  { path: '/inbox', page: InboxPage },
  { path: '/workbooks', page: WorkbooksPage },
  { path: '/workbooks/:workbookId', page: WorkbookPage },
  ...STATIC_SECTIONS.map(({ path }) => ({ path, page: SectionPage })),
  ...DAYS.map(({ day, path }) => ({ path, page: DayPage, day })),
];

/**
 * Starts downloading the code of the page at `pathname` (and, for a day, its lesson and schema) at once,
 * in parallel with the start-up sign-in check, instead of after it. Called once by src/main.tsx before
 * the first render; an unknown path preloads nothing. Never throws: a failed download shows up when the
 * page renders.
 *
 * @param pathname - `location.pathname`, e.g. `/sections/day-1`
 */
export function preloadRoute(pathname: string): void {
  const route = ROUTE_PAGES.find(({ path }) => matchPath(path, pathname));
  if (!route) return;
  void route.page.preload();
  if (route.day !== undefined) loadDayContent(route.day).catch(() => undefined);
}

/** What a page shows while its code downloads; the same as the start-up Loading view, so no flash between them. */
const PAGE_LOADING = (
  <main className="content-page" id="main">
    <Loading />
  </main>
);

/** A public page in its own error boundary: a page whose code fails to download says so, with a Reload button. */
function PublicPage({ page: Page }: { page: ComponentType }) {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary key={pathname}>
      <Page />
    </PageErrorBoundary>
  );
}

/**
 * The app's routes (spec section 2). `/`, `/login` and `/forgot-password` are public; every other page
 * needs a signed-in student and sends anyone else to `/login`. While the start-up user check runs, every
 * route shows the Loading view; unknown paths go to `/` when signed in, else to `/login`; `/login` goes
 * to `/` when signed in. The footer is on every page.
 *
 * Pages load on demand (issue 10). The router moves between pages in a transition, so the page being
 * left stays on screen until the next one's code has arrived (no Loading flash), except for a day,
 * which shows Loading at once as it always has; a first visit shows Loading while its page downloads.
 */
export function App() {
  const { status } = useAuth();
  return (
    <div className="app">
      {status === 'loading' ? (
        PAGE_LOADING
      ) : (
        <InboxProvider>
          <Suspense fallback={PAGE_LOADING}>
            <Routes>
              <Route path="/" element={<PublicPage page={HomePage} />} />
              <Route path="/login" element={<PublicPage page={LoginPage} />} />
              <Route path="/forgot-password" element={<PublicPage page={ForgotPasswordPage} />} />
              <Route
                element={
                  <RequireAuth>
                    <SignedInLayout />
                  </RequireAuth>
                }
              >
                <Route path="/student_profile" element={<StudentProfilePage />} />
                {QUIZZES.map((quiz) => (
                  <Route key={quiz.path} path={quiz.path} element={<QuizPage quiz={quiz} />} />
                ))}
                <Route path="/inbox" element={<InboxPage />} />
                <Route path="/workbooks" element={<WorkbooksPage />} />
                <Route path="/workbooks/:workbookId" element={<WorkbookPage />} />
                {STATIC_SECTIONS.map((section) => (
                  <Route key={section.slug} path={section.path} element={<SectionPage section={section} />} />
                ))}
              </Route>
              {DAYS.map(({ day, path }) => (
                <Route
                  key={day}
                  path={path}
                  element={
                    <RequireAuth>
                      <PageErrorBoundary key={day}>
                        {/* A boundary of its own: opening a day replaces the page at once with Loading, then the
                            day's bar and lesson, as before the split; the bar of the page left never lingers. */}
                        <Suspense fallback={<Loading />}>
                          <DayPage day={day} />
                        </Suspense>
                      </PageErrorBoundary>
                    </RequireAuth>
                  }
                />
              ))}
              <Route path="*" element={<Navigate to={status === 'signed-in' ? '/' : '/login'} replace />} />
            </Routes>
          </Suspense>
        </InboxProvider>
      )}
      <Footer />
    </div>
  );
}
