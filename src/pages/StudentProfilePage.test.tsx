import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../engine/index.ts';
import { AuthProvider } from '../auth/AuthProvider.tsx';
import { SITE_NAME } from '../site/site.ts';
import { StudentProfilePage } from './StudentProfilePage.tsx';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let profile: Record<string, unknown> | null;

beforeEach(() => {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
  profile = { id: 1, username: 'ada77', first_name: 'Ada', last_name: 'Lovelace', classroom_name: null };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/api/student/profile/' && profile ? json(200, profile) : json(500, { detail: 'Down', code: 'internal_error' }))),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await act(() => activateLocale('en'));
});

async function openProfile() {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={['/student_profile']}>
        <AuthProvider>
          <StudentProfilePage />
        </AuthProvider>
      </MemoryRouter>,
    );
  });
}

/** The biography list as term → description. */
function biography(): Record<string, string> {
  const terms = [...document.querySelectorAll('.bio dt')];
  return Object.fromEntries(terms.map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']));
}

describe('the student profile page', () => {
  it('welcomes the student and shows the spec’s biography: N/A without a class, the fixed title', async () => {
    await openProfile();

    expect(await screen.findByRole('heading', { level: 1, name: `Welcome to ${SITE_NAME}, Ada` })).toBeInTheDocument();
    expect(biography()).toEqual({ Name: 'Ada Lovelace', Class: 'N/A', Title: 'Junior Bioinformatics Scientist' });
    expect(document.title).toMatch(/^My Profile – /);
  });

  it('speaks Spanish once the student switches, the days and quizzes included', async () => {
    await openProfile();
    await screen.findByRole('heading', { level: 1 });

    await act(() => activateLocale('es'));

    expect(screen.getByRole('heading', { level: 1, name: `Te damos la bienvenida a ${SITE_NAME}, Ada` })).toBeInTheDocument();
    expect(biography()).toEqual({ Nombre: 'Ada Lovelace', Clase: 'Sin clase', Título: 'Científico/a junior de bioinformática' });
    const week = screen.getByRole('region', { name: 'Tu semana' });
    expect(within(week).getByRole('link', { name: /^Día 1/ })).toHaveAttribute('href', '/sections/day-1');
    expect(screen.getByRole('link', { name: /Cuestionario inicial$/ })).toHaveAttribute('href', '/student_profile/pre_module');
    expect(screen.getByRole('button', { name: 'Cambiar contraseña' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Mi perfil – /);
  });

  it('says so when the profile cannot be loaded', async () => {
    profile = null;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await openProfile();

    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load profile. Please try logging in again.');
    expect(screen.getByRole('button', { name: 'Log in again' })).toBeInTheDocument();
  });
});
