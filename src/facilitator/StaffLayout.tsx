import { Suspense, useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import messages from '../../content/locales/en/console.json';
import { useMessages } from '../../engine/index.ts';
import { useAuth } from '../auth/auth-context.ts';
import { LanguageButton } from '../i18n/LanguageButton.tsx';
import { Loading } from '../layout/Loading.tsx';
import { LogoutDialog } from '../layout/LogoutDialog.tsx';
import { ConsoleQueries } from './console-queries.tsx';
import './facilitator.css';

/**
 * The frame of the facilitator console's pages (docs/decisions/009-facilitator-console.md): a header with
 * "SciTrek — Facilitator console", the links Classes, Admin (admins only) and Sign out, which asks
 * first and signs out through the app's logout, and the language control (src/i18n/LanguageButton.tsx);
 * then the page. The header stays while the page changes;
 * a page whose code is still downloading shows Loading under it. The pages share one TanStack Query
 * cache ({@link ConsoleQueries}, docs/decisions/018-console-data.md), made here so that the library
 * stays in the console's chunks. Its words are `staffLayout.*` in content/locales/LOCALE/console.json.
 */
export function StaffLayout() {
  const t = useMessages(messages);
  const { user } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  return (
    <div className="page console">
      <header className="console-header">
        <a className="skip-link" href="#main">
          {t('staffLayout.skipLink')}
        </a>
        <div className="console-header__inner">
          <p className="console-header__title">{t('staffLayout.title')}</p>
          <nav aria-label={t('staffLayout.nav')}>
            <ul className="console-header__links">
              <li>
                <NavLink className="console-header__link" to="/facilitator" end>
                  {t('staffLayout.classes')}
                </NavLink>
              </li>
              {user?.role === 'admin' ? (
                <li>
                  <NavLink className="console-header__link" to="/facilitator/admin">
                    {t('staffLayout.admin')}
                  </NavLink>
                </li>
              ) : null}
              <li>
                <button type="button" className="console-header__link console-header__signout" onClick={() => setSigningOut(true)}>
                  {t('staffLayout.signOut')}
                </button>
              </li>
              <li>
                <LanguageButton />
              </li>
            </ul>
          </nav>
        </div>
      </header>
      <LogoutDialog open={signingOut} onOpenChange={setSigningOut} />
      <ConsoleQueries>
        <Suspense
          fallback={
            <main className="console-page" id="main">
              <Loading />
            </main>
          }
        >
          <Outlet />
        </Suspense>
      </ConsoleQueries>
    </div>
  );
}
