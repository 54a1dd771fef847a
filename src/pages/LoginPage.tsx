import { Tabs } from 'radix-ui';
import { useState, type ComponentPropsWithRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import { useAuth } from '../auth/auth-context.ts';
import { newPasswordProblem, usernameProblem } from '../auth/credentials.ts';
import { SITE_NAME } from '../site/site.ts';

/** Error texts of spec sections 5 and 8, word for word. */
export const LOGIN_FAILED_MESSAGE = 'Invalid credentials. Please try again.';
export const SIGNUP_FAILED_MESSAGE = 'Sign up failed. Please check your details and try again.';
export const PASSWORDS_MISMATCH_MESSAGE = 'Passwords do not match.';

type Mode = 'sign-in' | 'sign-up';

/**
 * The login page at /login (spec section 2, "Login page"): Sign In and Sign Up on one page, switched by
 * a tab list (arrow keys move between the two; the selected one is announced). Redirects to / when
 * already signed in; a successful login or sign-up goes to / too.
 */
export function LoginPage() {
  const { status } = useAuth();
  const [mode, setMode] = useState<Mode>('sign-in');
  if (status === 'signed-in') return <Navigate to="/" replace />;

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

interface SignInValues {
  username: string;
  password: string;
}

function SignInForm() {
  const { login } = useAuth();
  const [failed, setFailed] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({ defaultValues: { username: '', password: '' } });

  const onSubmit = handleSubmit(async ({ username, password }) => {
    setFailed(false);
    try {
      await login(username.trim(), password);
    } catch {
      // Spec section 8: any login failure shows the same message.
      setFailed(true);
    }
  });

  return (
    <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Sign In">
      {failed ? (
        <p className="form-alert" role="alert">
          {LOGIN_FAILED_MESSAGE}
        </p>
      ) : null}
      <Field
        id="sign-in-username"
        label="Username"
        error={errors.username?.message}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...register('username', { validate: (value) => value.trim() !== '' || 'Username is required.' })}
      />
      <Field
        id="sign-in-password"
        label="Password"
        type="password"
        error={errors.password?.message}
        autoComplete="current-password"
        {...register('password', { required: 'Password is required.' })}
      />
      <p className="auth-form__aside">
        <Link to="/forgot-password">Forgot Your Password?</Link>
      </p>
      <button type="submit" className="button auth-form__submit" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in…' : 'Sign In'}
      </button>
    </form>
  );
}

interface SignUpValues {
  username: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  classroomName: string;
}

function SignUpForm() {
  const { signup } = useAuth();
  const [failed, setFailed] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues>({
    defaultValues: { username: '', password: '', confirmPassword: '', firstName: '', lastName: '', classroomName: '' },
  });
  const notBlank = (message: string) => (value: string) => value.trim() !== '' || message;

  const onSubmit = handleSubmit(async (values) => {
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
      // Spec section 8: any sign-up failure shows the same message.
      setFailed(true);
    }
  });

  return (
    <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Sign Up">
      {failed ? (
        <p className="form-alert" role="alert">
          {SIGNUP_FAILED_MESSAGE}
        </p>
      ) : null}
      <Field
        id="sign-up-username"
        label="Username"
        error={errors.username?.message}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...register('username', {
          // Issue 11: checked before sending, with the server's own rules and messages.
          validate: { notBlank: notBlank('Username is required.'), characters: (value) => usernameProblem(value) ?? true },
        })}
      />
      <Field
        id="sign-up-password"
        label="Password"
        type="password"
        error={errors.password?.message}
        autoComplete="new-password"
        {...register('password', { required: 'Password is required.', validate: (value) => newPasswordProblem(value) ?? true })}
      />
      <Field
        id="sign-up-confirm-password"
        label="Confirm Password"
        type="password"
        error={errors.confirmPassword?.message}
        autoComplete="new-password"
        {...register('confirmPassword', {
          required: 'Confirm Password is required.',
          validate: (value, values) => value === values.password || PASSWORDS_MISMATCH_MESSAGE,
        })}
      />
      <div className="auth-form__row">
        <Field
          id="sign-up-first-name"
          label="First Name"
          error={errors.firstName?.message}
          autoComplete="given-name"
          {...register('firstName', { validate: notBlank('First Name is required.') })}
        />
        <Field
          id="sign-up-last-name"
          label="Last Name"
          error={errors.lastName?.message}
          autoComplete="family-name"
          {...register('lastName', { validate: notBlank('Last Name is required.') })}
        />
      </div>
      <Field id="sign-up-classroom-name" label="Classroom Name" optional autoComplete="off" {...register('classroomName')} />
      <button type="submit" className="button auth-form__submit" disabled={isSubmitting}>
        {isSubmitting ? 'Signing up…' : 'Sign Up'}
      </button>
    </form>
  );
}

interface FieldProps extends ComponentPropsWithRef<'input'> {
  id: string;
  label: string;
  /** The validation message, shown under the input and announced with it. */
  error?: string | undefined;
  /** Adds "(optional)" to the label; every other field is required (spec section 5). */
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
