import { useId, useState, type FormEvent } from 'react';
import { changePassword } from '../api/account-endpoints.ts';
import { ApiError } from '../api/client.ts';

/** Shown when the new password is changed (docs/decisions/009-facilitator-console.md). */
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed. You stay signed in here; your other logins have ended.';

const FIELDS = [
  { name: 'current', label: 'Current password', autoComplete: 'current-password' },
  { name: 'next', label: 'New password', autoComplete: 'new-password' },
  { name: 'confirm', label: 'Confirm new password', autoComplete: 'new-password' },
] as const;

/**
 * "Change password" on the student's profile page (docs/decisions/009-facilitator-console.md): the current
 * password, a new one and its confirmation ("Passwords do not match." before anything is sent), then
 * `POST /api/account/password/`; the form says it worked, or shows the server's reason (a wrong current
 * password, a new password the sign-up's rules refuse). The fields empty on success only. It does not load
 * the sign-up's checks, which stay in the login page's chunk alone.
 */
export function ChangePasswordForm() {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'problem' | 'success'; text: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const [current, next, confirm] = FIELDS.map(({ name }) => String(data.get(name) ?? ''));
    // The new password's strength is the server's to judge (the sign-up's rules); its answer is shown as it is.
    const problem = !current ? 'Enter your current password.' : !next ? 'Enter a new password.' : next !== confirm ? 'Passwords do not match.' : null;
    if (problem) {
      setOutcome({ tone: 'problem', text: problem });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      await changePassword(current ?? '', next ?? '');
      form.reset();
      setOutcome({ tone: 'success', text: PASSWORD_CHANGED_MESSAGE });
    } catch (error) {
      setOutcome({ tone: 'problem', text: error instanceof ApiError ? error.detail : 'Your password could not be changed. Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="auth-form change-password" aria-labelledby={`${id}-heading`} onSubmit={(event) => void submit(event)} noValidate>
      <h2 id={`${id}-heading`}>Change password</h2>
      {FIELDS.map((field) => (
        <div className="field" key={field.name}>
          <label className="field__label" htmlFor={`${id}-${field.name}`}>
            {field.label}
          </label>
          <input id={`${id}-${field.name}`} name={field.name} type="password" className="control field__input" autoComplete={field.autoComplete} />
        </div>
      ))}
      {outcome?.tone === 'problem' ? (
        <p className="form-alert" role="alert">
          {outcome.text}
        </p>
      ) : null}
      <p role="status">{outcome?.tone === 'success' ? outcome.text : ''}</p>
      <p>
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy ? 'Changing…' : 'Change password'}
        </button>
      </p>
    </form>
  );
}
