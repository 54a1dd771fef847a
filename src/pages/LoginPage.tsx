import { lazy, Suspense, use, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Link, Navigate } from 'react-router';
import messages from '../../content/locales/en/login.json';
import { useMessages } from '../../engine/index.ts';
import { startPathFor } from '../api/endpoints.ts';
import { apiClient } from '../api/client.ts';
import { useAuth } from '../auth/auth-context.ts';
import { SIGNED_OUT_OF_KEY } from '../auth/tokens.ts';
import { Loading } from '../layout/Loading.tsx';
import { SITE_NAME } from '../site/site.ts';
import { whenIdle } from '../when-idle.ts';
import { Field, useTextForm } from './auth-form.tsx';

/** The Sign Up form, a chunk of its own: asked for once the page is idle, or when the Sign Up tab is pointed at or focused. */
const loadSignUpForm = () => import('./SignUpForm.tsx');
const SignUpForm = lazy(loadSignUpForm);
const preloadSignUpForm = () => void loadSignUpForm().catch(() => undefined);
/** How long the page waits at most for an idle moment before it asks for the Sign Up form, in ms. */
const SIGN_UP_IDLE_TIMEOUT_MS = 2000;

/**
 * How long /login waits at most for the list of school providers before it draws, ms: drawn without
 * it, the buttons would push the form down when it came (docs/decisions/025-school-sign-in.md, "Cost").
 */
const PROVIDERS_WAIT_MS = 1_000;

/** A school's identity provider, as `GET /api/auth/providers/` lists it. */
interface Provider {
  id: string;
  label: string;
  start_url: string;
}

/**
 * The providers the deployment configured: `GET /api/auth/providers/`.
 *
 * @returns the list; empty when the request fails (offline, an older server): the forms alone, as without a provider
 */
function fetchProviders(): Promise<readonly Provider[]> {
  return apiClient.request<{ providers?: Provider[] }>('/api/auth/providers/', { auth: false }).then(
    (body) => body.providers ?? [],
    () => [],
  );
}

/** The list, or null when it did not come within PROVIDERS_WAIT_MS; asked for once per page load. */
let providersInTime: Promise<readonly Provider[] | null> | undefined;

/** Asks for the list of school providers, if not yet asked for: a page that draws {@link SignInChoices} later (the join page) calls it first. */
export function preloadProviders(): Promise<readonly Provider[] | null> {
  providersInTime ??= Promise.race([fetchProviders(), new Promise<null>((resolve) => setTimeout(() => resolve(null), PROVIDERS_WAIT_MS))]);
  return providersInTime;
}

/** The provider logout left for this page (src/api/session-endpoints.ts, `noteProviderSignOut`), or null. */
function signedOutOfProvider(): { label: string; signOutUrl: string | null } | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(SIGNED_OUT_OF_KEY) ?? 'null') as { label?: unknown; signOutUrl?: unknown } | null;
    return typeof value?.label === 'string' ? { label: value.label, signOutUrl: typeof value.signOutUrl === 'string' ? value.signOutUrl : null } : null;
  } catch {
    return null;
  }
}

/**
 * What /login and /join/CODE show above the username and password forms (docs/decisions/025-school-sign-in.md):
 * - after a sign-out from a sign-in through a school's provider, that the provider's account is still
 *   signed in on this device, with the provider's sign-out link (a shared Chromebook), once;
 * - one "Sign in with {provider}" button per provider the deployment configured, then "or"; nothing when
 *   there is none. Each is a plain link to the provider's start address: no provider code reaches the
 *   page. With `joinCode` the student signs in into that class.
 * The page waits for the list (at most PROVIDERS_WAIT_MS) before it draws, so the buttons never push the
 * form down; a list later than that is shown when it comes.
 */
export function SignInChoices({ joinCode }: { joinCode?: string }) {
  const t = useMessages(messages);
  const listed = use(preloadProviders());
  const [late, setLate] = useState<readonly Provider[]>([]);
  const providers = listed ?? late;
  const [signedOutOf] = useState(signedOutOfProvider);
  useEffect(() => {
    try {
      sessionStorage.removeItem(SIGNED_OUT_OF_KEY);
    } catch {
      // Nothing to forget in a storage we cannot reach.
    }
  }, []);
  useEffect(() => {
    if (listed !== null) return undefined;
    let current = true;
    void fetchProviders().then((body) => current && setLate(body));
    return () => {
      current = false;
    };
  }, [listed]);

  return (
    <>
      {signedOutOf ? (
        <p className="form-notice" role="status">
          {t('login.signedOut', { site: SITE_NAME, provider: signedOutOf.label })}{' '}
          {signedOutOf.signOutUrl ? <a href={signedOutOf.signOutUrl}>{t('login.signOutProvider', { provider: signedOutOf.label })}</a> : null}
        </p>
      ) : null}
      {providers.length > 0 ? (
        <div className="auth-providers">
          {providers.map((provider) => (
            <a
              key={provider.id}
              className="button button--secondary auth-form__submit"
              href={`${import.meta.env.VITE_API_BASE_URL ?? ''}${provider.start_url}${joinCode === undefined ? '' : `?join=${encodeURIComponent(joinCode)}`}`}
            >
              {t('login.withProvider', { provider: provider.label })}
            </a>
          ))}
          <p className="auth-providers__or">{t('login.or')}</p>
        </div>
      ) : null}
    </>
  );
}

/** Which of the two forms is shown. */
export type Mode = 'sign-in' | 'sign-up';

