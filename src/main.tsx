// First: starts the current page's chunks before React is evaluated.
import './start-preload.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '../engine/styles.css';
import './styles.css';
import { App } from './App.tsx';
import { AuthProvider } from './auth/AuthProvider.tsx';
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

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <ServiceWorkerUpdates />
      <AuthProvider>
        <App />
      </AuthProvider>
    </BrowserRouter>
  </StrictMode>,
);
