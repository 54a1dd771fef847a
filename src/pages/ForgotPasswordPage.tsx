import { Link } from 'react-router';
import messages from '../../content/locales/en/login.json';
import { useMessages } from '../../engine/index.ts';
import { SITE_NAME } from '../site/site.ts';

/**
 * The target of "Forgot Your Password?" (docs/requirements.md#routes). Students have no email on file, so a
 * facilitator resets the password. The language control is in the page's corner (src/App.tsx), as on /login.
 */
export function ForgotPasswordPage() {
  const t = useMessages(messages);
  return (
    <main className="auth-page">
      <div className="auth-card">
        <div className="auth-card__header">
          <p className="auth-card__site">{SITE_NAME}</p>
          <h1 className="auth-card__title">{t('forgotPassword.title')}</h1>
        </div>
        <p>{t('forgotPassword.help')}</p>
        <p>
          <Link className="button auth-form__submit" to="/login">
            {t('forgotPassword.back')}
          </Link>
        </p>
      </div>
    </main>
  );
}
