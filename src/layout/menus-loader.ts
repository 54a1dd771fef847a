import { useCallback, useState, useSyncExternalStore, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import type * as Menus from './menus.tsx';
import type { TakeOverProps } from './menus.tsx';

/** The menus and dialogs of the navigation bar (Radix DropdownMenu, Collapsible, AlertDialog): src/layout/menus.tsx. */
export type MenusModule = typeof Menus;

let loaded: MenusModule | null = null;
let loading: Promise<MenusModule> | null = null;
const listeners = new Set<() => void>();

/**
 * Downloads the menus chunk once: no menu or dialog code on a page until it is used. Every
 * deferred menu on the page switches to its real form when it arrives. A failed download is forgotten,
 * so the next hover or press asks again.
 *
 * @returns the module; rejects when the chunk cannot be downloaded
 */
export function loadMenus(): Promise<MenusModule> {
  loading ??= import('./menus.tsx').then(
    (module) => {
      loaded = module;
      for (const notify of listeners) notify();
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** {@link loadMenus}, for event handlers: a failure is logged and the stand-in stays, ready to ask again. */
function requestMenus(): void {
  loadMenus().catch((error: unknown) => console.warn('The menus could not be downloaded yet; the next press asks again.', error));
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** How a student asked a menu to open before its code had arrived. */
export type OpenIntent = 'pointer' | 'keyboard';

/** The props of a stand-in trigger button, to spread on it. */
export interface StandInTriggerProps {
  onPointerEnter(): void;
  onFocus(): void;
  onBlur(): void;
  onPointerDown(event: PointerEvent<HTMLButtonElement>): void;
  onKeyDown(event: KeyboardEvent<HTMLButtonElement>): void;
  onClick(event: MouseEvent<HTMLButtonElement>): void;
}

/** What a deferred menu knows: the loaded module (null until then) and what happened to its stand-in meanwhile. */
export interface DeferredMenu {
  /** The menus module, or null while the stand-in trigger is shown. */
  menus: MenusModule | null;
  /**
   * For the real menu: how to take over from the stand-in (open at once if it was pressed, focus if it
   * had focus). Used once: after the real menu's first mount it asks for nothing more, so a later
   * remount (the drawer folding on a resize) starts closed.
   */
  takeOver: TakeOverProps;
  /** Handlers for the stand-in trigger: hovering or focusing it starts the download, pressing it also asks to open. */
  triggerProps: StandInTriggerProps;
}

/**
 * A menu whose code loads on first use. Until the menus chunk has arrived, the page shows a
 * stand-in trigger that looks and reads the same (a button with the same classes, text and
 * `aria-haspopup`); hovering or focusing it starts the download, and a press before it arrives is kept
 * and replayed: the real menu opens as soon as it mounts, with the first item focused after a key press,
 * as Radix does.
 *
 * @param opensOn - `'press'` for a dropdown menu (opens on pointer down, Enter, Space or Arrow Down, as
 *   Radix DropdownMenu does), `'click'` for a disclosure (opens on click, as Radix Collapsible does)
 */
export function useDeferredMenu(opensOn: 'press' | 'click'): DeferredMenu {
  const menus = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => null,
  );
  const [intent, setIntent] = useState<OpenIntent | null>(null);
  const [hadFocus, setHadFocus] = useState(false);
  const onTakenOver = useCallback(() => {
    setIntent(null);
    setHadFocus(false);
  }, []);

  const ask = (how: OpenIntent) => {
    setIntent(how);
    requestMenus();
  };

  return {
    menus,
    takeOver: { initialOpen: intent !== null, focusFirstItem: intent === 'keyboard', takeFocus: hadFocus, onTakenOver },
    triggerProps: {
      onPointerEnter: requestMenus,
      onFocus: () => {
        setHadFocus(true);
        requestMenus();
      },
      onBlur: () => setHadFocus(false),
      onPointerDown: (event) => {
        if (opensOn !== 'press' || event.button !== 0 || event.ctrlKey) return;
        // As Radix's trigger does: the menu, not the button, takes focus when it opens.
        event.preventDefault();
        ask('pointer');
      },
      onKeyDown: (event) => {
        if (opensOn !== 'press' || !['Enter', ' ', 'ArrowDown'].includes(event.key)) return;
        event.preventDefault();
        ask('keyboard');
      },
      onClick: () => {
        if (opensOn === 'click') ask('pointer');
      },
    },
  };
}
