import { lazy, Suspense, type ReactElement, type ReactNode } from 'react';
import { useLazyDialog } from './use-lazy-dialog.ts';
import './OverlayDialog.css';

const loadContent = () => import('./OverlayDialogContent.tsx');
const OverlayDialogContent = lazy(loadContent);

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
 * somewhere to click. The dialog's code loads when the trigger is first pointed at, focused or pressed
 * ({@link useLazyDialog}).
 */
export function OverlayDialog({ trigger, ...dialog }: OverlayDialogProps) {
  const { opener, loaded, open, setOpen, trigger: triggerNode } = useLazyDialog(trigger, loadContent);
  return (
    <>
      {opener}
      {loaded ? (
        <Suspense fallback={null}>
          <OverlayDialogContent {...dialog} open={open} onOpenChange={setOpen} trigger={triggerNode} />
        </Suspense>
      ) : null}
    </>
  );
}
