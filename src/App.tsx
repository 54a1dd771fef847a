import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useAuth } from './auth/auth-context.ts';
import { RequireAuth } from './auth/RequireAuth.tsx';
import { Footer } from './layout/Footer.tsx';
import { InboxProvider } from './layout/InboxProvider.tsx';
import { Loading } from './layout/Loading.tsx';
import { PageErrorBoundary } from './layout/PageErrorBoundary.tsx';
import { SignedInLayout } from './layout/SignedInLayout.tsx';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { InboxPage } from './pages/InboxPage.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { StudentProfilePage } from './pages/StudentProfilePage.tsx';
import { WorkbookPage } from './pages/WorkbookPage.tsx';
import { WorkbooksPage } from './pages/WorkbooksPage.tsx';
import { DAYS } from './site/days.ts';
import { QUIZZES, STATIC_SECTIONS } from './site/sections.ts';

// The lesson engine, the day pages, the static pages (which render lesson widgets) and the quizzes (the
// engine's embed panel) are separate chunks: the login and home pages, first seen over weak school
// Wi-Fi, do not wait for them.
const DayPage = lazy(() => import('./days/DayPage.tsx').then((module) => ({ default: module.DayPage })));
const SectionPage = lazy(() => import('./pages/SectionPage.tsx').then((module) => ({ default: module.SectionPage })));
const QuizPage = lazy(() => import('./pages/QuizPage.tsx').then((module) => ({ default: module.QuizPage })));

function LazyPage({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <main className="content-page" id="main">
          <Loading />
        </main>
      }
    >
      {children}
    </Suspense>
  );
}

/**
 * The app's routes (spec section 2). `/`, `/login` and `/forgot-password` are public; every other page
 * needs a signed-in student and sends anyone else to `/login`. While the start-up user check runs, every
 * route shows the Loading view; unknown paths go to `/` when signed in, else to `/login`; `/login` goes
 * to `/` when signed in. The footer is on every page.
 */
export function App() {
  const { status } = useAuth();
  return (
    <div className="app">
      {status === 'loading' ? (
        <main className="content-page" id="main">
          <Loading />
        </main>
      ) : (
        <InboxProvider>
          <Routes>
            <Route path="/" element={<HomePage />} />
            <Route path="/login" element={<LoginPage />} />
            <Route path="/forgot-password" element={<ForgotPasswordPage />} />
            <Route
              element={
                <RequireAuth>
                  <SignedInLayout />
                </RequireAuth>
              }
            >
              <Route path="/student_profile" element={<StudentProfilePage />} />
              {QUIZZES.map((quiz) => (
                <Route
                  key={quiz.path}
                  path={quiz.path}
                  element={
                    <LazyPage>
                      <QuizPage quiz={quiz} />
                    </LazyPage>
                  }
                />
              ))}
              <Route path="/inbox" element={<InboxPage />} />
              <Route path="/workbooks" element={<WorkbooksPage />} />
              <Route path="/workbooks/:workbookId" element={<WorkbookPage />} />
              {STATIC_SECTIONS.map((section) => (
                <Route
                  key={section.slug}
                  path={section.path}
                  element={
                    <LazyPage>
                      <SectionPage section={section} />
                    </LazyPage>
                  }
                />
              ))}
            </Route>
            {DAYS.map(({ day, path }) => (
              <Route
                key={day}
                path={path}
                element={
                  <RequireAuth>
                    <PageErrorBoundary key={day}>
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
        </InboxProvider>
      )}
      <Footer />
    </div>
  );
}
