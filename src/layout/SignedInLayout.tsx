import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { InboxProvider } from './InboxProvider.tsx';
import { Loading } from './Loading.tsx';
import { TopNav } from './TopNav.tsx';

/**
 * The frame of the signed-in pages other than the days (profile, inbox, quizzes, static sections,
 * workbooks): the student's inbox (the bar's unread count and the inbox page share it), the navigation
 * bar, then the page. A chunk of its own (src/SignedInApp.tsx, `SIGNED_IN_LAYOUT`): /login never loads it. The bar stays mounted while the student moves between
 * pages; a page that fails to render is replaced by an error message (each page has its own error
 * boundary, src/App.tsx), and leaving it clears the error.
 *
 * Each page is its own chunk: on a first visit the bar shows at once with Loading under it
 * while the page's code downloads. The Suspense boundary sits outside the per-page error boundary so it
 * stays mounted: moving to another page then keeps the current one on screen until the next has arrived.
 */
export function SignedInLayout() {
  return (
    <InboxProvider>
      <div className="page">
        <TopNav />
        <Suspense
          fallback={
            <main className="content-page" id="main">
              <Loading />
            </main>
          }
        >
          <Outlet />
        </Suspense>
      </div>
    </InboxProvider>
  );
}
