import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import messages from '../../content/locales/en/app.json';
import { useLocale, useMessages } from '../../engine/index.ts';
import { displayName } from '../api/endpoints.ts';
import { useAuth } from '../auth/auth-context.ts';
import { SiteHeader } from '../layout/SiteHeader.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { UserMenu } from '../layout/UserMenu.tsx';
import { addLanguagePreparer } from '../i18n/language.ts';
import { loadSiteTranslations, readSiteData } from '../site/site-data.ts';
import { SITE_NAME } from '../site/site.ts';
import { Gallery } from './home/Gallery.tsx';
import { ResourcesSection } from './home/ResourcesSection.tsx';
import { TeamSection } from './home/TeamSection.tsx';

/**
 * The public home page at `/` (docs/requirements.md#home-page and #routes): a header with the logo and, for a signed-in
 * student, "Hello, {first name or username}" with a menu (My Profile, Logout with its confirmation), or
 * for visitors the "Student Login / Sign-Up" link; then the research gallery, "Meet Our Team" and
 * "Bioinformatics Resources" from `content/site/`. The app shows Loading until the profile has arrived.
 * Its own words are in the reader's language (`home.*` of content/locales/LOCALE/app.json), and so are
 * the site data's once their translations have arrived (a file each, downloaded before a switch and on
 * a first visit in that language; the originals meanwhile).
 */
export function HomePage() {
  const { user } = useAuth();
  const t = useMessages(messages);
  const locale = useLocale();
  const [, translationsArrived] = useState(0);
  useEffect(() => addLanguagePreparer(loadSiteTranslations), []);
  useEffect(() => {
    let current = true;
    loadSiteTranslations(locale).then(
      () => current && translationsArrived((count) => count + 1),
      (error: unknown) => console.warn(`The home page's texts in ${locale} could not be downloaded; they are shown as written.`, error),
    );
    return () => {
      current = false;
    };
  }, [locale]);
  const { site, gallery, team, resources } = readSiteData(locale);
  usePageTitle('');

  return (
    <div className="page home">
      <SiteHeader>
        {user ? (
          <UserMenu label={t('home.greeting', { name: displayName(user) })} name={displayName(user)} triggerClassName="control site-header__greeting" />
        ) : (
          <Link className="button" to="/login">
            {t('home.login')}
          </Link>
        )}
      </SiteHeader>
      <main id="main">
        <section className="hero" aria-labelledby="home-heading">
          <div className="hero__inner">
            <h1 id="home-heading" className="hero__title">
              {SITE_NAME}
            </h1>
            <p className="hero__tagline">{site.tagline || t('home.tagline')}</p>
            <p className="hero__actions">
              {user ? (
                <Link className="button hero__cta" to="/student_profile">
                  {t('home.openWorkbook')}
                </Link>
              ) : (
                <Link className="button hero__cta" to="/login">
                  {t('home.logInToStart')}
                </Link>
              )}
            </p>
          </div>
        </section>
        <div className="home__sections">
          {gallery.length > 0 ? (
            <section className="home-section" aria-labelledby="gallery-heading">
              <h2 id="gallery-heading" className="home-section__heading">
                {t('home.galleryHeading')}
              </h2>
              <Gallery items={gallery} label={t('home.galleryLabel')} />
            </section>
          ) : null}
          {team.length > 0 ? <TeamSection members={team} /> : null}
          {resources.length > 0 ? <ResourcesSection resources={resources} /> : null}
        </div>
      </main>
    </div>
  );
}
