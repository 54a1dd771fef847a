import { useId, useState, type FormEvent } from 'react';
import messages from '../../content/locales/en/app.json';
import { useMessages, type MessageValues } from '../../engine/index.ts';
import { changePassword } from '../api/account-endpoints.ts';
import { ApiError } from '../api/client.ts';

type MessageId = keyof typeof messages;

const FIELDS = [
  { name: 'current', label: 'changePassword.current', autoComplete: 'current-password' },
  { name: 'next', label: 'changePassword.new', autoComplete: 'new-password' },
  { name: 'confirm', label: 'changePassword.confirm', autoComplete: 'new-password' },
] as const satisfies readonly { name: string; label: MessageId; autoComplete: string }[];

/**
 * The server's refusal of a new password shorter than the sign-up's rule, which it gives only as its
 * `detail` (`PASSWORD_TOO_SHORT_MESSAGE` of server/auth/credentials.ts, pinned by
 * ChangePasswordForm.test.tsx), with the minimum length. Not imported: this form stays out of the
 * sign-up's checks, which load with the login page alone.
 */
const TOO_SHORT_DETAIL = /^The password must be at least (\d+) characters long\.$/;

/** A message of content/locales/LOCALE/app.json and its placeholders' values. */
interface Said {
  id: MessageId;
  values?: MessageValues;
}

/**
 * Why the server refused the change, as a message of content/locales/LOCALE/app.json: a wrong current
 * password (`wrong_password`), a new password shorter than the sign-up's rule, else (any other code, a
 * network failure) that it could not be changed. Never the server's English `detail` itself.
 */
function refusalOf(error: unknown): Said {
  if (error instanceof ApiError && error.code === 'wrong_password') return { id: 'changePassword.wrongPassword' };
  const tooShort = error instanceof ApiError ? TOO_SHORT_DETAIL.exec(error.detail) : null;
  if (tooShort) return { id: 'changePassword.tooShort', values: { min: Number(tooShort[1]) } };
  return { id: 'changePassword.failed' };
}

/**
 * "Change password" on the student's profile page (docs/decisions/009-facilitator-console.md): the current
 * password, a new one and its confirmation ("Passwords do not match." before anything is sent), then
 * `POST /api/account/password/`; the form says it worked, or why the server refused (a wrong current
 * password, a new password the sign-up's rules refuse). The fields empty on success only. Its texts are
 * in the reader's language (`changePassword.*` of content/locales/LOCALE/app.json) and, shown in the form
 * as ids, follow a language switch. The new password's strength is the server's to judge. `onChanged`
 * runs after a change the server took; `autoFocus` puts the caret in the first field (a student who must
 * replace a one-time password lands here).
 */
export function ChangePasswordForm({ onChanged, autoFocus = false }: { onChanged?: () => void; autoFocus?: boolean }) {
  const id = useId();
  const t = useMessages(messages);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<(Said & { tone: 'problem' | 'success' }) | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const [current, next, confirm] = FIELDS.map(({ name }) => String(data.get(name) ?? ''));
    const problem: MessageId | null = !current
      ? 'changePassword.currentRequired'
      : !next
        ? 'changePassword.newRequired'
        : next !== confirm
          ? 'changePassword.mismatch'
          : null;
    if (problem) {
      setOutcome({ tone: 'problem', id: problem });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      await changePassword(current ?? '', next ?? '');
      form.reset();
      setOutcome({ tone: 'success', id: 'changePassword.changed' });
      onChanged?.();
    } catch (error) {
      setOutcome({ tone: 'problem', ...refusalOf(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="auth-form change-password" aria-labelledby={`${id}-heading`} onSubmit={(event) => void submit(event)} noValidate>
      <h2 id={`${id}-heading`}>{t('changePassword.heading')}</h2>
      {FIELDS.map((field) => (
        <div className="field" key={field.name}>
          <label className="field__label" htmlFor={`${id}-${field.name}`}>
            {t(field.label)}
          </label>
          <input
            id={`${id}-${field.name}`}
            name={field.name}
            type="password"
            className="control field__input"
            autoComplete={field.autoComplete}
            autoFocus={autoFocus && field.name === 'current'}
          />
        </div>
      ))}
      {outcome?.tone === 'problem' ? (
        <p className="form-alert" role="alert">
          {t(outcome.id, outcome.values)}
        </p>
      ) : null}
      <p role="status">{outcome?.tone === 'success' ? t(outcome.id) : ''}</p>
      <p>
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {t(busy ? 'changePassword.changing' : 'changePassword.submit')}
        </button>
      </p>
    </form>
  );
}
