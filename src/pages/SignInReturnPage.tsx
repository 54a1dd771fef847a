import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import messages from '../../content/locales/en/sign-in.json';
import { useMessages } from '../../engine/index.ts';
import { ApiError } from '../api/client.ts';
import { useAuth } from '../auth/auth-context.ts';
import { Loading } from '../layout/Loading.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { SITE_NAME } from '../site/site.ts';

/** The refusals the server names (`SignInRefusal`, server/auth/oidc/accounts.ts), and a spent handoff code, each with its message. */
const PROBLEMS = new Set([
  'state_invalid',
  'provider_refused',
  'token_invalid',
  'email_unverified',
  'domain_not_allowed',
  'join_code_unknown',
  'return_to_invalid',
  'identity_taken',
  'provider_unavailable',
  'provider_unknown',
  'rate_limited',
  'account_gone',
  'handoff_invalid',
]);

type Problem = `signIn.problem.${string}` & keyof typeof messages;

/** A problem code as the key of its message; an unknown one as `signIn.problem.other`. */
function problemMessage(code: string): Problem {
  return (PROBLEMS.has(code) ? `signIn.problem.${code}` : 'signIn.problem.other') as Problem;
}

/**
 * Where a school's identity provider sends the student back, /login/return (docs/decisions/025-school-sign-in.md):
 * - `#handoff=CODE`: exchanges the one-time code for the tokens, removes it from the address (a reload
 *   must not spend it again), and goes where the sign-in began;
 * - `?linked=ID&to=PATH`: the provider is now linked to the signed-in account; back to PATH (the profile);
 * - `?problem=REASON`: says in the reader's language what happened, with the way back to /login (or to
 *   the profile, for a link that failed). Nothing was created or changed.
 * Texts: content/locales/LOCALE/sign-in.json.
 */
export function SignInReturnPage() {
  const t = useMessages(messages);
  const { status, user, completeProviderSignIn } = useAuth();
  const search = new URLSearchParams(useLocation().search);
  const navigate = useNavigate();
  const linked = search.get('linked');
  const to = search.get('to') ?? '/student_profile';
  // Opened with none of the three: nothing to finish, which the page says as a problem.
  const [problem, setProblem] = useState<string | null>(() => search.get('problem') ?? (linked === null && !window.location.hash.startsWith('#handoff=') ? 'other' : null));
  const started = useRef(false);
  usePageTitle(t(problem === null ? 'signIn.signingIn' : 'signIn.problemTitle'));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const handoff = /^#handoff=([\w-]+)$/.exec(window.location.hash)?.[1];
    if (handoff !== undefined) {
      window.history.replaceState(window.history.state, '', window.location.pathname);
      completeProviderSignIn(handoff).catch((error: unknown) => setProblem(error instanceof ApiError ? error.code : 'other'));
    } else if (linked !== null) {
      void navigate(to.startsWith('/') && !to.startsWith('//') ? to : '/student_profile', { replace: true, state: { providerLinked: true } });
    }
  }, [completeProviderSignIn, linked, navigate, to]);

  if (problem === null) {
    return (
      <main className="auth-page" id="main">
        <div className="auth-card">
          <p className="auth-card__site">{SITE_NAME}</p>
          <h1 className="auth-card__title">{t('signIn.signingIn')}</h1>
          <Loading />
        </div>
      </main>
    );
  }
  // A link that failed was started by a signed-in user: back to their profile, or a facilitator's console.
  const signedIn = status === 'signed-in';
  const back = user?.role === 'student' ? '/student_profile' : '/facilitator';
  return (
    <main className="auth-page" id="main">
      <div className="auth-card">
        <div className="auth-card__header">
          <p className="auth-card__site">{SITE_NAME}</p>
          <h1 className="auth-card__title">{t(signedIn ? 'signIn.linkProblemTitle' : 'signIn.problemTitle')}</h1>
        </div>
        <p className="form-alert" role="alert">
          {t(problemMessage(problem))}
        </p>
        <p>
          <Link className="button auth-form__submit" to={signedIn ? back : '/login'}>
            {t(signedIn ? 'signIn.backToProfile' : 'signIn.back')}
          </Link>
        </p>
      </div>
    </main>
  );
}
