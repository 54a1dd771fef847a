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
