import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { App } from '../App.tsx';
import { AuthProvider } from '../auth/AuthProvider.tsx';

// A file of its own: /login asks for the list of school providers once per page load
// (docs/decisions/025-school-sign-in.md), so this first load of the page is the one with a provider.

afterEach(() => {
  vi.unstubAllGlobals();
});

it('shows a "Sign in with …" link per provider above the forms, to its start address, drawn with them', async () => {
  vi.stubGlobal('fetch', async (url: string) =>
    url === '/api/auth/providers/'
      ? new Response(JSON.stringify({ providers: [{ id: 'oidc', label: 'Google', start_url: '/api/auth/oidc/oidc/start' }] }), { headers: { 'Content-Type': 'application/json' } })
      : new Response('{}', { status: 500 }),
  );
  render(
    <MemoryRouter initialEntries={['/login']}>
      <AuthProvider>
        <App />
      </AuthProvider>
    </MemoryRouter>,
  );
  const tabs = await screen.findByRole('tablist');
  // There as soon as the forms are: it never pushes them down.
  const button = screen.getByRole('link', { name: 'Sign in with Google' });
  expect(button).toHaveAttribute('href', '/api/auth/oidc/oidc/start');
  expect(button.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});
