import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../engine/index.ts';
import { switchLanguage } from '../i18n/switch.ts';
import { STATIC_SECTIONS } from '../site/sections.ts';
import { SectionPage } from './SectionPage.tsx';

const welcome = STATIC_SECTIONS.find(({ slug }) => slug === 'welcome')!;

afterEach(async () => {
  await act(() => activateLocale('en'));
  localStorage.clear();
});

async function openWelcome() {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[welcome.path]}>
        <SectionPage section={welcome} />
      </MemoryRouter>,
    );
  });
}

describe('a static page', () => {
  it('is shown in the language the student reads in when it opens', async () => {
    await act(() => activateLocale('es'));
    await openWelcome();

    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenida' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Bienvenida – /);
  });

  it('changes language in place when the student switches: its translation, its title and its page links', async () => {
    await openWelcome();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Lesson pages' })).toHaveTextContent(/Next.*What You'll Learn/);

    await act(() => switchLanguage('es'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenida' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Bienvenida – /);
    expect(screen.getByRole('navigation', { name: 'Páginas de la lección' })).toHaveTextContent(/Siguiente.*Lo que vas a aprender/);
  });
});
