import { lazyImport } from './lazy-import.ts';

/**
 * The routes of every page that needs a sign-in (src/SignedInApp.tsx), a chunk of its own that /login
 * never downloads: one import, shared by the start-up preload (src/preload-route.ts) and src/App.tsx.
 */
export const SIGNED_IN_APP = lazyImport(() => import('./SignedInApp.tsx'));
