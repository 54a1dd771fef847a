import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { apiClient, ApiError, type ApiClient } from '../api/client.ts';
import { fetchProfile, roleOf, saveLanguage, startPathFor, type SignupDetails, type UserProfile } from '../api/endpoints.ts';
import { adoptAccountLanguage } from '../i18n/language.ts';
import { whenIdle } from '../when-idle.ts';
import { answerSessions, answersOwner } from './answer-sessions.ts';
import { AuthContext, type AuthContextValue, type AuthStatus } from './auth-context.ts';
import { clearTokens, getAccessToken, setTokens, storedProfile, storeProfile } from './tokens.ts';

interface AuthState {
  status: AuthStatus;
  user: UserProfile | null;
}

export interface AuthProviderProps {
  /** The API client; the app's shared one unless given (tests may pass their own). */
  client?: ApiClient;
  children: ReactNode;
}

/** Longest wait at logout for the final save of unsaved day work, ms; then the draft stays on the device and the student is signed out (docs/decisions/005-revisions-and-drafts.md). */
export const LOGOUT_SAVE_WAIT_MS = 4_000;
/** First retry of a start-up profile fetch that failed on the network or with a 5xx, ms; doubled each time up to {@link PROFILE_RETRY_MAX_MS}. */
export const PROFILE_RETRY_BASE_MS = 2_000;
export const PROFILE_RETRY_MAX_MS = 30_000;

/** The cached profile, if it has the shape of a {@link UserProfile}; one cached before roles existed is a student's. */
function cachedProfile(): UserProfile | null {
  const value = storedProfile();
  if (typeof value !== 'object' || value === null) return null;
  const profile = value as Partial<UserProfile>;
  return typeof profile.username === 'string' && typeof profile.firstName === 'string' ? { ...(value as UserProfile), role: roleOf(profile.role) } : null;
}

/** Only a refresh the server refused means the student is signed out; a dropped request or a 5xx does not (docs/decisions/005-revisions-and-drafts.md). */
function isSignedOutError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.code === 'refresh_failed');
}

/**
 * The sign-in, sign-up and logout requests (src/api/session-endpoints.ts): a chunk of its own, asked for
 * when the app is first idle and whenever one of them is used, so /login draws without it
 * (docs/decisions/011-first-visit-javascript.md).
 */
const sessionEndpoints = () => import('../api/session-endpoints.ts');

/** How long the app waits at most for an idle moment before it asks for {@link sessionEndpoints}, ms. */
const SESSION_ENDPOINTS_IDLE_TIMEOUT_MS = 3_000;

/** Reconciles this device's language with the account's once the profile is known (src/i18n/language.ts). */
function adoptLanguageOf(user: UserProfile, client: ApiClient): Promise<void> {
  return adoptAccountLanguage(
    user.language,
    (language) => saveLanguage(language, client),
    (language) => import('../i18n/switch.ts').then(({ switchLanguage }) => switchLanguage(language)),
  );
}

function wait(ms: number): Promise<'timeout'> {
  return new Promise((resolve) => setTimeout(() => resolve('timeout'), ms));
}

/**
 * Holds who is signed in and the login, sign-up and logout actions (docs/requirements.md#authentication). Must sit inside a
 * router, since its actions navigate.
 *
 * At start-up, when an access token is stored, it fetches the profile with status `loading`. Only a
 * refused token refresh (401) signs the student out; when the network drops or the server answers 5xx,
 * the app is shown from the stored tokens with the last loaded profile, and the fetch is retried with
 * backoff (docs/decisions/005-revisions-and-drafts.md). A login or sign-up goes to `/`, or to the
 * console (`/facilitator`) for a facilitator or an admin (docs/decisions/009-facilitator-console.md). While signed in, the access token is refreshed
 * ahead of its expiry. A failed token refresh anywhere in the app signs the student out and goes to `/login`.
 */
