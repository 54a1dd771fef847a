import { answerSessions } from '../auth/answer-sessions.ts';

/** The service worker's address: at the root, so its scope is the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';
/** At most one check for a new deployment per this many ms, made at in-app navigations and when the tab shows again. */
export const UPDATE_CHECK_INTERVAL_MS = 10_000;
/** After the load event, the service worker is registered this much later, at the browser's next idle moment, ms. */
const REGISTER_DELAY_MS = 3_000;
/** How long a page waits for a waiting worker to take over before loading the new version anyway, ms. */
const TAKE_OVER_WAIT_MS = 3_000;
/** The message that lets a waiting worker take over (src/service-worker/sw.ts). */
const SKIP_WAITING = 'SKIP_WAITING';

let started = false;
let registration: ServiceWorkerRegistration | null = null;
/** A newer version took over while this page runs an older one (another tab let it): the next navigation loads it. */
let outdated = false;
let lastCheck = 0;
let navigateInApp: ((href: string) => void) | null = null;

function checkForUpdate(): void {
  if (!registration || Date.now() - lastCheck < UPDATE_CHECK_INTERVAL_MS) return;
  lastCheck = Date.now();
  void registration.update().catch(() => undefined);
}

/** A newer version is installed and waits for a page to let it take over. */
function updateWaiting(): boolean {
  return Boolean(registration?.waiting);
}

/** Lets the waiting worker take over, then loads `href` in full: the new version of the app. */
async function loadNewVersion(href: string): Promise<void> {
  const waitingWorker = registration?.waiting;
  if (waitingWorker) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, TAKE_OVER_WAIT_MS);
      navigator.serviceWorker.addEventListener(
        'controllerchange',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
      waitingWorker.postMessage({ type: SKIP_WAITING });
    });
  }
  window.location.assign(href);
}

/** The in-app link a click follows, when it is one the app's router would handle; else null. */
function inAppLink(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname.startsWith('/api/')) return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null; // a jump within the page
  return url;
}

/**
 * Moves the tab to a new deployment at an in-app link, never mid-edit (docs/decisions/010-offline-days.md):
 * the answers of every open day are saved first; when they all reached the server, the new version is
 * loaded in full at the link's address; otherwise the link is followed in the running version, whose
 * saves go on as before.
 */
function onClick(event: MouseEvent): void {
  checkForUpdate();
  if (!updateWaiting() && !outdated) return;
  const url = inAppLink(event);
  if (!url) return;
  event.preventDefault();
  event.stopPropagation();
  void answerSessions.flushAll().then((outcomes) => {
    if (outcomes.every((outcome) => outcome === 'saved' || outcome === 'clean') && !answerSessions.pending()) {
      return loadNewVersion(url.href);
    }
    navigateInApp?.(url.pathname + url.search + url.hash);
  });
}

/**
 * Registers the service worker that keeps the app on the device (src/service-worker/sw.ts), 3 s after
 * the page has loaded and when the browser is idle, so that downloading the precache never competes
 * with the page a student is waiting for; in production builds of browsers that have service workers. New deployments are looked for at in-app links and when the tab shows again, at
 * most every {@link UPDATE_CHECK_INTERVAL_MS}; one found is taken up at the next in-app link followed
 * with nothing left to save.
 *
 * @param navigate - follows an in-app address in the running version (the router's `navigate`)
 */
export function registerServiceWorker(navigate: (href: string) => void): void {
  navigateInApp = navigate;
  if (started || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  started = true;
  const { serviceWorker } = navigator;
  // Watched from the start, before registering: another tab may let a new version take over at any time.
  // The first worker takes control without replacing anything; any later change of controller does.
  let controlled = serviceWorker.controller !== null;
  serviceWorker.addEventListener('controllerchange', () => {
    // A worker replaced the one this page started with: the chunks this page has not loaded yet are gone.
    if (controlled) outdated = true;
    controlled = true;
  });
  const start = () => {
    lastCheck = Date.now();
    serviceWorker.register(SERVICE_WORKER_URL).then(
      (registered) => {
        registration = registered;
      },
      () => undefined,
    );
  };
  // After the load event, and then after the page's own first work (its lesson chunk, its answers):
  // installing downloads the whole precache, which must not compete with the page a student waits for.
  const startWhenIdle = () => setTimeout(() => (window.requestIdleCallback ?? ((run: () => void) => run()))(start), REGISTER_DELAY_MS);
  if (document.readyState === 'complete') startWhenIdle();
  else window.addEventListener('load', startWhenIdle, { once: true });
  document.addEventListener('click', onClick, { capture: true });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkForUpdate();
  });
}
