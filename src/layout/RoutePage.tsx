import type { ComponentType, LazyExoticComponent } from 'react';
import { useLocation } from 'react-router';
import type { AppRoute } from '../routes.ts';
import { Loading } from './Loading.tsx';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';

/** A page's component, its own chunk, given what its route shows (src/routes.ts). */
export type LazyPage = LazyExoticComponent<ComponentType<AppRoute>>;

/** What a page shows while its code downloads; the same as the start-up Loading view, so no flash between them. */
export const PAGE_LOADING = (
  <main className="content-page" id="main">
    <Loading />
  </main>
);

/**
 * One route's page, in an error boundary of its own: a page whose code fails to download says so, with
 * a Reload button. The page mounts afresh for each path.
 */
export function RoutePage({ route, page: Page }: { route: AppRoute; page: LazyPage }) {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary key={pathname}>
      <Page {...route} />
    </PageErrorBoundary>
  );
}
