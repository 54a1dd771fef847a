import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The menus' code (Radix, floating-ui) arrives only when a menu is first used. These tests hold
// that download back to check what a student sees if they are quicker than the Wi-Fi.

let release: () => void = () => undefined;

beforeEach(() => {
  vi.resetModules();
  const arrived = new Promise<void>((resolve) => (release = resolve));
  vi.doMock('./menus.tsx', async () => {
    await arrived;
    return vi.importActual('./menus.tsx');
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
});

afterEach(() => {
  vi.doUnmock('./menus.tsx');
  vi.unstubAllGlobals();
});

let loadMenus: () => Promise<unknown> = async () => undefined;

async function renderMenu() {
  ({ loadMenus } = await import('./menus-loader.ts'));
  const { UserMenu } = await import('./UserMenu.tsx');
  const { AuthProvider } = await import('../auth/AuthProvider.tsx');
  render(
    <MemoryRouter>
      <AuthProvider>
        <UserMenu label="Ada" />
      </AuthProvider>
    </MemoryRouter>,
  );
}

/** Lets the held-back menus chunk arrive, and waits until it has. */
async function arrive() {
  await act(async () => {
    release();
    await loadMenus();
  });
}

describe('the student menu before its code has arrived', () => {
  it('looks like the menu button: a closed button named after the student', async () => {
    await renderMenu();

    const trigger = screen.getByRole('button', { name: 'Ada' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens once the code arrives when Enter was pressed meanwhile, with My Profile focused', async () => {
    await renderMenu();
    const trigger = screen.getByRole('button', { name: 'Ada' });

    trigger.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await arrive();

    const first = await screen.findByRole('menuitem', { name: 'My Profile' });
    await vi.waitFor(() => expect(first).toHaveFocus());
  });

  it('opens once the code arrives when it was clicked meanwhile', async () => {
    await renderMenu();

    await userEvent.click(screen.getByRole('button', { name: 'Ada' }));
    await arrive();

    expect(await screen.findByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });

  it('keeps keyboard focus on the button when the code arrives while it is focused', async () => {
    await renderMenu();

    screen.getByRole('button', { name: 'Ada' }).focus();
    await arrive();

    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Ada' })).toHaveFocus());
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
