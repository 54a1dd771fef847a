import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../engine/index.ts';
import { PASSWORD_TOO_SHORT_MESSAGE } from '../../server/auth/credentials.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed. You stay signed in here; your other logins have ended.';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;

beforeEach(() => {
  localStorage.setItem('accessToken', 'access-1');
  fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    const { current_password, new_password } = JSON.parse(String(init.body)) as { current_password: string; new_password: string };
    // The server's own refusals: `wrong_password` of server/errors.ts, and the sign-up's rule of server/auth/credentials.ts.
    if (current_password !== 'old secret') return json(400, { detail: 'The current password is not right.', code: 'wrong_password' });
    return [...new_password].length < 8 ? json(400, { detail: PASSWORD_TOO_SHORT_MESSAGE, code: 'invalid_request' }) : new Response(null, { status: 204 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => activateLocale('en'));
});

async function fill(current: string, next: string, confirm = next) {
  await userEvent.type(screen.getByLabelText('Current password'), current);
  await userEvent.type(screen.getByLabelText('New password'), next);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('the Change password form', () => {
  it('sends the current and new passwords and says it worked, emptying the fields', async () => {
    render(<ChangePasswordForm />);

    await fill('old secret', 'new secret 42');

    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_CHANGED_MESSAGE);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/account/password/');
    expect(JSON.parse(String(init.body))).toEqual({ current_password: 'old secret', new_password: 'new secret 42' });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('shows the server’s reason when it refuses, keeping the fields', async () => {
    render(<ChangePasswordForm />);

    await fill('wrong one', 'new secret 42');

    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is not right.');
    expect(screen.getByLabelText('Current password')).toHaveValue('wrong one');
  });

  it('shows the server’s sign-up rule for a weak new password', async () => {
    render(<ChangePasswordForm />);

    await fill('old secret', 'short');

    expect(await screen.findByRole('alert')).toHaveTextContent('The password must be at least 8 characters long.');
  });

  it('says the passwords differ before sending anything', async () => {
    render(<ChangePasswordForm />);

    await fill('old secret', 'new secret 42', 'new secret 43');
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match.');

    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says that it could not be changed, not the technical reason, when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<ChangePasswordForm />);

    await fill('old secret', 'new secret 42');

    expect(await screen.findByRole('alert')).toHaveTextContent('Your password could not be changed. Please try again.');
  });

  it('speaks Spanish once the student switches, the server’s refusal included, with its minimum length', async () => {
    await act(() => activateLocale('es'));
    render(<ChangePasswordForm />);

    await userEvent.type(screen.getByLabelText('Contraseña actual'), 'old secret');
    await userEvent.type(screen.getByLabelText('Contraseña nueva'), 'short');
    await userEvent.type(screen.getByLabelText('Confirma la contraseña nueva'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('La contraseña debe tener al menos 8 caracteres.');
  });
});
