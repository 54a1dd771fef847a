import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A `React.lazy` component that can also start its download before it renders. */
export type PreloadableComponent<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts (or joins) the download of the component's chunk; resolves when it has arrived. Never rejects. */
  preload(): Promise<void>;
};

/**
 * Splits a page (or any component) into its own chunk, loaded on first render, and lets the app start
 * that download earlier with `preload()`: at start-up for the route being opened, before the sign-in
 * check has finished (issue 10, "Route-level splitting"), so the page does not wait for the profile and
 * then for its code one after the other.
 *
 * The chunk is requested once: a failed download is not cached by `preload()` (it resolves anyway), and
 * the render that follows asks again, so the page's error boundary sees the failure.
 *
 * @param load - the dynamic import of the module, e.g. `() => import('../pages/InboxPage.tsx')`
 * @param name - the module's named export to render, e.g. `'InboxPage'`
 * @example
 * const InboxPage = lazyPage(() => import('./pages/InboxPage.tsx'), 'InboxPage');
 * void InboxPage.preload();
 */
export function lazyPage<M extends Record<K, ComponentType<never>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): PreloadableComponent<M[K] extends ComponentType<infer P> ? P : never> {
  type Props = M[K] extends ComponentType<infer P> ? P : never;
  let pending: Promise<M> | null = null;
  const request = () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  const component = lazy(() => request().then((module) => ({ default: module[name] as unknown as ComponentType<Props> })));
  return Object.assign(component, {
    preload: () =>
      request().then(
        () => undefined,
        () => undefined,
      ),
  });
}
