import { createContext, useContext } from 'react';
import type { SignupDetails, UserProfile } from '../api/endpoints.ts';

/** Where the app stands on who is signed in (docs/requirements.md#authentication). */
export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface AuthContextValue {
  /** `loading` while the start-up profile fetch runs, then `signed-in` or `signed-out`. */
  status: AuthStatus;
  /** The signed-in user (a student, a facilitator or an admin: `user.role`), or null. */
  user: UserProfile | null;
  /**
   * Logs in, stores both tokens, loads the profile and goes to `/` (a facilitator or an admin to `/facilitator`).
   * With `joinCode` (a class's join link, docs/decisions/024-class-join-links.md) the student joins that
   * class first; a refused join leaves them signed in, outside it.
   *
   * @throws the {@link ApiError} of the failed call; nothing is stored then
   */
  login(username: string, password: string, joinCode?: string): Promise<void>;
  /**
   * Creates the account, stores both tokens, loads the profile and goes to `/`.
   *
   * @throws the {@link ApiError} of the failed call (409 when the username is taken); nothing is stored then
   */
  signup(details: SignupDetails): Promise<void>;
  /**
   * Finishes a sign-in through a school's provider (docs/decisions/025-school-sign-in.md): exchanges the
   * one-time `handoff` code for the tokens, stores them and the provider, loads the profile and goes to
   * where the sign-in began (else as {@link login} does).
   *
   * @throws the {@link ApiError} of the failed call (401 `handoff_invalid` for a spent or old code); nothing is stored then
   */
  completeProviderSignIn(handoff: string): Promise<void>;
  /**
   * Silently saves unsaved day work (every answers session in `answer-sessions.ts`), waiting at most
   * `LOGOUT_SAVE_WAIT_MS`, then ends the login on the server (`POST /api/token/logout/`, at most
   * `LOGOUT_REQUEST_TIMEOUT_MS`), then removes both tokens and goes to `/login` (which, after a sign-in through a
   * school's provider, says that account is still signed in on the device)
   * (docs/requirements.md#authentication). A failed or slow save or logout call does not stop the
   * logout: unsaved answers stay in the device's draft, and an unended login expires by itself. Never throws.
   */
  logout(): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * The auth state and actions of the enclosing {@link AuthProvider}.
 *
 * @throws Error when used outside an AuthProvider (a wiring mistake)
 */
export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider> (see src/main.tsx).');
  return context;
}
