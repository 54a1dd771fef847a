import { Dialog } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import './OverlayDialog.css';

export interface OverlayDialogProps {
  /** The control that opens the dialog: a `<button type="button">` with an accessible name. Focus returns to it on close. */
  trigger: ReactElement;
  /** The dialog's accessible name, shown in its header. */
  title: ReactNode;
  /** Keep the title for screen readers only. */
  hideTitle?: boolean;
  /** The dialog's accessible description, shown under the header. */
  description: ReactNode;
  /** Keep the description for screen readers only. */
  hideDescription?: boolean;
  /**
   * `"full"` (default): the whole screen but a margin of backdrop (32 px, 12 px on phones), for
   * embedded pages. `"media"`: as large as its content allows within the same margin, for an image.
   */
  size?: 'full' | 'media';
  /**
   * Take the whole screen, without a margin of backdrop, at 600 px wide or less (image viewers on a
   * phone: docs/design.md#things-that-float). Close and Escape still close it.
   */
  fullScreenOnPhone?: boolean;
  /** The dialog's body. */
  children: ReactNode;
}

/**
 * The shared chrome of the lesson's large overlays (InteractiveOverlay, ImageOverlay): a modal Radix
 * dialog with a dimmed backdrop, a header holding the title and a Close button, and a description.
 *
 * It closes with the Close button, a click on the backdrop or the Escape key
 * (docs/requirements.md#overlays). While open, focus stays
 * inside it; on close it returns to the trigger. A margin of backdrop is always visible, so there is
 * somewhere to click.
 */
export function OverlayDialog({ trigger, title, hideTitle = false, description, hideDescription = false, size = 'full', fullScreenOnPhone = false, children }: OverlayDialogProps) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay__backdrop" data-testid="overlay-backdrop" />
        <Dialog.Content
          className={`overlay__content overlay__content--${size}${fullScreenOnPhone ? ' overlay__content--phone-full' : ''}`}
          data-size={size}
          data-phone={fullScreenOnPhone ? 'full-screen' : 'dialog'}
        >
          <div className="overlay__header">
            <Dialog.Title className={hideTitle ? 'visually-hidden' : 'overlay__title'}>{title}</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="button button--secondary overlay__close">
                Close
              </button>
            </Dialog.Close>
          </div>
          <Dialog.Description className={hideDescription ? 'visually-hidden' : 'overlay__description'}>{description}</Dialog.Description>
          <div className="overlay__body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
