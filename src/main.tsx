import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '../engine/styles.css';
import './styles.css';
import { App, preloadRoute } from './App.tsx';
import { AuthProvider } from './auth/AuthProvider.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root"> for the app to mount.');

// The page's own code downloads while the sign-in check runs, not after it (issue 10).
preloadRoute(window.location.pathname);

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <AuthProvider>
        <App />
      </AuthProvider>
    </BrowserRouter>
  </StrictMode>,
);