/**
 * The login page at /login (docs/requirements.md#login-page): Sign In and Sign Up on one page, switched by
 * a tab list (arrow keys move between the two; the selected one is announced: {@link ModeTabs}). Redirects to / when
 * already signed in; a successful login or sign-up goes to / too (a facilitator or an admin: to
 * /facilitator, docs/decisions/009-facilitator-console.md). Its texts come from
 * content/locales/LOCALE/login.json (the English word for word docs/requirements.md's); the language control is in
 * the page's corner (src/App.tsx).
 */
export function LoginPage() {
  const { status, user } = useAuth();
  const t = useMessages(messages);
  const [mode, setMode] = useState<Mode>('sign-in');
  if (status === 'signed-in') return <Navigate to={user ? startPathFor(user) : '/'} replace />;

  return (
    <main className="auth-page">
      <p className="back-link auth-page__home">
        <Link to="/">
          <span aria-hidden="true">←</span>
          {t('login.backHome')}
        </Link>
      </p>
      <div className="auth-card">
        <div className="auth-card__header">
          <h1 className="auth-card__site">{SITE_NAME}</h1>
          <p className="auth-card__tagline">{t(mode === 'sign-in' ? 'login.taglineSignIn' : 'login.taglineSignUp')}</p>
        </div>
        <SignInChoices />
        <ModeTabs mode={mode} onChange={setMode} />
      </div>
    </main>
  );
}

const MODES: readonly { mode: Mode; label: 'login.signIn' | 'login.signUp' }[] = [
  { mode: 'sign-in', label: 'login.signIn' },
  { mode: 'sign-up', label: 'login.signUp' },
];

/**
 * The Sign In / Sign Up switch, as the WAI-ARIA tabs pattern with automatic activation: a tab list whose
 * selected tab is the one Tab stop (ArrowLeft/ArrowRight move and select, wrapping; Home and End go to
 * the ends) and one tab panel, named by its tab, holding that mode's form. The Sign Up form is a chunk
 * loaded once the page is idle, or at once when its tab is pointed at or focused. Written here rather than with
 * a tabs library: /login is every student's first page, and its budget is the React floor plus a tenth
 * (docs/decisions/011-first-visit-javascript.md). With `joinCode` (the class join page,
 * src/pages/JoinPage.tsx) both forms put the student in that class, and Sign Up asks no Classroom Name.
 */
export function ModeTabs({ mode, onChange, joinCode }: { mode: Mode; onChange: (mode: Mode) => void; joinCode?: string }) {
  const id = useId();
  const t = useMessages(messages);
  useEffect(() => whenIdle(preloadSignUpForm, SIGN_UP_IDLE_TIMEOUT_MS), []);
  const select = (index: number) => {
    const next = MODES[(index + MODES.length) % MODES.length]!;
    onChange(next.mode);
    document.getElementById(`${id}-${next.mode}-tab`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = MODES.findIndex((each) => each.mode === mode);
    const target = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: MODES.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };
  return (
    <>
      <div className="auth-tabs" role="tablist" aria-label={t('login.modes')} aria-orientation="horizontal" onKeyDown={onKeyDown}>
        {MODES.map((each) => (
          <button
            key={each.mode}
            type="button"
            role="tab"
            className="auth-tabs__tab"
            id={`${id}-${each.mode}-tab`}
            aria-selected={each.mode === mode}
            aria-controls={`${id}-panel`}
            tabIndex={each.mode === mode ? 0 : -1}
            data-state={each.mode === mode ? 'active' : 'inactive'}
            onClick={() => onChange(each.mode)}
            onPointerEnter={each.mode === 'sign-up' ? preloadSignUpForm : undefined}
            onFocus={each.mode === 'sign-up' ? preloadSignUpForm : undefined}
          >
            {t(each.label)}
          </button>
        ))}
      </div>
      <div className="auth-panel" role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${mode}-tab`} tabIndex={0}>
        {mode === 'sign-in' ? (
          <SignInForm joinCode={joinCode} />
        ) : (
          <Suspense fallback={<Loading />}>
            <SignUpForm joinCode={joinCode} />
          </Suspense>
        )}
      </div>
    </>
  );
}

const SIGN_IN_FIELDS = ['username', 'password'] as const;

function SignInForm({ joinCode }: { joinCode: string | undefined }) {
  const { login } = useAuth();
  const t = useMessages(messages);
  const [failed, setFailed] = useState(false);
  const { errors, submitting, onChange, onSubmit } = useTextForm(
    SIGN_IN_FIELDS,
    (values) => ({
      ...(values.username.trim() === '' ? { username: 'error.usernameRequired' as const } : {}),
      ...(values.password === '' ? { password: 'error.passwordRequired' as const } : {}),
    }),
    async ({ username, password }) => {
      setFailed(false);
      try {
        await login(username.trim(), password, joinCode);
      } catch {
        // docs/requirements.md#error-messages: any login failure shows the same message.
        setFailed(true);
      }
    },
  );

  return (
    <form className="auth-form" onSubmit={onSubmit} onChange={onChange} noValidate aria-label={t('login.signIn')}>
      {failed ? (
        <p className="form-alert" role="alert">
          {t('login.failed')}
        </p>
      ) : null}
      <Field id="sign-in-username" name="username" label={t('field.username')} error={errors.username && t(errors.username)} autoComplete="username" autoCapitalize="none" spellCheck={false} />
      <Field id="sign-in-password" name="password" label={t('field.password')} type="password" error={errors.password && t(errors.password)} autoComplete="current-password" />
      <p className="auth-form__aside">
        <Link to="/forgot-password">{t('login.forgotPassword')}</Link>
      </p>
      <button type="submit" className="button auth-form__submit" disabled={submitting}>
        {t(submitting ? 'login.signingIn' : 'login.signIn')}
      </button>
    </form>
  );
}
