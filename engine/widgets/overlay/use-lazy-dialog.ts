import { cloneElement, useState, type MouseEvent, type ReactElement } from 'react';

/** What {@link useLazyDialog} gives a dialog widget. */
export interface LazyDialog {
  /** The trigger, with `aria-haspopup`, `aria-expanded`, a ref and the handlers that load and open the dialog. */
  opener: ReactElement;
  /** Whether the dialog's module has been asked for: render the lazy dialog only from then on. */
  loaded: boolean;
  /** Whether the dialog is open (controlled: pass to Radix's `open`). */
  open: boolean;
  /** Radix's `onOpenChange`. */
  setOpen: (open: boolean) => void;
  /** The trigger element once mounted, for the dialog to give focus back to on close (Radix's `onCloseAutoFocus`). */
  trigger: HTMLElement | null;
}

/**
 * The trigger side of a dialog whose own code (Radix Dialog, its focus trap and scroll lock: about 8 KB
 * gzipped) is a chunk loaded when first wanted, not with the day (docs/decisions/011-first-visit-javascript.md). The trigger
 * renders at once and behaves as Radix's own `Dialog.Trigger` would (`aria-haspopup="dialog"`,
 * `aria-expanded`); pointing at it or focusing it starts the download, so the dialog is usually there by
 * the click; a click opens it as soon as it has arrived.
 *
 * @param trigger - a `<button type="button">` with an accessible name; its own `onClick` still runs
 * @param preload - starts the dialog module's download (the same `import()` as the `lazy` component);
 *   errors are left to the lazy component, which shows them to its error boundary
 */
export function useLazyDialog(trigger: ReactElement, preload: () => Promise<unknown>): LazyDialog {
  const [loaded, setLoaded] = useState(false);
  const [open, setOpen] = useState(false);
  const [triggerNode, setTriggerNode] = useState<HTMLElement | null>(null);
  const warm = () => void preload().catch(() => undefined);
  const opener = cloneElement(trigger, {
    ref: setTriggerNode,
    'aria-haspopup': 'dialog',
    'aria-expanded': open,
    'data-state': open ? 'open' : 'closed',
    onPointerEnter: warm,
    onFocus: warm,
    onClick: (event: MouseEvent<HTMLElement>) => {
      (trigger.props as { onClick?: (event: MouseEvent<HTMLElement>) => void }).onClick?.(event);
      if (event.defaultPrevented) return;
      setLoaded(true);
      setOpen(true);
    },
  } as Record<string, unknown>);
  return { opener, loaded, open, setOpen, trigger: triggerNode };
}
