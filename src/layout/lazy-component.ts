import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { LazyImport } from '../lazy-import.ts';

/**
 * `React.lazy` over a {@link LazyImport}: when the module has already arrived (the start-up preload
 * fetched it), the component renders in the same render instead of suspending. A suspended boundary
 * shows its fallback and React then holds back the content that replaces it for at least 300 ms after
 * that fallback was drawn (its Suspense throttling): on a day's first visit, the code was all in
 * while the page waited on that timer (docs/decisions/011-first-visit-javascript.md).
 *
 * @param source - the chunk's import
 * @param pick - the component to render from the module
 */
export function lazyComponent<T, P extends object>(source: LazyImport<T>, pick: (module: T) => ComponentType<P>): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => {
    const module = source.loaded();
    if (module === undefined) return source().then((value) => ({ default: pick(value) }));
    // React.lazy calls `then` once and uses the module at once if the callback ran before it returns.
    const ready = { default: pick(module) };
    return { then: (resolve: (value: typeof ready) => void) => resolve(ready) } as unknown as Promise<typeof ready>;
  });
}
