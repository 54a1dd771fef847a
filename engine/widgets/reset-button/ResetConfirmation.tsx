import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import messages from '../../../content/locales/en/engine.json';
import { useMessages } from '../../i18n/messages.ts';

/**
 * The confirmation of {@link ResetButton}, a chunk of its own: Radix AlertDialog loads when first wanted.
 * Cancel, Escape and the reset itself close it and give focus back to `trigger`. Its own texts ("This
 * cannot be undone.", Cancel) are `resetButton.*` in content/locales/LOCALE/engine.json.
 */
export default function ResetConfirmation({
  open,
  onOpenChange,
  trigger,
  confirm,
  onReset,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: HTMLElement | null;
  confirm: string;
  onReset: () => void;
  children: ReactNode;
}) {
  const t = useMessages(messages);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="overlay-base__backdrop" />
        <AlertDialog.Content
          className="overlay-base__dialog overlay-base__dialog--small"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger?.focus();
          }}
        >
          <AlertDialog.Title className="overlay-base__title">{confirm}</AlertDialog.Title>
          <AlertDialog.Description>{t('resetButton.cannotUndo')}</AlertDialog.Description>
          <div className="overlay-base__actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button button--secondary">
                {t('resetButton.cancel')}
              </button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button type="button" className="button button--danger" onClick={onReset}>
                {children}
              </button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
