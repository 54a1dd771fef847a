import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Loading } from './Loading.tsx';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import { TopNav } from './TopNav.tsx';

/**
 * The frame of the signed-in pages other than the days (profile, inbox, quizzes, static sections,
 * workbooks): the navigation bar, then the page. The bar stays mounted while the student moves between
 * pages; a page that fails to render is replaced by an error message, and leaving it clears the error.
 *
 * Each page is its own chunk: on a first visit the bar shows at once with Loading under it while the
 * page's code downloads. The Suspense boundary sits outside the per-page error boundary so it stays
 * mounted: moving to another page then keeps the current one on screen until the next has arrived.
 */
export function SignedInLayout() {
  const { pathname } = useLocation();
  return (
    <div className="page">
      <TopNav />
      <Suspense
        fallback={
          <main className="content-page" id="main">
            <Loading />
          </main>
        }
      >
        <PageErrorBoundary key={pathname}>
          <Outlet />
        </PageErrorBoundary>
      </Suspense>
    </div>
  );
}
