import { useState } from 'react';
import { useAuth } from '../auth/auth-context.ts';
import { newPasswordProblem, usernameProblem } from '../auth/credentials.ts';
import { Field, useTextForm, type FieldErrors } from './auth-form.tsx';

/** Error texts of docs/requirements.md#validation and #error-messages, word for word. */
export const SIGNUP_FAILED_MESSAGE = 'Sign up failed. Please check your details and try again.';
export const PASSWORDS_MISMATCH_MESSAGE = 'Passwords do not match.';

const SIGN_UP_FIELDS = ['username', 'password', 'confirmPassword', 'firstName', 'lastName', 'classroomName'] as const;

/** The sign-up checks of docs/requirements.md#validation and docs/security.md (the server's own rules and messages), in field order. */
function signUpErrors(values: Record<(typeof SIGN_UP_FIELDS)[number], string>): FieldErrors<(typeof SIGN_UP_FIELDS)[number]> {
  const errors: FieldErrors<(typeof SIGN_UP_FIELDS)[number]> = {};
  const username = values.username.trim() === '' ? 'Username is required.' : usernameProblem(values.username);
  if (username) errors.username = username;
  const password = values.password === '' ? 'Password is required.' : newPasswordProblem(values.password);
  if (password) errors.password = password;
  if (values.confirmPassword === '') errors.confirmPassword = 'Confirm Password is required.';
  else if (values.confirmPassword !== values.password) errors.confirmPassword = PASSWORDS_MISMATCH_MESSAGE;
  if (values.firstName.trim() === '') errors.firstName = 'First Name is required.';
  if (values.lastName.trim() === '') errors.lastName = 'Last Name is required.';
  return errors;
}

/**
 * The Sign Up form of /login (docs/requirements.md#login-page): a chunk of its own, loaded while the
 * Sign In form is shown (src/pages/LoginPage.tsx), so a first visit downloads only what it displays.
 * A successful sign-up signs the student in; any failure shows {@link SIGNUP_FAILED_MESSAGE}.
 */
export default function SignUpForm() {
  const { signup } = useAuth();
  const [failed, setFailed] = useState(false);
  const { errors, submitting, onChange, onSubmit } = useTextForm(SIGN_UP_FIELDS, signUpErrors, async (values) => {
    setFailed(false);
    try {
      await signup({
        username: values.username.trim(),
        password: values.password,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        classroomName: values.classroomName.trim(),
      });
    } catch {
      // docs/requirements.md#error-messages: any sign-up failure shows the same message.
      setFailed(true);
    }
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} onChange={onChange} noValidate aria-label="Sign Up">
      {failed ? (
        <p className="form-alert" role="alert">
          {SIGNUP_FAILED_MESSAGE}
        </p>
      ) : null}
      <Field id="sign-up-username" name="username" label="Username" error={errors.username} autoComplete="username" autoCapitalize="none" spellCheck={false} />
      <Field id="sign-up-password" name="password" label="Password" type="password" error={errors.password} autoComplete="new-password" />
      <Field id="sign-up-confirm-password" name="confirmPassword" label="Confirm Password" type="password" error={errors.confirmPassword} autoComplete="new-password" />
      <div className="auth-form__row">
        <Field id="sign-up-first-name" name="firstName" label="First Name" error={errors.firstName} autoComplete="given-name" />
        <Field id="sign-up-last-name" name="lastName" label="Last Name" error={errors.lastName} autoComplete="family-name" />
      </div>
      <Field id="sign-up-classroom-name" name="classroomName" label="Classroom Name" optional autoComplete="off" />
      <button type="submit" className="button auth-form__submit" disabled={submitting}>
        {submitting ? 'Signing up…' : 'Sign Up'}
      </button>
    </form>
  );
}
