import type { ReactNode } from 'react';
import { Link } from 'react-router';
import messages from '../../content/locales/en/bar.json';
import { useMessages } from '../../engine/index.ts';
import { LanguageButton } from '../i18n/LanguageButton.tsx';
import { LOGO_SRC, SITE_NAME } from '../site/site.ts';
import { hideBrokenImage } from './hide-broken-image.ts';

/**
 * The header band at the top of every page (docs/requirements.md#home-page): the "Skip to main content"
 * link, the logo and site name linking to `/`, then what the page puts beside them: the navigation bar's
 * links (`TopNav`) or the home page's greeting menu or login link, and last the language control
 * (src/i18n/LanguageButton.tsx). The logo is hidden if it fails to load.
 *
 * @example
 * <SiteHeader>
 *   <Link className="button" to="/login">Student Login / Sign-Up</Link>
 * </SiteHeader>
 */
export function SiteHeader({ children }: { children?: ReactNode }) {
  const t = useMessages(messages);
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('header.skipLink')}
      </a>
      <div className="site-header__inner">
        <Link className="site-header__brand" to="/">
          <img className="site-header__logo" src={LOGO_SRC} alt="" width="36" height="36" onError={hideBrokenImage} />
          {SITE_NAME}
        </Link>
        {children}
        <LanguageButton />
      </div>
    </header>
  );
}
