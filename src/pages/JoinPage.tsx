import { Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import messages from '../../content/locales/en/join.json';
import { useMessages } from '../../engine/index.ts';
import { apiClient, ApiError } from '../api/client.ts';
import { homePathFor } from '../api/endpoints.ts';
import { useAuth } from '../auth/auth-context.ts';
import { Loading } from '../layout/Loading.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { SITE_NAME } from '../site/site.ts';
import { ModeTabs, preloadProviders, SignInChoices, type Mode } from './LoginPage.tsx';

/** What the page knows of the link's class: still asking, its name, or that the link does not work. */
type LinkState = { status: 'loading' } | { status: 'open'; className: string } | { status: 'unknown' } | { status: 'failed' };

/**
 * The page of a class's join link, /join/CODE (docs/decisions/024-class-join-links.md). It names the
 * class, then: to a visitor, the Sign In and Sign Up forms of /login, both of which put the student in
 * the class and go home (Sign Up without a Classroom Name); to a signed-in student, a button that joins
 * the class and goes home; to a facilitator, that the link is for students. A closed or unknown code
 * says so, with the way to /login. Texts: content/locales/LOCALE/join.json.
 */
export function JoinPage() {
  const { code = '' } = useParams();
  const t = useMessages(messages);
  const { status, user, logout } = useAuth();
  const [link, setLink] = useState<LinkState>({ status: 'loading' });
  const [mode, setMode] = useState<Mode>('sign-up');
  const [joining, setJoining] = useState<'idle' | 'busy' | 'failed'>('idle');
  const navigate = useNavigate();
  usePageTitle(link.status === 'open' ? t('join.title', { className: link.className }) : t('join.unknownTitle'));

  useEffect(() => {
    // Asked for beside the class's name, so the buttons are there when the forms are.
    void preloadProviders();
    let current = true;
    apiClient.request<{ class_name?: unknown }>(`/api/join/${encodeURIComponent(code)}/`, { auth: false }).then(
      (body) => current && setLink(typeof body.class_name === 'string' ? { status: 'open', className: body.class_name } : { status: 'failed' }),
      (error: unknown) => current && setLink({ status: error instanceof ApiError && error.status === 404 ? 'unknown' : 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [code]);

  async function join() {
    setJoining('busy');
    try {
      // The session's requests are a chunk of their own, which the sign-in forms load too.
      const { joinClass } = await import('../api/session-endpoints.ts');
      await joinClass(code);
      await navigate('/');
    } catch {
      setJoining('failed');
    }
  }

  return (
    <main className="auth-page" id="main">
      <div className="auth-card">
        <div className="auth-card__header">
          <p className="auth-card__site">{SITE_NAME}</p>
          {link.status === 'open' ? <h1 className="auth-card__title">{t('join.title', { className: link.className })}</h1> : null}
          {link.status === 'unknown' || link.status === 'failed' ? <h1 className="auth-card__title">{t('join.unknownTitle')}</h1> : null}
        </div>
        {link.status === 'loading' || status === 'loading' ? <Loading /> : null}
        {link.status === 'unknown' || link.status === 'failed' ? (
          <>
            <p role="alert">{t(link.status === 'unknown' ? 'join.unknown' : 'join.failed')}</p>
            <p>
              <Link className="button auth-form__submit" to="/login">
                {t('join.toLogin')}
              </Link>
            </p>
          </>
        ) : null}
        {link.status === 'open' && status === 'signed-out' ? (
          <>
            <p>{t('join.intro')}</p>
            <Suspense fallback={null}>
              <SignInChoices joinCode={code} />
            </Suspense>
            <ModeTabs mode={mode} onChange={setMode} joinCode={code} />
          </>
        ) : null}
        {link.status === 'open' && status === 'signed-in' && user?.role !== 'student' ? (
          <>
            <p role="alert">{t('join.staff')}</p>
            <p>
              <Link to={homePathFor(user?.role ?? 'student')}>{SITE_NAME}</Link>
            </p>
          </>
        ) : null}
        {link.status === 'open' && status === 'signed-in' && user?.role === 'student' ? (
          <>
            <p>{t('join.signedInAs', { username: user.username })}</p>
            {joining === 'failed' ? (
              <p className="form-alert" role="alert">
                {t('join.failed')}
              </p>
            ) : null}
            <button type="button" className="button auth-form__submit" disabled={joining === 'busy'} onClick={() => void join()}>
              {joining === 'busy' ? t('join.joining') : t('join.join', { className: link.className })}
            </button>
            <p className="auth-form__aside">{t('join.notYou')}</p>
            <p>
              <button type="button" className="button button--secondary" onClick={() => void logout()}>
                {t('join.signOut')}
              </button>
            </p>
          </>
        ) : null}
      </div>
    </main>
  );
}
