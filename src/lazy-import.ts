// No React here: src/routes.ts and src/preload-route.ts use it before React has been evaluated.

/** A dynamic import run at most once, whose module can be read without waiting once it has arrived. */
export interface LazyImport<T> {
  /** Starts the import, or answers the one already started; rejects as `import()` does. */
  (): Promise<T>;
  /** The module, once the import has resolved; undefined before. */
  readonly loaded: () => T | undefined;
}

/**
 * Wraps `import()` of a chunk so that every caller (src/preload-route.ts at start-up, the page's lazy
 * component) shares one import, and the module is known once it has arrived. A failed import is tried
 * again by the next call.
 *
 * @example
 * const dayPage = lazyImport(() => import('./days/DayPage.tsx'));
 */
export function lazyImport<T>(load: () => Promise<T>): LazyImport<T> {
  let module: T | undefined;
  let pending: Promise<T> | undefined;
  const start = () =>
    (pending ??= load().then(
      (value) => (module = value),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  return Object.assign(start, { loaded: () => module });
}
