import { AlertDialog } from 'radix-ui';
import { useState, type RefObject } from 'react';
import messages from '../../content/locales/en/bar.json';
import { useMessages } from '../../engine/index.ts';
import { useAuth } from '../auth/auth-context.ts';

export interface LogoutDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /**
   * Where focus goes when the dialog closes without logging out: the control that opened it. Needed when
   * a menu item opened it, since the item is gone by then; by default focus returns to what had it before.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * The logout confirmation (docs/requirements.md#navigation and #authentication):
 * "Are you sure you want to logout?" with Cancel and Logout (in the reader's language: `logoutDialog.*`
 * of content/locales/LOCALE/app.json). Cancel, Escape or a click outside closes
 * it. Logout silently saves unsaved day work first (every open answers session), then removes both tokens and goes to /login. Focus is
 * trapped inside while it is open and starts on Cancel.
 *
 * Controlled, so that a button or a menu item can open it.
 */
export function LogoutDialog({ open, onOpenChange, returnFocusTo }: LogoutDialogProps) {
  const { logout } = useAuth();
  const t = useMessages(messages);
  const [loggingOut, setLoggingOut] = useState(false);

  async function confirm() {
    setLoggingOut(true);
    try {
      await logout();
    } finally {
      setLoggingOut(false);
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (loggingOut ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="overlay-base__backdrop" />
        <AlertDialog.Content
          className="overlay-base__dialog"
          aria-describedby={undefined}
          onEscapeKeyDown={(event) => loggingOut && event.preventDefault()}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo?.current;
            if (!target?.isConnected) return;
            event.preventDefault();
            target.focus();
          }}
        >
          <AlertDialog.Title className="overlay-base__title">{t('logoutDialog.title')}</AlertDialog.Title>
          <div className="overlay-base__actions">
            <AlertDialog.Cancel className="button button--secondary" disabled={loggingOut}>
              {t('logoutDialog.cancel')}
            </AlertDialog.Cancel>
            <button type="button" className="button button--danger" onClick={() => void confirm()} disabled={loggingOut} aria-busy={loggingOut}>
              {t(loggingOut ? 'logoutDialog.loggingOut' : 'logoutDialog.logout')}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
