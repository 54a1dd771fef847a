import { startTransition, useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/** What a page's loader found: the data, or that it could not be loaded. */
export type Loaded<T> = { status: 'ready'; value: T } | { status: 'failed' };

/**
 * Turns a download into a {@link Loaded} that never rejects, for a page loader to hand to its page
 * unresolved: the page renders at once (its own Loading inside Suspense) and `use()` reads the result,
 * or {@link useSettled} without Suspense.
 *
 * @param what - logged with the error when the download fails, e.g. `'The workbooks'`
 */
export function settle<T>(promise: Promise<T>, what: string): Promise<Loaded<T>> {
  const settled = promise.then(
    (value): Loaded<T> => ({ status: 'ready', value }),
    (error: unknown): Loaded<T> => {
      console.error(`${what} could not be loaded.`, error);
      return { status: 'failed' };
    },
  );
  void settled.then((loaded) => outcomes.set(settled, loaded));
  return settled;
}

/** What each promise made by {@link settle} came to, once it has: {@link useSettled} reads it without waiting. */
const outcomes = new WeakMap<Promise<unknown>, unknown>();

/**
 * Reads a promise made by {@link settle} without Suspense: undefined while it is pending (the caller
 * shows Loading), then what it came to. The render that shows it is a React transition, so a long page
 * renders in slices of a few milliseconds. For a page that shows its data the moment it arrives:
 * `use()` under Suspense holds back the content replacing a fallback until at least 300 ms after that
 * fallback was drawn (React's Suspense throttling), which on a day's first visit had kept the lesson
 * waiting on that timer with its answers already in (docs/decisions/011-first-visit-javascript.md).
 *
 * @param promise - from {@link settle}; another promise is read as pending until it settles
 */
export function useSettled<T>(promise: Promise<Loaded<T>>): Loaded<T> | undefined {
  const [, setSettled] = useState<unknown>(null);
  const outcome = outcomes.get(promise) as Loaded<T> | undefined;
  useEffect(() => {
    if (outcome !== undefined) return;
    let current = true;
    void promise.then((loaded) => {
      outcomes.set(promise, loaded);
      if (current) startTransition(() => setSettled(loaded));
    });
    return () => {
      current = false;
    };
  }, [promise, outcome]);
  return outcome;
}

/** Each navigation's page data: the router's location object stands for one visit of one path. */
const loadsByVisit = new WeakMap<object, Map<number, unknown>>();

/** The page data of the visit `location` stands for, by loader attempt; empty the first time. */
function loadsOf(location: object): Map<number, unknown> {
  let loads = loadsByVisit.get(location);
  if (!loads) loadsByVisit.set(location, (loads = new Map()));
  return loads;
}

/**
 * Runs a page's loader once per visit (one navigation to the page) and keeps what it returned,
 * promises unresolved, for `use()` under the page's Suspense. Keyed by the router's location object,
 * so a render that React starts again (an interrupted first render, a retried Suspense boundary) gets
 * the same data instead of loading twice. A jump within the page (a link to `#a-heading`: only the
 * hash changes) is the same visit and keeps the data, so the page is not loaded again and the browser's
 * scroll to the heading stands. docs/decisions/008-routes-and-page-data.md says why this is not
 * react-router's data router.
 *
 * @param load - the page's loader, e.g. `loadWorkbooks`; it must not throw
 * @returns the loader's data and `reload()`, which runs the loader again (a Try again button)
 */
export function usePageData<T>(load: () => T): [T, () => void] {
  const location = useLocation();
  const [attempt, setAttempt] = useState(0);
  // The visit this mounted page shows; a new location of the same path and query is a jump within it.
  const address = location.pathname + location.search;
  const [visit, setVisit] = useState(() => ({ location, address, loads: loadsOf(location) }));
  let loads = visit.loads;
  if (visit.location !== location) {
    loads = visit.address === address ? visit.loads : loadsOf(location);
    setVisit({ location, address, loads });
  }
  if (!loads.has(attempt)) loads.set(attempt, load());
  return [loads.get(attempt) as T, () => setAttempt((count) => count + 1)];
}
