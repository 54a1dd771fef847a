import { Outlet, useLocation } from 'react-router';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import { TopNav } from './TopNav.tsx';

/**
 * The frame of the signed-in pages other than the days (profile, inbox, quizzes, static sections,
 * workbooks): the navigation bar, then the page. The bar stays mounted while the student moves between
 * pages; a page that fails to render is replaced by an error message, and leaving it clears the error.
 */
export function SignedInLayout() {
  const { pathname } = useLocation();
  return (
    <div className="page">
      <TopNav />
      <PageErrorBoundary key={pathname}>
        <Outlet />
      </PageErrorBoundary>
    </div>
  );
}
