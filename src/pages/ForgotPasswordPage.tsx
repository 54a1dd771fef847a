import { Link } from 'react-router';
import { SITE_NAME } from '../site/site.ts';

/**
 * The target of "Forgot Your Password?" (docs/requirements.md#routes). Students have no email on file, so a
 * facilitator resets the password.
 */
export function ForgotPasswordPage() {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <div className="auth-card__header">
          <p className="auth-card__site">{SITE_NAME}</p>
          <h1 className="auth-card__title">Forgot your password?</h1>
        </div>
        <p>Ask your facilitator to reset your password. Once they have, sign in with your username and the new password.</p>
        <p>
          <Link className="button auth-form__submit" to="/login">
            Back to Sign In
          </Link>
        </p>
      </div>
    </main>
  );
}
