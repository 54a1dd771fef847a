import { Tabs } from 'radix-ui';
import { useState, type ComponentPropsWithRef, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { homePathFor } from '../api/endpoints.ts';
import { useAuth } from '../auth/auth-context.ts';
import { newPasswordProblem, usernameProblem } from '../auth/credentials.ts';
import { SITE_NAME } from '../site/site.ts';

/** Error texts of docs/requirements.md#validation and #error-messages, word for word. */
export const LOGIN_FAILED_MESSAGE = 'Invalid credentials. Please try again.';
export const SIGNUP_FAILED_MESSAGE = 'Sign up failed. Please check your details and try again.';
export const PASSWORDS_MISMATCH_MESSAGE = 'Passwords do not match.';

type Mode = 'sign-in' | 'sign-up';

/**
 * The login page at /login (docs/requirements.md#login-page): Sign In and Sign Up on one page, switched by
 * a tab list (arrow keys move between the two; the selected one is announced). Redirects to / when
 * already signed in; a successful login or sign-up goes to / too (a facilitator or an admin: to
 * /facilitator, docs/decisions/009-facilitator-console.md).
 */
export function LoginPage() {
  const { status, user } = useAuth();
  const [mode, setMode] = useState<Mode>('sign-in');
  if (status === 'signed-in') return <Navigate to={user ? homePathFor(user.role) : '/'} replace />;

  return (
    <main className="auth-page">
      <p className="back-link auth-page__home">
        <Link to="/">
          <span aria-hidden="true">←</span>Back to the home page
        </Link>
      </p>
      <div className="auth-card">
        <div className="auth-card__header">
          <h1 className="auth-card__site">{SITE_NAME}</h1>
          <p className="auth-card__tagline">{mode === 'sign-in' ? 'Welcome back! Sign in to open your workbook.' : 'New here? Create your student account.'}</p>
        </div>
        <Tabs.Root value={mode} onValueChange={(value) => setMode(value as Mode)}>
          <Tabs.List className="auth-tabs" aria-label="Sign in or sign up">
            <Tabs.Trigger className="auth-tabs__tab" value="sign-in">
              Sign In
            </Tabs.Trigger>
            <Tabs.Trigger className="auth-tabs__tab" value="sign-up">
              Sign Up
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="sign-in" className="auth-panel">
            <SignInForm />
          </Tabs.Content>
          <Tabs.Content value="sign-up" className="auth-panel">
            <SignUpForm />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </main>
  );
}

type FieldErrors<Name extends string> = Partial<Record<Name, string>>;

/**
 * The state of a small form of text inputs, without a form library (docs/scaling.md: /login loads none). The
 * inputs are uncontrolled; their values are read by `name` from the form element. Like the answers form,
 * nothing is checked before the first submit; after it, every change checks the form again, and a
 * refused submit focuses the first field in error.
 *
 * @param names - the inputs' `name` attributes, in the order they appear
 * @param validate - returns a message per field in error (an empty object when all is well)
 * @param submit - called with the values (untrimmed) when `validate` finds nothing; may reject
 * @returns the current errors, whether a submit is on its way, and handlers for the form element
 */
function useTextForm<Name extends string>(
  names: readonly Name[],
  validate: (values: Record<Name, string>) => FieldErrors<Name>,
  submit: (values: Record<Name, string>) => Promise<void>,
) {
  const [errors, setErrors] = useState<FieldErrors<Name>>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const read = (form: HTMLFormElement) => {
    const data = new FormData(form);
    return Object.fromEntries(names.map((name) => [name, String(data.get(name) ?? '')])) as Record<Name, string>;
  };
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (submitted) setErrors(validate(read(event.currentTarget)));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = read(form);
    const found = validate(values);
    setSubmitted(true);
    setErrors(found);
    const firstInError = names.find((name) => found[name] !== undefined);
    if (firstInError !== undefined) {
      form.querySelector<HTMLInputElement>(`[name="${firstInError}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    void submit(values).finally(() => setSubmitting(false));
  };
  return { errors, submitting, onChange, onSubmit };
}

const SIGN_IN_FIELDS = ['username', 'password'] as const;

function SignInForm() {
  const { login } = useAuth();
  const [failed, setFailed] = useState(false);
  const { errors, submitting, onChange, onSubmit } = useTextForm(
    SIGN_IN_FIELDS,
    (values) => ({
      ...(values.username.trim() === '' ? { username: 'Username is required.' } : {}),
      ...(values.password === '' ? { password: 'Password is required.' } : {}),
    }),
    async ({ username, password }) => {
      setFailed(false);
      try {
        await login(username.trim(), password);
      } catch {
        // docs/requirements.md#error-messages: any login failure shows the same message.
        setFailed(true);
      }
    },
  );

  return (
    <form className="auth-form" onSubmit={onSubmit} onChange={onChange} noValidate aria-label="Sign In">
      {failed ? (
        <p className="form-alert" role="alert">
          {LOGIN_FAILED_MESSAGE}
        </p>
      ) : null}
      <Field id="sign-in-username" name="username" label="Username" error={errors.username} autoComplete="username" autoCapitalize="none" spellCheck={false} />
      <Field id="sign-in-password" name="password" label="Password" type="password" error={errors.password} autoComplete="current-password" />
      <p className="auth-form__aside">
        <Link to="/forgot-password">Forgot Your Password?</Link>
      </p>
      <button type="submit" className="button auth-form__submit" disabled={submitting}>
        {submitting ? 'Signing in…' : 'Sign In'}
      </button>
    </form>
  );
}

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

function SignUpForm() {
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

interface FieldProps extends ComponentPropsWithRef<'input'> {
  id: string;
  label: string;
  /** The validation message, shown under the input and announced with it. */
  error?: string | undefined;
  /** Adds "(optional)" to the label; every other field is required (docs/requirements.md#validation). */
  optional?: boolean;
}

/** A labelled text input with its validation message. */
function Field({ id, label, error, optional = false, type = 'text', ...input }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {optional ? (
          <>
            {' '}
            <span className="field__optional">(optional)</span>
          </>
        ) : null}
      </label>
      <input
        id={id}
        type={type}
        className="control field__input"
        aria-required={optional ? undefined : true}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
