import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { registerServiceWorker } from './register.ts';

/**
 * Registers the service worker once the app runs inside the router, and hands it the router's
 * `navigate`, for in-app links followed while a save keeps the running version (see
 * {@link registerServiceWorker}). Renders nothing.
 */
export function ServiceWorkerUpdates(): null {
  const navigate = useNavigate();
  useEffect(() => registerServiceWorker((href) => void navigate(href)), [navigate]);
  return null;
}
