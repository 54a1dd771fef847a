import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { apiClient, type ApiClient } from '../api/client.ts';
import { fetchProfile, login as requestLogin, signup as requestSignup, type SignupDetails, type UserProfile } from '../api/endpoints.ts';
import { AuthContext, type AuthContextValue, type AuthStatus, type Flushable } from './auth-context.ts';
import { clearTokens, getAccessToken, setTokens } from './tokens.ts';

interface AuthState {
  status: AuthStatus;
  user: UserProfile | null;
}

export interface AuthProviderProps {
  /** The API client; the app's shared one unless given (tests may pass their own). */
  client?: ApiClient;
  children: ReactNode;
}

/**
 * Holds who is signed in and the login, sign-up and logout actions (spec section 4). Must sit inside a
 * router, since its actions navigate.
 *
 * At start-up, when an access token is stored, it fetches the profile with status `loading`; if that
 * fails, both tokens are cleared and the student is treated as logged out. It also makes a failed token
 * refresh anywhere in the app sign the student out and go to `/login`.
 */
export function AuthProvider({ client = apiClient, children }: AuthProviderProps) {
  const navigate = useNavigate();
  const [state, setState] = useState<AuthState>(() => (getAccessToken() ? { status: 'loading', user: null } : { status: 'signed-out', user: null }));
  const autosaves = useRef(new Set<Flushable>());
  const startedWithToken = useRef(state.status === 'loading');

  useEffect(() => {
    client.setAuthFailureHandler(() => {
      setState({ status: 'signed-out', user: null });
      void navigate('/login', { replace: true });
    });
    return () => client.setAuthFailureHandler(null);
  }, [client, navigate]);

  useEffect(() => {
    if (!startedWithToken.current) return;
    let cancelled = false;
    fetchProfile(client).then(
      (user) => {
        if (!cancelled) setState({ status: 'signed-in', user });
      },
      () => {
        if (cancelled) return;
        clearTokens();
        setState({ status: 'signed-out', user: null });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client]);

  const signIn = useCallback(
    async (tokensPromise: Promise<{ accessToken: string; refreshToken: string }>) => {
      setTokens(await tokensPromise);
      let user: UserProfile;
      try {
        user = await fetchProfile(client);
      } catch (error) {
        clearTokens();
        throw error;
      }
      setState({ status: 'signed-in', user });
      void navigate('/');
    },
    [client, navigate],
  );

  const login = useCallback((username: string, password: string) => signIn(requestLogin(username, password, client)), [client, signIn]);
  const signup = useCallback((details: SignupDetails) => signIn(requestSignup(details, client)), [client, signIn]);

  const logout = useCallback(
    async ({ autosave }: { autosave?: Flushable | null } = {}) => {
      const pending = new Set(autosaves.current);
      if (autosave) pending.add(autosave);
      // Spec section 4: unsaved day work is saved silently first; a failure does not block the logout.
      await Promise.all([...pending].map((each) => each.flush().catch(() => 'failed')));
      clearTokens();
      setState({ status: 'signed-out', user: null });
      void navigate('/login', { replace: true });
    },
    [navigate],
  );

  const registerAutosave = useCallback((autosave: Flushable) => {
    autosaves.current.add(autosave);
    return () => {
      autosaves.current.delete(autosave);
    };
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ status: state.status, user: state.user, login, signup, logout, registerAutosave }),
    [state, login, signup, logout, registerAutosave],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
