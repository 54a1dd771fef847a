import { useState } from 'react';
import messages from '../../content/locales/en/login.json';
import { useMessages } from '../../engine/index.ts';
import { useAuth } from '../auth/auth-context.ts';
import { newPasswordProblem, usernameProblem } from '../auth/credentials.ts';
import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT_MESSAGE, USERNAME_INVISIBLE_MESSAGE, USERNAME_MIXED_SCRIPTS_MESSAGE } from '../../server/auth/credentials.ts';

import { Field, useTextForm, type FieldErrors } from './auth-form.tsx';

const SIGN_UP_FIELDS = ['username', 'password', 'confirmPassword', 'firstName', 'lastName', 'classroomName'] as const;

type MessageId = keyof typeof messages;

/** The server's own refusals of a username or password (server/auth/credentials.ts), as the catalogue's messages. */
const SERVER_PROBLEMS: Readonly<Record<string, MessageId>> = {
  [PASSWORD_TOO_SHORT_MESSAGE]: 'error.passwordTooShort',
  [USERNAME_INVISIBLE_MESSAGE]: 'error.usernameInvisible',
  [USERNAME_MIXED_SCRIPTS_MESSAGE]: 'error.usernameMixedScripts',
};

/** A server rule's refusal as its message id; a refusal the catalogue lacks stays a required-field message rather than English. */
function problemId(problem: string | null, otherwise: MessageId): MessageId | null {
  return problem === null ? null : (SERVER_PROBLEMS[problem] ?? otherwise);
}

/**
 * The sign-up checks of docs/requirements.md#validation and docs/security.md (the server's own rules), in
 * field order, as message ids of content/locales/LOCALE/login.json, so the messages follow a language switch.
 */
function signUpErrors(values: Record<(typeof SIGN_UP_FIELDS)[number], string>): FieldErrors<(typeof SIGN_UP_FIELDS)[number], MessageId> {
  const errors: FieldErrors<(typeof SIGN_UP_FIELDS)[number], MessageId> = {};
  const username = values.username.trim() === '' ? 'error.usernameRequired' : problemId(usernameProblem(values.username), 'error.usernameInvisible');
  if (username) errors.username = username;
  const password = values.password === '' ? 'error.passwordRequired' : problemId(newPasswordProblem(values.password), 'error.passwordTooShort');
  if (password) errors.password = password;
  if (values.confirmPassword === '') errors.confirmPassword = 'error.confirmPasswordRequired';
  else if (values.confirmPassword !== values.password) errors.confirmPassword = 'error.passwordsMismatch';
  if (values.firstName.trim() === '') errors.firstName = 'error.firstNameRequired';
  if (values.lastName.trim() === '') errors.lastName = 'error.lastNameRequired';
  return errors;
}

/**
 * The Sign Up form of /login (docs/requirements.md#login-page): a chunk of its own, loaded while the
 * Sign In form is shown (src/pages/LoginPage.tsx), so a first visit downloads only what it displays.
 * A successful sign-up signs the student in; any failure shows "Sign up failed. Please check your
 * details and try again." (docs/requirements.md's words; `signUp.failed` of content/locales/LOCALE/login.json).
 * With `joinCode` (a class's join link) the account is made in that class, and the Classroom Name field
 * is left out.
 */
export default function SignUpForm({ joinCode }: { joinCode?: string | undefined }) {
  const { signup } = useAuth();
  const t = useMessages(messages);
  const [failed, setFailed] = useState(false);
  const { errors, submitting, onChange, onSubmit } = useTextForm(SIGN_UP_FIELDS, signUpErrors, async (values) => {
    setFailed(false);
    try {
      await signup({
        username: values.username.trim(),
        password: values.password,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        classroomName: joinCode === undefined ? values.classroomName.trim() : '',
        ...(joinCode === undefined ? {} : { joinCode }),
      });
    } catch {
      // docs/requirements.md#error-messages: any sign-up failure shows the same message.
      setFailed(true);
    }
  });
  const error = (id: MessageId | undefined) => id && t(id, { min: MIN_PASSWORD_LENGTH });

  return (
    <form className="auth-form" onSubmit={onSubmit} onChange={onChange} noValidate aria-label={t('login.signUp')}>
      {failed ? (
        <p className="form-alert" role="alert">
          {t('signUp.failed')}
        </p>
      ) : null}
      <Field id="sign-up-username" name="username" label={t('field.username')} error={error(errors.username)} autoComplete="username" autoCapitalize="none" spellCheck={false} />
      <Field id="sign-up-password" name="password" label={t('field.password')} type="password" error={error(errors.password)} autoComplete="new-password" />
      <Field id="sign-up-confirm-password" name="confirmPassword" label={t('field.confirmPassword')} type="password" error={error(errors.confirmPassword)} autoComplete="new-password" />
      <div className="auth-form__row">
        <Field id="sign-up-first-name" name="firstName" label={t('field.firstName')} error={error(errors.firstName)} autoComplete="given-name" />
        <Field id="sign-up-last-name" name="lastName" label={t('field.lastName')} error={error(errors.lastName)} autoComplete="family-name" />
      </div>
      {joinCode === undefined ? <Field id="sign-up-classroom-name" name="classroomName" label={t('field.classroomName')} optional={t('field.optional')} autoComplete="off" /> : null}
      <button type="submit" className="button auth-form__submit" disabled={submitting}>
        {t(submitting ? 'login.signingUp' : 'login.signUp')}
      </button>
    </form>
  );
}
