/// <reference lib="webworker" />
/**
 * Helix's service worker (docs/decisions/010-offline-days.md), built by vite-plugin-pwa (injectManifest):
 * - precaches the built app, every lesson and section (they are JavaScript chunks) and the lesson images,
 *   so a day opens, reloads and moves to another day with the network gone;
 * - answers every page navigation with the precached `index.html` (the app routes in the browser);
 * - never answers an API request: `/api/` responses are `no-store` and always go to the network, so
 *   no page ever shows answers from a cache the worker keeps;
 * - takes over only when a page asks it to (`SKIP_WAITING`), which the app does at a navigation when no
 *   save is pending: a deployment never swaps the app under a student mid-edit.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

/** The message a page posts to let a waiting worker take over (src/service-worker/register.ts). */
const SKIP_WAITING = 'SKIP_WAITING';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(?:\/|$)/, /^\/images\//] }));

// The first worker controls the page that installed it, so that page already works offline.
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});
