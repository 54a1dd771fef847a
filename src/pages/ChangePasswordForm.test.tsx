import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangePasswordForm, PASSWORD_CHANGED_MESSAGE } from './ChangePasswordForm.tsx';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;

beforeEach(() => {
  localStorage.setItem('accessToken', 'access-1');
  fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    const { current_password, new_password } = JSON.parse(String(init.body)) as { current_password: string; new_password: string };
    if (current_password !== 'old secret') return json(400, { detail: 'The current password is wrong.', code: 'wrong_password' });
    return [...new_password].length < 8 ? json(400, { detail: 'The password must be at least 8 characters long.', code: 'weak_password' }) : new Response(null, { status: 204 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
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

    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is wrong.');
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
});
