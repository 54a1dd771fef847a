import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * Registers the service worker once the app runs inside the router, and hands it the router's
 * `navigate`, for in-app links followed while a save keeps the running version (see
 * `registerServiceWorker` in ./register.ts). The registration code is a chunk of its own, asked for as
 * the app mounts: it registers nothing before the load event anyway, and /login's budget counts every
 * byte (docs/decisions/011-first-visit-javascript.md). Renders nothing.
 */
export function ServiceWorkerUpdates(): null {
  const navigate = useNavigate();
  useEffect(() => {
    let current = true;
    import('./register.ts').then(
      ({ registerServiceWorker }) => {
        if (current) registerServiceWorker((href) => void navigate(href));
      },
      // Without the chunk (offline, never cached) the app runs as before, without updates in the background.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [navigate]);
  return null;
}
