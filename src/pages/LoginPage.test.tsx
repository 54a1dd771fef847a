import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seriousAxeViolations } from '../../engine/test/axe.ts';
import { App } from '../App.tsx';
import { AuthProvider } from '../auth/AuthProvider.tsx';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const profile = { id: 1, username: 'ada77', first_name: 'Ada', last_name: 'Lovelace', classroom_name: null };

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AuthProvider>
        <App />
      </AuthProvider>
    </MemoryRouter>,
  );
}

/** Renders /login for a visitor and waits for it: the page may be a chunk loaded on demand. */
async function openLoginPage() {
  const rendered = renderAt('/login');
  await screen.findByRole('tab', { name: 'Sign In' });
  return rendered;
}

let fetchMock: ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>;
/** What `GET /api/auth/providers/` lists: none, as a deployment without a school provider. */
let providers: { id: string; label: string; start_url: string }[] = [];

beforeEach(() => {
  fetchMock = vi.fn(async () => json(500, { detail: 'Unexpected call', code: 'test' }));
  providers = [];
  // The page's request for the school providers is answered here, so fetchMock sees only the forms' requests.
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => (url === '/api/auth/providers/' ? Promise.resolve(json(200, { providers })) : fetchMock(url, init)));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Fills the Sign Up form's required fields as Ada would, with matching passwords. */
async function fillSignUp(username = 'ada77') {
  await userEvent.type(screen.getByRole('textbox', { name: 'Username' }), username);
  await userEvent.type(screen.getByLabelText('Password'), 'same secret');
  await userEvent.type(screen.getByLabelText('Confirm Password'), 'same secret');
  await userEvent.type(screen.getByRole('textbox', { name: 'First Name' }), 'Ada');
  await userEvent.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Lovelace');
}

function bodyOf(call: [string, RequestInit?] | undefined): unknown {
  return JSON.parse(String(call?.[1]?.body));
}

describe('login page', () => {
  it('shows the site name, the Sign In form and a link to reset a forgotten password', async () => {
    await openLoginPage();

    expect(screen.getByRole('heading', { level: 1, name: 'SciTrek' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sign In', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('link', { name: 'Forgot Your Password?' })).toHaveAttribute('href', '/forgot-password');
  });

  describe("a school's identity provider", () => {
    it('shows no provider button when the deployment has none', async () => {
      await openLoginPage();
      expect(screen.queryByRole('link', { name: /^Sign in with/ })).not.toBeInTheDocument();
    });

    it('after a sign-out from a provider sign-in, says that account is still signed in on the device, once', async () => {
      sessionStorage.setItem('helix.signedOutOf', JSON.stringify({ label: 'Google', signOutUrl: 'https://accounts.google.com/Logout' }));
      const { unmount } = await openLoginPage();
      const notice = screen.getByRole('status');
      expect(notice).toHaveTextContent('You have signed out of SciTrek. Your Google account is still signed in on this device.');
      expect(within(notice).getByRole('link', { name: 'Sign out of Google too' })).toHaveAttribute('href', 'https://accounts.google.com/Logout');
      unmount();
      await openLoginPage();
      expect(screen.queryByText(/still signed in on this device/)).not.toBeInTheDocument();
    });
  });

  describe('signing in', () => {
    it('stores both tokens and goes to the home page on success', async () => {
      fetchMock.mockImplementation(async (url) => {
        if (url === '/api/token/') return json(200, { access: 'access-1', refresh: 'refresh-1' });
        if (url === '/api/student/profile/') return json(200, profile);
        return json(500, {});
      });
      await openLoginPage();

      await userEvent.type(screen.getByRole('textbox', { name: 'Username' }), 'ada77');
      await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
      await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

      expect(await screen.findByText('Hello, Ada')).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'SciTrek' })).toBeInTheDocument();
      expect(localStorage.getItem('accessToken')).toBe('access-1');
      expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
      expect(bodyOf(fetchMock.mock.calls[0])).toEqual({ username: 'ada77', password: 'correct horse' });
    });

    it('shows "Invalid credentials. Please try again." in an alert when the credentials are wrong', async () => {
      fetchMock.mockImplementation(async () => json(401, { detail: 'No active account found with the given credentials', code: 'invalid_credentials' }));
      await openLoginPage();

      await userEvent.type(screen.getByRole('textbox', { name: 'Username' }), 'ada77');
      await userEvent.type(screen.getByLabelText('Password'), 'wrong');
      await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

      expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials. Please try again.');
      expect(localStorage.getItem('accessToken')).toBeNull();
      expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    });

    it('shows the same message when the server holds the username back for longer than it waits (issue 11)', async () => {
      fetchMock.mockImplementation(async () =>
        new Response(JSON.stringify({ detail: 'Too many failed sign-ins for this username. Try again in 2 minutes.', code: 'rate_limited' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '120' },
        }),
      );
      await openLoginPage();

      await userEvent.type(screen.getByRole('textbox', { name: 'Username' }), 'ada77');
      await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
      await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

      expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials. Please try again.');
      expect(fetchMock).toHaveBeenCalledOnce();
    });

    it('shows the same message when the network fails', async () => {
      fetchMock.mockImplementation(async () => {
        throw new TypeError('Failed to fetch');
      });
      await openLoginPage();

      await userEvent.type(screen.getByRole('textbox', { name: 'Username' }), 'ada77');
      await userEvent.type(screen.getByLabelText('Password'), 'pw');
      await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

      expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials. Please try again.');
    });

    it('disables the button while the request is on its way', async () => {
      let answer: (response: Response) => void = () => undefined;
      fetchMock.mockImplementation((url) => (url === '/api/token/' ? new Promise<Response>((resolve) => (answer = resolve)) : Promise.resolve(json(200, profile))));
      await openLoginPage();

      await userEvent.type(screen.getByRole('textbox', { name: 'Username' }), 'ada77');
      await userEvent.type(screen.getByLabelText('Password'), 'pw');
      await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

      expect(await screen.findByRole('button', { name: 'Signing in…' })).toBeDisabled();
      answer(json(200, { access: 'access-1', refresh: 'refresh-1' }));
      expect(await screen.findByText('Hello, Ada')).toBeInTheDocument();
    });

    it('requires a username and a password and sends nothing without them', async () => {
      await openLoginPage();

      await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

      expect(await screen.findByText('Username is required.')).toBeInTheDocument();
      expect(screen.getByText('Password is required.')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Username' })).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription('Username is required.');
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('puts the caret in the first field in error, and clears a message as soon as the field is filled', async () => {
      await openLoginPage();

      await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
      expect(screen.getByRole('textbox', { name: 'Username' })).toHaveFocus();

      await userEvent.keyboard('ada77');
      expect(screen.queryByText('Username is required.')).not.toBeInTheDocument();
      expect(screen.getByText('Password is required.')).toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
    });
  });

  describe('the Sign In / Sign Up toggle', () => {
    it('switches to the Sign Up form and announces which one is selected', async () => {
      await openLoginPage();

      await userEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
      await screen.findByRole('form', { name: 'Sign Up' });

      expect(screen.getByRole('tab', { name: 'Sign Up', selected: true })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Sign In', selected: false })).toBeInTheDocument();
      const form = screen.getByRole('form', { name: 'Sign Up' });
      expect(within(form).getByRole('textbox', { name: 'Username' })).toBeInTheDocument();
      expect(within(form).getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
      expect(within(form).getByLabelText('Confirm Password')).toHaveAttribute('autocomplete', 'new-password');
      expect(within(form).getByRole('textbox', { name: 'First Name' })).toHaveAttribute('autocomplete', 'given-name');
      expect(within(form).getByRole('textbox', { name: 'Last Name' })).toHaveAttribute('autocomplete', 'family-name');
      expect(within(form).getByRole('textbox', { name: 'Classroom Name (optional)' })).toBeInTheDocument();
    });

    it('works with the keyboard', async () => {
      await openLoginPage();

      screen.getByRole('tab', { name: 'Sign In' }).focus();
      await userEvent.keyboard('{ArrowRight}');

      expect(screen.getByRole('tab', { name: 'Sign Up', selected: true })).toHaveFocus();
      expect(await screen.findByRole('form', { name: 'Sign Up' })).toBeInTheDocument();
      await userEvent.keyboard('{ArrowLeft}');
      expect(screen.getByRole('form', { name: 'Sign In' })).toBeInTheDocument();
    });
  });

  describe('signing up', () => {
    it('shows "Passwords do not match." and sends nothing when the passwords differ', async () => {
      await openLoginPage();
      await userEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
      await screen.findByRole('form', { name: 'Sign Up' });

      await userEvent.type(screen.getByRole('textbox', { name: 'Username' }), 'ada77');
      await userEvent.type(screen.getByLabelText('Password'), 'first secret');
      await userEvent.type(screen.getByLabelText('Confirm Password'), 'second secret');
      await userEvent.type(screen.getByRole('textbox', { name: 'First Name' }), 'Ada');
      await userEvent.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Lovelace');
      await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

      expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
      expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription('Passwords do not match.');
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('shows "The password must be at least 8 characters long." and sends nothing for a shorter password (issue 11)', async () => {
      await openLoginPage();
      await userEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
      await screen.findByRole('form', { name: 'Sign Up' });

      await userEvent.type(screen.getByRole('textbox', { name: 'Username' }), 'ada77');
      await userEvent.type(screen.getByLabelText('Password'), 'seven77');
      await userEvent.type(screen.getByLabelText('Confirm Password'), 'seven77');
      await userEvent.type(screen.getByRole('textbox', { name: 'First Name' }), 'Ada');
      await userEvent.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Lovelace');
      await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

      expect(await screen.findByText('The password must be at least 8 characters long.')).toBeInTheDocument();
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('The password must be at least 8 characters long.');
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('refuses a username holding an invisible character, and sends nothing (issue 11)', async () => {
      await openLoginPage();
      await userEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
      await screen.findByRole('form', { name: 'Sign Up' });

      await fillSignUp('ada\u200B77');
      await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

      expect(await screen.findByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription(
        'The username must not contain control characters, invisible (zero-width) characters or text-direction marks.',
      );
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('requires every field but Classroom Name', async () => {
      await openLoginPage();
      await userEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
      await screen.findByRole('form', { name: 'Sign Up' });

      await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

      expect(await screen.findByText('Username is required.')).toBeInTheDocument();
      expect(screen.getByText('Password is required.')).toBeInTheDocument();
      expect(screen.getByText('Confirm Password is required.')).toBeInTheDocument();
      expect(screen.getByText('First Name is required.')).toBeInTheDocument();
      expect(screen.getByText('Last Name is required.')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Classroom Name (optional)' })).not.toHaveAttribute('aria-invalid');
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('creates the account, stores both tokens and goes to the home page', async () => {
      fetchMock.mockImplementation(async (url) => {
        if (url === '/api/student/signup/') return json(201, { access: 'access-1', refresh: 'refresh-1' });
        if (url === '/api/student/profile/') return json(200, profile);
        return json(500, {});
      });
      await openLoginPage();
      await userEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
      await screen.findByRole('form', { name: 'Sign Up' });

      await fillSignUp();
      await userEvent.type(screen.getByRole('textbox', { name: 'Classroom Name (optional)' }), 'Room 12');
      await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

      expect(await screen.findByText('Hello, Ada')).toBeInTheDocument();
      expect(bodyOf(fetchMock.mock.calls[0])).toEqual({
        username: 'ada77',
        password: 'same secret',
        first_name: 'Ada',
        last_name: 'Lovelace',
        classroom_name: 'Room 12',
      });
      expect(localStorage.getItem('accessToken')).toBe('access-1');
      expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    });

    it('shows "Sign up failed. Please check your details and try again." in an alert when the username is taken', async () => {
      fetchMock.mockImplementation(async () => json(409, { detail: 'That username is taken.', code: 'username_taken' }));
      await openLoginPage();
      await userEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
      await screen.findByRole('form', { name: 'Sign Up' });

      await fillSignUp();
      await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

      expect(await screen.findByRole('alert')).toHaveTextContent('Sign up failed. Please check your details and try again.');
      expect(localStorage.getItem('accessToken')).toBeNull();
    });
  });

  it('redirects a signed-in student to the home page', async () => {
    localStorage.setItem('accessToken', 'access-1');
    localStorage.setItem('refreshToken', 'refresh-1');
    fetchMock.mockImplementation(async () => json(200, profile));

    renderAt('/login');

    expect(await screen.findByText('Hello, Ada')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it.each(['Sign In', 'Sign Up'])('has no serious accessibility violation on %s', async (tab) => {
    const { container } = await openLoginPage();
    await userEvent.click(screen.getByRole('tab', { name: tab }));
    await userEvent.click(await screen.findByRole('button', { name: tab }));
    await screen.findByText('Username is required.');

    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
