import { apiClient } from './api/client.ts';
import { dayAnswersPaths, PROFILE_PATH } from './api/endpoints.ts';
import { getAccessToken } from './auth/tokens.ts';
import { isPublicPage, PUBLIC_PAGE_MODULES, routeAt, type PageName } from './routes.ts';
import { SIGNED_IN_APP } from './signed-in-app.ts';

/** Settles once a day's opening has started (src/days/open-day.ts, `preloadDay`) or cannot: see {@link dayOpeningStarted}. */
let dayOpening: Promise<void> = Promise.resolve();

/**
 * Settles once the day that {@link preloadRoute} started opening has begun: its chunk is in and has run,
 * and the reads of its schema, drafts and answers are on their way; at once on any other page; after at
 * most `capMs` whatever happens. src/main.tsx renders the app after it, so that on a day's first visit
 * those reads wait on the device and the network while React draws the frame, rather than after.
 * Never rejects.
 *
 * @param capMs - the longest wait, ms: a chunk held up on a slow network must not hold up the app
 */
export function dayOpeningStarted(capMs: number): Promise<void> {
  return Promise.race([dayOpening, new Promise<void>((resolve) => setTimeout(resolve, capMs))]);
}

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
  // The data the page will ask for first, with the stored login: the start-up profile check
  // (src/auth/AuthProvider.tsx) and a day's saved answers (src/days/day-answers.ts).
  if (getAccessToken()) {
    apiClient.prefetch(PROFILE_PATH);
    const { day } = route;
    if (day !== undefined) {
      apiClient.prefetch(dayAnswersPaths(day).detail);
      // The day opens as soon as its own small chunk is in: lesson and schema downloading, drafts read,
      // answers loaded (src/days/open-day.ts), while the page's code downloads and React draws the rest.
      // Asked for before the page's code, so it runs first once the start-up file has run: its reads of
      // the schema and the drafts then wait on the device while the page's code runs.
      // A visitor is sent to /login, so downloads nothing of the day.
      dayOpening = import('./days/open-day.ts')
        .then(({ preloadDay }) => preloadDay(day))
        .catch(() => undefined);
    }
  }
  if (isPublicPage(page)) PUBLIC_PAGE_MODULES[page]().catch(() => undefined);
  else
    SIGNED_IN_APP()
      .then(({ preloadSignedInPage }) => preloadSignedInPage(route))
      .catch(() => undefined);
  return route.page;
}
