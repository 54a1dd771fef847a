import { Dialog } from 'radix-ui';
import messages from '../../../content/locales/en/engine.json';
import { useMessages } from '../../i18n/messages.ts';
import type { OverlayDialogProps } from './OverlayDialog.tsx';

/**
 * The open dialog of {@link OverlayDialog}, a chunk of its own: Radix Dialog loads when first wanted. Its
 * Close button reads `overlayDialog.close` in content/locales/LOCALE/engine.json.
 */
export default function OverlayDialogContent({
  open,
  onOpenChange,
  trigger,
  title,
  hideTitle = false,
  description,
  hideDescription = false,
  size = 'full',
  fullScreenOnPhone = false,
  children,
}: Omit<OverlayDialogProps, 'trigger'> & { open: boolean; onOpenChange: (open: boolean) => void; trigger: HTMLElement | null }) {
  const t = useMessages(messages);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay__backdrop" data-testid="overlay-backdrop" />
        <Dialog.Content
          className={`overlay__content overlay__content--${size}${fullScreenOnPhone ? ' overlay__content--phone-full' : ''}`}
          data-size={size}
          data-phone={fullScreenOnPhone ? 'full-screen' : 'dialog'}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger?.focus();
          }}
        >
          <div className="overlay__header">
            <Dialog.Title className={hideTitle ? 'visually-hidden' : 'overlay__title'}>{title}</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="button button--secondary overlay__close">
                {t('overlayDialog.close')}
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
