import { Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { useAuth } from './auth/auth-context.ts';
import { LanguageButton } from './i18n/LanguageButton.tsx';
import { Footer } from './layout/Footer.tsx';
import { lazyComponent } from './layout/lazy-component.ts';
import { PageErrorBoundary } from './layout/PageErrorBoundary.tsx';
import { PAGE_LOADING, RoutePage, type LazyPage } from './layout/RoutePage.tsx';
import { PUBLIC_PAGE_MODULES, ROUTES, routeAt, type PublicPageName } from './routes.ts';
import { SIGNED_IN_APP } from './signed-in-app.ts';

/** Each public page's component, its own chunk (the same imports src/preload-route.ts starts). */
const PAGES: { [Page in PublicPageName]: LazyPage } = {
  home: lazyComponent(PUBLIC_PAGE_MODULES.home, (module) => module.HomePage),
  login: lazyComponent(PUBLIC_PAGE_MODULES.login, (module) => module.LoginPage),
  forgotPassword: lazyComponent(PUBLIC_PAGE_MODULES.forgotPassword, (module) => module.ForgotPasswordPage),
  join: lazyComponent(PUBLIC_PAGE_MODULES.join, (module) => module.JoinPage),
  signInReturn: lazyComponent(PUBLIC_PAGE_MODULES.signInReturn, (module) => module.SignInReturnPage),
};

/** The routes of every other page, a chunk of its own that /login never downloads (src/preload-route.ts starts it early). */
const SignedInApp = lazyComponent(SIGNED_IN_APP, (module) => module.SignedInApp);

const PUBLIC_ROUTES = ROUTES.filter((route) => route.access === 'public');

/** Whether `pathname` is a public page drawn without the header bar, whose language control sits in the page's corner instead: every public page but home. */
const isBare = (pathname: string) => {
  const route = routeAt(pathname);
  return route?.access === 'public' && route.page !== 'home';
};

/**
 * The app's routes (docs/requirements.md#routes), made from the route table in src/routes.ts, the one
 * list of paths. `public` pages are open to anyone; every other path is {@link SignedInApp}'s
 * (src/SignedInApp.tsx), a chunk of its own: its pages need a signed-in user and send anyone else to
 * `/login`, and it sends unknown paths home. While the start-up user check runs, every route shows the
 * Loading view. The footer is on every page.
 *
 * Pages load on demand, each its own chunk, and load their data themselves (`usePageData`, each page's
 * loader) so they show their frame and Loading at once. A page mounts afresh for each path. The router
 * moves between pages in a transition, so the page being left stays on screen until the next one's code
 * has arrived, except for a day, which shows Loading at once. Why this is not react-router's data
 * router: docs/decisions/008-routes-and-page-data.md.
 *
 * The language control is in every page's header bar (src/layout/SiteHeader.tsx); on /login and
 * /forgot-password, which have none, it sits in the page's top corner, drawn here so that its code is in
 * the start-up file rather than the signed-in frame's (docs/decisions/011-first-visit-javascript.md).
 */
export function App() {
  const { status } = useAuth();
  const { pathname } = useLocation();
  return (
    <div className="app">
      {isBare(pathname) ? (
        <div className="page-corner">
          <LanguageButton />
        </div>
      ) : null}
      {status === 'loading' ? (
        PAGE_LOADING
      ) : (
        <Suspense fallback={PAGE_LOADING}>
          <Routes>
            {PUBLIC_ROUTES.map((route) => (
              <Route key={route.path} path={route.path} element={<RoutePage route={route} page={PAGES[route.page as PublicPageName]} />} />
            ))}
            <Route
              path="*"
              element={
                // Its code failing to download (a dropped connection) says so with a Reload button, as a page's does.
                <PageErrorBoundary>
                  <SignedInApp />
                </PageErrorBoundary>
              }
            />
          </Routes>
        </Suspense>
      )}
      <Footer />
    </div>
  );
}
