import { lazy, Suspense, use, useState } from 'react';
import { Link } from 'react-router';
import messages from '../../content/locales/en/app.json';
import { useMessages } from '../../engine/index.ts';
import { fetchProfile, type UserProfile } from '../api/endpoints.ts';
import { useAuth } from '../auth/auth-context.ts';
import { settle, usePageData, type Loaded } from '../layout/loaded.ts';
import { Loading } from '../layout/Loading.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { DAYS } from '../site/days.ts';
import { QUIZZES, STATIC_SECTIONS } from '../site/sections.ts';
import { SITE_NAME } from '../site/site.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

/** The "School account" section (src/pages/SchoolAccount.tsx), a chunk of its own: most deployments have no provider. */
const SchoolAccount = lazy(() => import('./SchoolAccount.tsx').then((module) => ({ default: module.SchoolAccount })));

/** What the page's loader hands it, unresolved. */
export interface ProfileData {
  profile: Promise<Loaded<UserProfile>>;
}

/** Starts fetching the profile afresh for the page. */
export function loadStudentProfile(): ProfileData {
  return { profile: settle(fetchProfile(), 'The profile') };
}

/**
 * The student's welcome page at /student_profile (docs/requirements.md#student-profile): "Welcome to
 * {site name}, {first name}", a biography list (Name, Class, Title) and links into the week. It fetches
 * the profile afresh and shows Loading until it arrives, then a "Change password" form
 * (docs/decisions/009-facilitator-console.md); on failure it shows
 * "Unable to load profile. Please try logging in again." with a way back to the login page.
 * Its words are in the reader's language (`profile.*` of content/locales/LOCALE/app.json; in English
 * docs/requirements.md's: the title "Junior Bioinformatics Scientist", "N/A" for a student without a class).
 */
export function StudentProfilePage() {
  const t = useMessages(messages);
  usePageTitle(t('profile.title'));
  const [data] = usePageData(loadStudentProfile);
  return (
    <Suspense
      fallback={
        <main className="page-column content-page" id="main">
          <Loading />
        </main>
      }
    >
      <Profile profile={data.profile} />
    </Suspense>
  );
}

function Profile({ profile: loading }: ProfileData) {
  const state = use(loading);
  const { logout } = useAuth();
  const t = useMessages(messages);
  const [changed, setChanged] = useState(false);

  if (state.status === 'failed') {
    return (
      <main className="page-column content-page" id="main">
        <h1>{t('profile.welcome', { site: SITE_NAME })}</h1>
        <p className="form-alert" role="alert">
          {t('profile.failed')}
        </p>
        <p>
          <button type="button" className="button" onClick={() => void logout()}>
            {t('profile.logInAgain')}
          </button>
        </p>
      </main>
    );
  }

  const profile = state.value;
  const fullName = `${profile.firstName} ${profile.lastName}`.trim() || profile.username;
  // A one-time password from a pasted roster: the student chooses their own first (docs/decisions/024-class-join-links.md).
  const mustChange = profile.passwordChangeRequired === true && !changed;
  return (
    <main className="page-column content-page" id="main">
      {mustChange ? (
        <section className="change-password-section change-password-section--first" aria-labelledby="must-change-heading">
          <h1 id="must-change-heading">{t('profile.mustChangeTitle')}</h1>
          <p>{t('profile.mustChange')}</p>
          <ChangePasswordForm onChanged={() => setChanged(true)} autoFocus />
        </section>
      ) : null}
      <section className="profile-card" aria-labelledby="profile-heading">
        <span className="profile-card__avatar" aria-hidden="true">
          {(profile.firstName || profile.username).charAt(0).toUpperCase()}
        </span>
        <div>
          <h1 id="profile-heading" className="profile-card__heading">
            {t('profile.welcomeName', { site: SITE_NAME, name: profile.firstName || profile.username })}
          </h1>
          <dl className="bio">
            <div className="bio__row">
              <dt>{t('profile.bio.name')}</dt>
              <dd>{fullName}</dd>
            </div>
            <div className="bio__row">
              <dt>{t('profile.bio.class')}</dt>
              <dd>{profile.classroomName?.trim() || t('profile.noClassroom')}</dd>
            </div>
            <div className="bio__row">
              <dt>{t('profile.bio.title')}</dt>
              <dd>{t('profile.studentTitle')}</dd>
            </div>
          </dl>
        </div>
      </section>

      <section aria-labelledby="week-heading">
        <h2 id="week-heading">{t('profile.weekHeading')}</h2>
        <p className="section-intro">{t('profile.weekIntro')}</p>
        <ol className="link-grid">
          {STATIC_SECTIONS.map((section) => (
            <li key={section.path}>
              <Link className="link-card" to={section.path}>
                <span className="link-card__kicker">{t('profile.beforeDay1')}</span>
                <span className="link-card__title">{section.title}</span>
              </Link>
            </li>
          ))}
          {DAYS.map(({ day, title, path }) => (
            <li key={path}>
              <Link className="link-card" to={path}>
                <span className="link-card__kicker">{t('profile.dayKicker', { day })}</span>
                <span className="link-card__title">{title}</span>
              </Link>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="check-heading">
        <h2 id="check-heading">{t('profile.checkHeading')}</h2>
        <p className="section-intro">{t('profile.checkIntro')}</p>
        <ul className="link-grid link-grid--two">
          {QUIZZES.map((quiz) => (
            <li key={quiz.path}>
              <Link className="link-card" to={quiz.path}>
                <span className="link-card__kicker">{t('profile.quizKicker')}</span>
                <span className="link-card__title">{quiz.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {/* An account of the school's provider only has no password to change. */}
      {mustChange || profile.hasPassword === false ? null : (
        <section className="change-password-section">
          <ChangePasswordForm />
        </section>
      )}
      <Suspense fallback={null}>
        <SchoolAccount />
      </Suspense>
    </main>
  );
}
