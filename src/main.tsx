// First: starts the current page's chunks before React is evaluated.
import './start-preload.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '../engine/styles.css';
import './styles.css';
import { App } from './App.tsx';
import { dayOpeningStarted } from './preload-route.ts';
import { AuthProvider } from './auth/AuthProvider.tsx';
import { startInReadingLanguage } from './i18n/language.ts';
import { ServiceWorkerUpdates } from './service-worker/ServiceWorkerUpdates.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root"> for the app to mount.');

// A day's preview (server/static-files.ts) stands in for the app's Loading views (src/styles.css) until the
// app draws a heading or anything but Loading: it goes in the same frame as the lesson's first paint.
const preview = document.querySelector('body > .day-preview');
if (preview) {
  new MutationObserver((_, observer) => {
    if (root.querySelector('h1') || !root.querySelector('.loading')) {
      preview.remove();
      observer.disconnect();
    }
  }).observe(root, { childList: true, subtree: true });
}

/**
 * The longest React's first render waits for a day to start opening, ms: the day's chunk is linked from
 * its page and arrives with this file, so it normally runs within a task or two; on a network that holds
 * it up, the app starts anyway.
 */
const DAY_OPENING_WAIT_MS = 200;

// On a day's first visit the day starts opening (its schema, drafts and answers on their way) before
// React's first render, which draws only Loading under the day's preview (src/preload-route.ts).
// The first render is in the reader's language: its catalogues (not English's, which come with the code) first.
void Promise.all([dayOpeningStarted(DAY_OPENING_WAIT_MS), startInReadingLanguage()]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <ServiceWorkerUpdates />
        <AuthProvider>
          <App />
        </AuthProvider>
      </BrowserRouter>
    </StrictMode>,
  ),
);