export function AuthProvider({ client = apiClient, children }: AuthProviderProps) {
  const navigate = useNavigate();
  const [state, setState] = useState<AuthState>(() => (getAccessToken() ? { status: 'loading', user: null } : { status: 'signed-out', user: null }));
  const startedWithToken = useRef(state.status === 'loading');

  useEffect(() => {
    client.setAuthFailureHandler(() => {
      answerSessions.clear();
      setState({ status: 'signed-out', user: null });
      void navigate('/login', { replace: true });
    });
    return () => client.setAuthFailureHandler(null);
  }, [client, navigate]);

  useEffect(() => {
    if (!startedWithToken.current) return;
    let cancelled = false;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    const load = (failures: number) => {
      fetchProfile(client).then(
        (user) => {
          if (cancelled) return;
          storeProfile(user);
          void adoptLanguageOf(user, client);
          startTransition(() => setState({ status: 'signed-in', user }));
        },
        (error: unknown) => {
          if (cancelled) return;
          if (isSignedOutError(error)) {
            clearTokens();
            setState({ status: 'signed-out', user: null });
            return;
          }
          // Flaky Wi-Fi or a server restarting: carry on from the stored tokens and try again later.
          const fallback: UserProfile = cachedProfile() ?? { id: null, role: 'student', username: '', firstName: '', lastName: '', classroomName: null };
          setState((current) => (current.status === 'signed-in' ? current : { status: 'signed-in', user: fallback }));
          retryTimer = setTimeout(() => load(failures + 1), Math.min(PROFILE_RETRY_MAX_MS, PROFILE_RETRY_BASE_MS * 2 ** failures));
        },
      );
    };
    load(0);
    return () => {
      cancelled = true;
      clearTimeout(retryTimer);
    };
  }, [client]);

  useEffect(() => (state.status === 'signed-in' ? client.keepAccessTokenFresh() : undefined), [client, state.status]);

  // Loaded ahead of use, so that a tab left open across a new deployment can still log out with the
  // requests of its own version.
  useEffect(() => whenIdle(() => void sessionEndpoints().catch(() => undefined), SESSION_ENDPOINTS_IDLE_TIMEOUT_MS), []);

  const signIn = useCallback(
    async (tokensPromise: Promise<{ accessToken: string; refreshToken: string }>, joinCode?: string, returnTo?: string) => {
      setTokens(await tokensPromise);
      // Signed in from a class's join link: into the class before the profile is read. A link closed in
      // the meantime leaves the student signed in, outside it (the link's page said which class it was).
      if (joinCode !== undefined) await sessionEndpoints().then((requests) => requests.joinClass(joinCode, client).catch(() => undefined));
      let user: UserProfile;
      try {
        user = await fetchProfile(client);
      } catch (error) {
        clearTokens();
        throw error;
      }
      storeProfile(user);
      await adoptLanguageOf(user, client);
      setState({ status: 'signed-in', user });
      void navigate(returnTo !== undefined && returnTo !== '/' ? returnTo : startPathFor(user), { replace: returnTo !== undefined });
    },
    [client, navigate],
  );

  const login = useCallback(
    (username: string, password: string, joinCode?: string) => signIn(sessionEndpoints().then((requests) => requests.login(username, password, client)), joinCode),
    [client, signIn],
  );
  const completeProviderSignIn = useCallback(
    async (handoff: string) => {
      const signedIn = await sessionEndpoints().then((requests) => requests.redeemHandoff(handoff, client));
      await signIn(Promise.resolve(signedIn), undefined, signedIn.returnTo);
    },
    [client, signIn],
  );
  const signup = useCallback((details: SignupDetails) => signIn(sessionEndpoints().then((requests) => requests.signup(details, client))), [client, signIn]);

  const logout = useCallback(async () => {
    // Unsaved day work is saved silently first; a failure does not block the logout
    // (docs/requirements.md#authentication). The wait is bounded: past it, the unsaved answers stay in
    // the device's draft for next time.
    await Promise.race([answerSessions.flushAll(), wait(LOGOUT_SAVE_WAIT_MS)]);
    // End the login on the server too (docs/security.md#sessions-and-tokens), with the tokens the final save may have just refreshed.
    // Bounded by LOGOUT_REQUEST_TIMEOUT_MS; a failure (of the request, or of the download of its code) only
    // leaves the login to expire by itself.
    await sessionEndpoints()
      .then((requests) => {
        // Signed in through the school's provider: the sign-in page says that account is still signed in on this device.
        requests.noteProviderSignOut();
        return requests.revokeLogin(client);
      })
      .catch(() => undefined);
    const owner = answersOwner();
    clearTokens();
    answerSessions.clear();
    // The device keeps no copy of a signed-out student's saved answers (docs/decisions/010-offline-days.md).
    await import('./forget-answers.ts').then(({ forgetAnswersOnDevice }) => forgetAnswersOnDevice(owner)).catch(() => undefined);
    setState({ status: 'signed-out', user: null });
    void navigate('/login', { replace: true });
  }, [client, navigate]);

  const value = useMemo<AuthContextValue>(
    () => ({ status: state.status, user: state.user, login, signup, completeProviderSignIn, logout }),
    [state, login, signup, completeProviderSignIn, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
