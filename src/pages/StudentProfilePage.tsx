import { Suspense, use } from 'react';
import { Link } from 'react-router';
import { fetchProfile, type UserProfile } from '../api/endpoints.ts';
import { useAuth } from '../auth/auth-context.ts';
import { settle, usePageData, type Loaded } from '../layout/loaded.ts';
import { Loading } from '../layout/Loading.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { DAYS } from '../site/days.ts';
import { QUIZZES, STATIC_SECTIONS } from '../site/sections.ts';
import { SITE_NAME } from '../site/site.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

/** The fixed title of every student (docs/requirements.md#student-profile). */
export const STUDENT_TITLE = 'Junior Bioinformatics Scientist';
/** Shown when the profile cannot be loaded (docs/requirements.md#error-messages). */
export const PROFILE_FAILED_MESSAGE = 'Unable to load profile. Please try logging in again.';
/** Shown as the class of a student without a classroom (docs/requirements.md#student-profile). */
export const NO_CLASSROOM = 'N/A';

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
 */
export function StudentProfilePage() {
  usePageTitle('My Profile');
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

  if (state.status === 'failed') {
    return (
      <main className="page-column content-page" id="main">
        <h1>Welcome to {SITE_NAME}</h1>
        <p className="form-alert" role="alert">
          {PROFILE_FAILED_MESSAGE}
        </p>
        <p>
          <button type="button" className="button" onClick={() => void logout()}>
            Log in again
          </button>
        </p>
      </main>
    );
  }

  const profile = state.value;
  const fullName = `${profile.firstName} ${profile.lastName}`.trim() || profile.username;
  return (
    <main className="page-column content-page" id="main">
      <section className="profile-card" aria-labelledby="profile-heading">
        <span className="profile-card__avatar" aria-hidden="true">
          {(profile.firstName || profile.username).charAt(0).toUpperCase()}
        </span>
        <div>
          <h1 id="profile-heading" className="profile-card__heading">
            Welcome to {SITE_NAME}, {profile.firstName || profile.username}
          </h1>
          <dl className="bio">
            <div className="bio__row">
              <dt>Name</dt>
              <dd>{fullName}</dd>
            </div>
            <div className="bio__row">
              <dt>Class</dt>
              <dd>{profile.classroomName?.trim() || NO_CLASSROOM}</dd>
            </div>
            <div className="bio__row">
              <dt>Title</dt>
              <dd>{STUDENT_TITLE}</dd>
            </div>
          </dl>
        </div>
      </section>

      <section aria-labelledby="week-heading">
        <h2 id="week-heading">Your week</h2>
        <p className="section-intro">Start with the welcome pages, then work through one day at a time. Your answers save as you type.</p>
        <ol className="link-grid">
          {STATIC_SECTIONS.map((section) => (
            <li key={section.path}>
              <Link className="link-card" to={section.path}>
                <span className="link-card__kicker">Before Day 1</span>
                <span className="link-card__title">{section.title}</span>
              </Link>
            </li>
          ))}
          {DAYS.map(({ day, title, path }) => (
            <li key={path}>
              <Link className="link-card" to={path}>
                <span className="link-card__kicker">Day {day}</span>
                <span className="link-card__title">{title}</span>
              </Link>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="check-heading">
        <h2 id="check-heading">Module check</h2>
        <p className="section-intro">Take the pre-module quiz before Day 1 and the post-module quiz after Day 5.</p>
        <ul className="link-grid link-grid--two">
          {QUIZZES.map((quiz) => (
            <li key={quiz.path}>
              <Link className="link-card" to={quiz.path}>
                <span className="link-card__kicker">Quiz</span>
                <span className="link-card__title">{quiz.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="change-password-section">
        <ChangePasswordForm />
      </section>
    </main>
  );
}
