import { apiClient } from './api/client.ts';
import { dayAnswersPaths, PROFILE_PATH } from './api/endpoints.ts';
import { getAccessToken } from './auth/tokens.ts';
import { isPublicPage, PUBLIC_PAGE_MODULES, routeAt, type PageName } from './routes.ts';
import { SIGNED_IN_APP } from './signed-in-app.ts';

/**
 * Starts downloading the code of the page at `pathname` at once, in parallel with the rest of start-up,
 * instead of when the page first renders (a page that needs a sign-in through src/SignedInApp.tsx, a
 * chunk of its own which the page's HTML already asks for: scripts/route-assets.js). With a stored
 * login, it also prefetches the profile (`ApiClient.prefetch`, src/api/client.ts) and, for a day, starts
 * opening the day: its lesson and schema, the drafts on the device and the saved answers
 * (src/days/open-day.ts). An unknown path preloads nothing. Never throws: a failed download shows up
 * when the page renders.
 *
 * @param pathname - `location.pathname`, e.g. `/sections/day-1`
 * @returns the page started, or null for an unknown path
 */
export function preloadRoute(pathname: string): PageName | null {
  const route = routeAt(pathname);
  if (!route) return null;
  const { page } = route;
  if (isPublicPage(page)) PUBLIC_PAGE_MODULES[page]().catch(() => undefined);
  else
    SIGNED_IN_APP()
      .then(({ preloadSignedInPage }) => preloadSignedInPage(route))
      .catch(() => undefined);
  // The data the page will ask for first, with the stored login: the start-up profile check
  // (src/auth/AuthProvider.tsx) and a day's saved answers (src/days/day-answers.ts).
  if (getAccessToken()) {
    apiClient.prefetch(PROFILE_PATH);
    const { day } = route;
    if (day !== undefined) {
      apiClient.prefetch(dayAnswersPaths(day).detail);
      // The day opens as soon as its own small chunk is in: lesson and schema downloading, drafts read,
      // answers loaded (src/days/open-day.ts), while the page's code downloads and React draws the rest.
      // A visitor is sent to /login, so downloads nothing of the day.
      import('./days/open-day.ts')
        .then(({ preloadDay }) => preloadDay(day))
        .catch(() => undefined);
    }
  }
  return route.page;
}
