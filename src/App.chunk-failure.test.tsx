import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { App } from './App.tsx';
import { AuthProvider } from './auth/AuthProvider.tsx';

// The signed-in pages' routes are a chunk of their own (src/SignedInApp.tsx); on a dropped connection its
// download fails like any page's.
vi.mock('./SignedInApp.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/SignedInApp.js');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

it("says a signed-in page could not be shown, with a Reload button and the footer, when its routes' code fails to download", async () => {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
  const profile = { id: 1, username: 'ada77', first_name: 'Ada', last_name: 'Lovelace', classroom_name: null };
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(profile), { status: 200, headers: { 'Content-Type': 'application/json' } })));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);

  render(
    <MemoryRouter initialEntries={['/sections/day-1']}>
      <AuthProvider>
        <App />
      </AuthProvider>
    </MemoryRouter>,
  );

  expect(await screen.findByRole('heading', { level: 1, name: 'This page could not be shown' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  expect(screen.getByRole('contentinfo')).toBeInTheDocument();
});
