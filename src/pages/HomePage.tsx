import { Link } from 'react-router';
import messages from '../../content/locales/en/app.json';
import { useMessages } from '../../engine/index.ts';
import { displayName } from '../api/endpoints.ts';
import { useAuth } from '../auth/auth-context.ts';
import { SiteHeader } from '../layout/SiteHeader.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { UserMenu } from '../layout/UserMenu.tsx';
import { readSiteData } from '../site/site-data.ts';
import { SITE_NAME } from '../site/site.ts';
import { Gallery } from './home/Gallery.tsx';
import { ResourcesSection } from './home/ResourcesSection.tsx';
import { TeamSection } from './home/TeamSection.tsx';

/**
 * The public home page at `/` (docs/requirements.md#home-page and #routes): a header with the logo and, for a signed-in
 * student, "Hello, {first name or username}" with a menu (My Profile, Logout with its confirmation), or
 * for visitors the "Student Login / Sign-Up" link; then the research gallery, "Meet Our Team" and
 * "Bioinformatics Resources" from `content/site/`. The app shows Loading until the profile has arrived.
 * Its own words are in the reader's language (`home.*` of content/locales/LOCALE/app.json).
 */
export function HomePage() {
  const { user } = useAuth();
  const t = useMessages(messages);
  const { site, gallery, team, resources } = readSiteData();
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
