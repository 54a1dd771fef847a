import { AlertDialog } from 'radix-ui';
import { useId, useRef, useState, type ReactNode } from 'react';
import messages from '../../content/locales/en/console.json';
import { useMessages } from '../../engine/index.ts';
import { problemOf } from './format.ts';

// The console's dialogs, all Radix alert dialogs: focus is trapped inside while open, Escape closes, and
// focus returns to the button that opened them (docs/decisions/009-facilitator-console.md). Only the
// alert dialog, which the student app's logout already loads: the console adds no Radix code of its own,
// so the students' chunks stay as they are. Their words are `dialogs.*` in content/locales/LOCALE/console.json.

/** A message's text with its `<0>…</0>` part (words to stress, e.g. what a deletion takes too) in `<strong>`. */
function stressed(text: string): ReactNode {
  const parts = /^(.*)<0>(.*)<\/0>(.*)$/s.exec(text);
  if (!parts) return text;
  return (
    <>
      {parts[1]}
      <strong>{parts[2]}</strong>
      {parts[3]}
    </>
  );
}

/**
 * The state of a dialog that runs one action: open, busy while the action runs (the dialog cannot be
 * closed then), and the reason the action failed. `run` closes the dialog when the action succeeds and
 * keeps it open with {@link problemOf}'s words for the error when it fails; `changeOpen` clears the
 * reason, and calls `onOpenChange` (to reset a form) whenever the dialog opens or closes.
 */
function useDialogAction(onOpenChange?: () => void) {
  const t = useMessages(messages);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function run(action: () => Promise<void>) {
    setBusy(true);
    setProblem(null);
    try {
      await action();
      setOpen(false);
    } catch (error) {
      setProblem(problemOf(error, t));
    } finally {
      setBusy(false);
    }
  }
  function changeOpen(next: boolean) {
    if (busy) return;
    setOpen(next);
    setProblem(null);
    onOpenChange?.();
  }
  return { open, busy, problem, run, changeOpen };
}

/** What a {@link ConfirmButton} says, each text in the reader's language. */
export interface ConfirmButtonProps {
  /** The button's text, e.g. "Remove". */
  label: string;
  /** The button's accessible name when its text alone is ambiguous in a list, e.g. "Remove Ada Lovelace". */
  accessibleLabel?: string;
  /** The dialog's question, e.g. "Remove Ada Lovelace from Room 12?". */
  title: string;
  /** What happens, said plainly. */
  description: ReactNode;
  /** The confirming button's text; `label` unless given. */
  confirmLabel?: string;
  /** Does the thing; a rejection shows its message in the dialog, which stays open. */
  onConfirm(): Promise<void>;
}

/**
 * A button that asks first: an alert dialog with the question, Cancel (focused first) and the confirming
 * button. While `onConfirm` runs, both are disabled; when it fails, the dialog says why and stays open.
 */
