import { Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useAuth } from './auth/auth-context.ts';
import { RequireAuth } from './auth/RequireAuth.tsx';
import { Footer } from './layout/Footer.tsx';
import { InboxProvider } from './layout/InboxProvider.tsx';
import { lazyPage } from './layout/lazy-page.ts';
import { Loading } from './layout/Loading.tsx';
import { PageErrorBoundary } from './layout/PageErrorBoundary.tsx';
import { SignedInLayout } from './layout/SignedInLayout.tsx';
import { DAYS } from './site/days.ts';
import { QUIZZES, STATIC_SECTIONS } from './site/sections.ts';
import { PAGE_MODULES } from './routes.ts';

// Every page is its own chunk, downloaded when it is opened (issue 10, "Route-level splitting"): the
// login and home pages, first seen over weak school Wi-Fi, carry no lesson engine, form library, menu
// or dialog code. The entry keeps only what every route needs: React, the router, sign-in, the API
// client, the signed-in frame (its menus are loaded on first use, see src/layout/menus-loader.ts).
// src/start-preload.ts starts the current page's chunk before any of this runs.
const HomePage = lazyPage(PAGE_MODULES.home, 'HomePage');
const LoginPage = lazyPage(PAGE_MODULES.login, 'LoginPage');
const ForgotPasswordPage = lazyPage(PAGE_MODULES.forgotPassword, 'ForgotPasswordPage');
const StudentProfilePage = lazyPage(PAGE_MODULES.profile, 'StudentProfilePage');
const InboxPage = lazyPage(PAGE_MODULES.inbox, 'InboxPage');
const WorkbooksPage = lazyPage(PAGE_MODULES.workbooks, 'WorkbooksPage');
const WorkbookPage = lazyPage(PAGE_MODULES.workbook, 'WorkbookPage');
const QuizPage = lazyPage(PAGE_MODULES.quiz, 'QuizPage');
const SectionPage = lazyPage(PAGE_MODULES.section, 'SectionPage');
const DayPage = lazyPage(PAGE_MODULES.day, 'DayPage');

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
