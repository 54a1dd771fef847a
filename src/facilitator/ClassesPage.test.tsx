import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../engine/index.ts';
import { ClassesPage } from './ClassesPage.tsx';
import { ConsoleQueries } from './console-queries.tsx';
import { ROOM_12 } from './fixtures.ts';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const room12 = { id: 7, name: 'Room 12', student_count: 3, facilitators: ROOM_12.class.facilitators, is_creator: true };
let fetchMock: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;

beforeEach(() => {
  localStorage.setItem('accessToken', 'access-1');
  fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (url === '/api/facilitator/classes/' && init.method === 'POST') {
      const { name } = JSON.parse(String(init.body)) as { name: string };
      return name.toLowerCase() === 'room 12' ? json(409, { detail: 'Taken.', code: 'class_name_taken' }) : json(201, { id: 8, name });
    }
    return json(200, { results: [room12] });
  });
  // The page's "School account" section asks which providers are linked: none configured here; fetchMock sees only the classes' requests.
  vi.stubGlobal('fetch', (url: string, init: RequestInit) =>
    url === '/api/account/identities/' ? Promise.resolve(json(200, { has_password: true, identities: [], providers: [] })) : fetchMock(url, init),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => activateLocale('en'));
});

/** Renders the page inside an awaited act, since its list arrives through `use()` (React's act queue). */
async function renderPage() {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={['/facilitator']}>
        <ConsoleQueries>
          <ClassesPage />
        </ConsoleQueries>
      </MemoryRouter>,
    );
  });
}

describe('the classes page', () => {
  it('lists the classes as links with their number of students and facilitators', async () => {
    await renderPage();

    const link = await screen.findByRole('link', { name: 'Room 12' });
    expect(link).toHaveAttribute('href', '/facilitator/classes/7');
    expect(link.closest('li')).toHaveTextContent('3 students · Facilitators: Maria Rivera');
  });

  it('says a class name is taken, keeping what was typed', async () => {
    await renderPage();
    const form = screen.getByRole('form', { name: 'Create a class' });

    await userEvent.type(within(form).getByRole('textbox', { name: 'Class name' }), 'ROOM 12');
    await userEvent.click(within(form).getByRole('button', { name: 'Create class' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent('A class with this name already exists.');
    expect(within(form).getByRole('textbox', { name: 'Class name' })).toHaveValue('ROOM 12');
  });

  it('creates a class and loads the list again', async () => {
    await renderPage();
    await screen.findByRole('link', { name: 'Room 12' });
    const form = screen.getByRole('form', { name: 'Create a class' });

    await userEvent.type(within(form).getByRole('textbox', { name: 'Class name' }), '  Room 14 ');
    await userEvent.click(within(form).getByRole('button', { name: 'Create class' }));

    expect(await within(form).findByRole('status')).toHaveTextContent('Room 14 was created.');
    expect(within(form).getByRole('textbox', { name: 'Class name' })).toHaveValue('');
    expect(JSON.parse(String(fetchMock.mock.calls.find(([, init]) => init.method === 'POST')![1].body))).toEqual({ name: 'Room 14' });
    expect(fetchMock.mock.calls.filter(([, init]) => init.method === 'GET')).toHaveLength(2);
  });

  it('speaks Spanish once the facilitator chooses it: headings, counts, and the server’s refusal by its code', async () => {
    await renderPage();
    const link = await screen.findByRole('link', { name: 'Room 12' });
    await act(() => activateLocale('es'));

    expect(screen.getByRole('heading', { level: 1, name: 'Tus clases' })).toBeInTheDocument();
    expect(link.closest('li')).toHaveTextContent('3 estudiantes · Facilitadores: Maria Rivera');
    const form = screen.getByRole('form', { name: 'Crear una clase' });
    await userEvent.click(within(form).getByRole('button', { name: 'Crear clase' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Completa el campo “Nombre de la clase”.');

    await userEvent.type(within(form).getByRole('textbox', { name: 'Nombre de la clase' }), 'ROOM 12');
    await userEvent.click(within(form).getByRole('button', { name: 'Crear clase' }));
    // The server's English detail ("Taken.") is never shown: the message for its code is.
    expect(await within(form).findByRole('alert')).toHaveTextContent('Ya existe una clase con este nombre.');
    expect(document.title).toMatch(/^Clases/);
  });
});
