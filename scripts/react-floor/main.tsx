// The React floor (scripts/react-floor.ts): the least a React app with a router and a message catalogue
// library downloads. Nothing of Helix; only what every page of it needs from React, react-dom,
// react-router and Lingui (a translated message with a placeholder, docs/decisions/023-the-reader-s-language.md).
import { setupI18n } from '@lingui/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Navigate, NavLink, Route, Routes } from 'react-router';

const i18n = setupI18n({ locale: 'en', messages: { en: { greeting: ['Hello, ', ['name']] } } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <nav>
        <Link to="/">{i18n._('greeting', { name: 'Ada' })}</Link>
        <NavLink to="/login">Sign in</NavLink>
      </nav>
      <Routes>
        <Route path="/" element={<p>Home</p>} />
        <Route path="/login" element={<p>Sign in</p>} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
