import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../engine/index.ts';
import { AuthProvider } from '../auth/AuthProvider.tsx';
import { InboxProvider } from '../layout/InboxProvider.tsx';
import { InboxPage } from './InboxPage.tsx';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const messages = [
  {
    id: 2,
    subject: 'Day 2 starts at 9',
    body: 'Bring your **notes**.',
    body_html: '<p>Bring your <strong>notes</strong>.</p>',
    sender: 'Ms Rivera',
    timestamp: '2026-11-23T08:30:00Z',
    is_read: false,
  },
  {
    id: 1,
    subject: 'Welcome',
    body: 'Hello!\n\nHave a good week.',
    body_html: null,
    sender: null,
    timestamp: '2026-11-20T08:00:00Z',
    is_read: true,
    translations: { es: { subject: 'Bienvenida', body: '¡Hola!\n\nQue tengas una buena semana.' } },
  },
];

beforeEach(() => {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/student/profile/') return json(200, { id: 1, username: 'ada77', first_name: 'Ada', last_name: 'Lovelace' });
      if (url === '/api/student/inbox/') return json(200, { count: 2, next: null, previous: null, results: messages });
      return new Response(null, { status: 204 });
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => activateLocale('en'));
});

async function openInbox(heading = 'Inbox (1 Unread)') {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={['/inbox']}>
        <AuthProvider>
          <InboxProvider>
            <InboxPage />
          </InboxProvider>
        </AuthProvider>
      </MemoryRouter>,
    );
  });
  await screen.findByRole('heading', { level: 1, name: heading });
}

describe('the inbox', () => {
  it('shows who sent a facilitator’s message and its body as the server’s HTML', async () => {
    await openInbox();

    await userEvent.click(screen.getByRole('button', { name: 'Day 2 starts at 9' }));

    expect(screen.getByText('From Ms Rivera')).toBeInTheDocument();
    expect(screen.getByText('notes', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.queryByText(/\*\*notes\*\*/)).not.toBeInTheDocument();
  });

  it('shows a message without a sender or HTML as before: its plain body in paragraphs, no "From"', async () => {
    await openInbox();

    await userEvent.click(screen.getByRole('button', { name: 'Welcome' }));

    expect(screen.getByText('Have a good week.').tagName).toBe('P');
    expect(screen.queryByText(/^From /)).not.toBeInTheDocument();
  });

  it('speaks Spanish once the student switches, in place: the heading with its count, the columns, the sender and the date', async () => {
    await openInbox();

    await act(() => activateLocale('es'));

    expect(screen.getByRole('heading', { level: 1, name: 'Buzón (1 sin leer)' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Asunto' })).toBeInTheDocument();
    expect(screen.getByText('Sin leer')).toBeInTheDocument();
    expect(document.title).toMatch(/^Buzón \(1 sin leer\) – /);
    await userEvent.click(screen.getByRole('button', { name: 'Day 2 starts at 9' }));
    expect(screen.getByText('De Ms Rivera')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
    // The date in Spanish words (the browser's own regional Spanish when it has one): "lunes, 23 de noviembre de 2026".
    expect(document.querySelector('.inbox-detail__date')).toHaveTextContent(/noviembre de 2026/);
  });

  it("shows a welcome message in the reader's language when it has a translation, a facilitator's as written", async () => {
    await openInbox();
    expect(screen.getByRole('button', { name: 'Welcome' })).toBeInTheDocument();

    await act(() => activateLocale('es'));

    expect(screen.queryByRole('button', { name: 'Welcome' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bienvenida' }));
    expect(screen.getByText('Que tengas una buena semana.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Day 2 starts at 9' })).toBeInTheDocument();
  });
});
