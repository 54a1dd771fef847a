import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';

/**
 * The confirmation of {@link ResetButton}, a chunk of its own: Radix AlertDialog loads when first wanted.
 * Cancel, Escape and the reset itself close it and give focus back to `trigger`.
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
          <AlertDialog.Description>This cannot be undone.</AlertDialog.Description>
          <div className="overlay-base__actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button button--secondary">
                Cancel
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