export function ConfirmButton({ label, accessibleLabel, title, description, confirmLabel = label, onConfirm }: ConfirmButtonProps) {
  const t = useMessages(messages);
  const { open, busy, problem, run, changeOpen } = useDialogAction();
  const confirm = () => run(onConfirm);

  return (
    <AlertDialog.Root open={open} onOpenChange={changeOpen}>
      <AlertDialog.Trigger className="button button--secondary console-button" aria-label={accessibleLabel}>
        {label}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="overlay-base__backdrop" />
        <AlertDialog.Content className="overlay-base__dialog">
          <AlertDialog.Title className="overlay-base__title">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div>{description}</div>
          </AlertDialog.Description>
          {problem ? (
            <p className="form-alert" role="alert">
              {problem}
            </p>
          ) : null}
          <div className="overlay-base__actions">
            <AlertDialog.Cancel className="button button--secondary" disabled={busy}>
              {t('common.cancel')}
            </AlertDialog.Cancel>
            <button type="button" className="button button--danger" onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

export interface PasswordDialogProps {
  /** Whose password it is, e.g. "Ada Lovelace". */
  who: string;
  /** The temporary password, or null while the dialog is closed. */
  password: string | null;
  /** Called when the facilitator closes it (Done, Escape, a click outside); the owner then forgets the password. */
  onClose(): void;
  /** A note under the password, e.g. that the student's other logins have ended. */
  note: ReactNode;
}

/**
 * Shows a temporary password once (docs/decisions/009-facilitator-console.md): the password, a Copy
 * button that puts it on the clipboard and says "Copied", a note, and Done. Open while `password` is set.
 */
export function PasswordDialog({ who, password, onClose, note }: PasswordDialogProps) {
  const t = useMessages(messages);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const passwordId = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(password ?? '');
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <AlertDialog.Root
      open={password !== null}
      onOpenChange={(open) => {
        if (open) return;
        setCopied(null);
        onClose();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="overlay-base__backdrop" />
        <AlertDialog.Content className="overlay-base__dialog">
          <AlertDialog.Title className="overlay-base__title">{t('dialogs.passwordTitle', { name: who })}</AlertDialog.Title>
          <AlertDialog.Description>{t('dialogs.passwordDescription')}</AlertDialog.Description>
          <p className="console-password">
            <span className="visually-hidden" id={passwordId}>
              {t('dialogs.passwordLabel')}
            </span>
            <output aria-labelledby={passwordId} className="console-password__value">
              {password}
            </output>
            <button type="button" className="button button--secondary" onClick={() => void copy()}>
              {t('dialogs.copy')}
            </button>
          </p>
          <p role="status" className="console-password__copied">
            {copied === 'yes' ? t('dialogs.copied') : copied === 'failed' ? t('dialogs.copyFailed') : ''}
          </p>
          <div>{note}</div>
          <div className="overlay-base__actions">
            <AlertDialog.Cancel className="button">{t('dialogs.done')}</AlertDialog.Cancel>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

export interface ResetPasswordButtonProps {
  /** Whose password, e.g. "Ada Lovelace". */
  who: string;
  /** Asks the server for a new temporary password. */
  reset(): Promise<string>;
  /** What the reset does besides, in the reader's language, said in the question and beside the password. */
  note: string;
}

/**
 * "Reset password" for one person: asks first, then shows the temporary password once
 * ({@link PasswordDialog}); closing it forgets the password.
 */
export function ResetPasswordButton({ who, reset, note }: ResetPasswordButtonProps) {
  const t = useMessages(messages);
  const [password, setPassword] = useState<string | null>(null);
  return (
    <>
      <ConfirmButton
        label={t('dialogs.resetPassword')}
        accessibleLabel={t('dialogs.resetPasswordLabel', { name: who })}
        title={t('dialogs.resetPasswordTitle', { name: who })}
        description={
          <p>
            {t('dialogs.resetPasswordDescription')} {note}
          </p>
        }
        onConfirm={async () => setPassword(await reset())}
      />
      <PasswordDialog who={who} password={password} onClose={() => setPassword(null)} note={<p>{note}</p>} />
    </>
  );
}

export interface DeleteClassDialogProps {
  /** The class's exact name, which the admin must type. */
  className: string;
  /** Deletes it, sending what was typed; a rejection shows its message in the dialog. */
  onDelete(confirm: string): Promise<void>;
}

/**
 * "Delete class" (admin only): a dialog that says the students' accounts and answers go too, suggests
 * exporting first, and enables Delete only when the class's name is typed exactly (case and spaces
 * included).
 */
export function DeleteClassDialog({ className, onDelete }: DeleteClassDialogProps) {
  const t = useMessages(messages);
  const [typed, setTyped] = useState('');
  const { open, busy, problem, run, changeOpen } = useDialogAction(() => setTyped(''));
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const matches = typed === className;

  async function remove() {
    if (!matches) return;
    await run(() => onDelete(typed));
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={changeOpen}>
      <AlertDialog.Trigger className="button button--danger">{t('dialogs.deleteClass')}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="overlay-base__backdrop" />
        <AlertDialog.Content
          className="overlay-base__dialog"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            input.current?.focus();
          }}
        >
          <AlertDialog.Title className="overlay-base__title">{t('dialogs.deleteClassTitle', { className })}</AlertDialog.Title>
          <AlertDialog.Description>{stressed(t('dialogs.deleteClassDescription'))}</AlertDialog.Description>
          <form
            className="console-form"
            onSubmit={(event) => {
              event.preventDefault();
              void remove();
            }}
          >
            <div className="field">
              <label className="field__label" htmlFor={inputId}>
                {t('dialogs.deleteClassConfirm', { className })}
              </label>
              <input
                ref={input}
                id={inputId}
                className="control field__input"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                autoComplete="off"
                spellCheck={false}
              />
            </div>
            {problem ? (
              <p className="form-alert" role="alert">
                {problem}
              </p>
            ) : null}
            <div className="overlay-base__actions">
              <AlertDialog.Cancel type="button" className="button button--secondary" disabled={busy}>
                {t('common.cancel')}
              </AlertDialog.Cancel>
              <button type="submit" className="button button--danger" disabled={!matches || busy} aria-busy={busy}>
                {t('dialogs.deleteClass')}
              </button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
