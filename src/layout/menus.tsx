import { Collapsible, DropdownMenu } from 'radix-ui';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { ModulePage } from '../site/sections.ts';
import { Chevron } from './Chevron.tsx';
import { CountBadge, NewFeedbackBadge } from './CountBadge.tsx';
import { LogoutDialog } from './LogoutDialog.tsx';
import messages from '../../content/locales/en/bar.json';
import startMessages from '../../content/locales/en/shell.json';
import { languageName, LOCALES, useLocale, useMessages } from '../../engine/index.ts';
import { useAuth } from '../auth/auth-context.ts';
import { saveLanguage } from '../api/endpoints.ts';
import { GlobeIcon } from '../i18n/GlobeIcon.tsx';
import { switchLanguage } from '../i18n/switch.ts';

// The navigation bar's menus and the logout dialog: Radix DropdownMenu, Collapsible and AlertDialog with
// floating-ui under them. A chunk of its own, loaded on first use through src/layout/menus-loader.ts;
// NavMenu.tsx and UserMenu.tsx show stand-in triggers until it arrives.

/** How a real menu starts when it replaces its stand-in (see `useDeferredMenu`). */
export interface TakeOverProps {
  /** Open at once: the student pressed the stand-in before this code arrived. */
  initialOpen?: boolean;
  /** With `initialOpen`: the press was a key, so focus the first item (what Radix does on a key press). */
  focusFirstItem?: boolean;
  /** The stand-in had focus: give it to the real trigger. */
  takeFocus?: boolean;
  /** Called once the real menu has mounted and taken over. */
  onTakenOver?: () => void;
}

/**
 * Gives focus to the real trigger when it replaces a focused stand-in, and after a key press that opened
 * the menu before its code arrived, moves focus to the first item once the content is on screen.
 *
 * @returns the trigger's ref and a callback ref for the menu content
 */
function useTakeOver({ initialOpen = false, focusFirstItem = false, takeFocus = false, onTakenOver }: TakeOverProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const firstItemPending = useRef(initialOpen && focusFirstItem);
  const focusTrigger = useRef(takeFocus && !initialOpen);
  useEffect(() => {
    // Only on mount: the moment the real trigger replaces the stand-in.
    if (focusTrigger.current) trigger.current?.focus();
    focusTrigger.current = false;
    onTakenOver?.();
  }, [onTakenOver]);
  const content = useCallback((node: HTMLDivElement | null) => {
    if (!node || !firstItemPending.current) return;
    firstItemPending.current = false;
    // After Radix has focused the content on mount.
    requestAnimationFrame(() => node.querySelector<HTMLElement>('[role^="menuitem"]')?.focus());
  }, []);
  return { trigger, content };
}

export interface PageMenuProps extends TakeOverProps {
  /** The trigger's text, e.g. "Modules". */
  label: string;
  /** The pages it links, in order. */
  pages: readonly ModulePage[];
  /** The current path, to mark the current page. */
  pathname: string;
  /** Whether one of `pages` is open: the trigger then looks active. */
  current: boolean;
}

/**
 * The wide-screen form of NavMenu: a Radix dropdown menu of page links. Enter, Space or Arrow Down opens
 * it, arrows and typing move between pages, Enter opens one, Escape closes it.
 */
export function PageDropdown({ label, pages, pathname, current, ...takeOver }: PageMenuProps) {
  const { trigger, content } = useTakeOver(takeOver);
  const t = useMessages(messages);
  return (
    <DropdownMenu.Root defaultOpen={takeOver.initialOpen ?? false}>
      <DropdownMenu.Trigger ref={trigger} className="menu-trigger top-nav__link" data-current={current ? 'true' : undefined}>
        <span className="menu-trigger__label">{label}</span>
        <NewFeedbackBadge pages={pages} />
        <Chevron />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content ref={content} className="menu" align="start" sideOffset={6} collisionPadding={8}>
          {pages.map((page) => (
            <DropdownMenu.Item key={page.path} asChild className="menu__item">
              <Link to={page.path} aria-current={page.path === pathname ? 'page' : undefined}>
                {page.title}
                {page.newFeedback ? <CountBadge count={page.newFeedback} what={t('nav.badge.newFeedback')} /> : null}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * The phone drawer's form of NavMenu: a Radix Collapsible whose list opens in place under its
 * button. Escape closes the list and returns to the button; the next Escape (TopNav) closes the drawer.
 */
export function PageDisclosure({ label, pages, pathname, current, ...takeOver }: PageMenuProps) {
  // Open on the page it was opened on: following a link (which also closes the drawer) folds it again.
  const [openOn, setOpenOn] = useState<string | null>(takeOver.initialOpen ? pathname : null);
  const open = openOn === pathname;
  const { trigger } = useTakeOver({ ...takeOver, initialOpen: false });
  const t = useMessages(messages);

  function closeOnEscape(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape' || !open) return;
    // The first Escape folds this list only; the next one (handled by TopNav) closes the drawer.
    event.stopPropagation();
    setOpenOn(null);
    trigger.current?.focus();
  }

  return (
    <Collapsible.Root className="nav-disclosure" open={open} onOpenChange={(next) => setOpenOn(next ? pathname : null)} onKeyDown={closeOnEscape}>
      <Collapsible.Trigger ref={trigger} className="menu-trigger top-nav__link" data-current={current ? 'true' : undefined}>
        <span className="menu-trigger__label">{label}</span>
        <NewFeedbackBadge pages={pages} />
        <Chevron />
      </Collapsible.Trigger>
      <Collapsible.Content asChild>
        <ul className="nav-disclosure__list">
          {pages.map((page) => (
            <li key={page.path}>
              <Link className="nav-disclosure__link" to={page.path} aria-current={page.path === pathname ? 'page' : undefined}>
                {page.title}
                {page.newFeedback ? <CountBadge count={page.newFeedback} what={t('nav.badge.newFeedback')} /> : null}
              </Link>
            </li>
          ))}
        </ul>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

export interface StudentDropdownProps extends TakeOverProps {
  /** The trigger's visible text: the student's name in the nav bar, "Hello, Ada" on the home page. */
  label: string;
  /** The name whose initial the avatar shows, "Ada"; the label when not given. */
  name?: string;
  /** Classes of the trigger button. */
  triggerClassName: string;
}

/**
 * The real form of UserMenu: a Radix dropdown menu with My Profile (/student_profile) and Logout, which
 * opens the logout confirmation and returns focus to this trigger when it is cancelled.
 */
export function StudentDropdown({ label, name, triggerClassName, ...takeOver }: StudentDropdownProps) {
  const [confirming, setConfirming] = useState(false);
  const { trigger, content } = useTakeOver(takeOver);
  const t = useMessages(messages);

  return (
    <>
      <DropdownMenu.Root defaultOpen={takeOver.initialOpen ?? false}>
        <DropdownMenu.Trigger ref={trigger} className={triggerClassName}>
          <span className="menu-trigger__avatar" aria-hidden="true">
            {(name ?? label).charAt(0).toUpperCase()}
          </span>
          <span className="menu-trigger__label">{label}</span>
          <Chevron />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content ref={content} className="menu" align="end" sideOffset={6} collisionPadding={8}>
            <DropdownMenu.Item asChild className="menu__item">
              <Link to="/student_profile">{t('userMenu.profile')}</Link>
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="menu__separator" />
            <DropdownMenu.Item className="menu__item" onSelect={() => setConfirming(true)}>
              {t('userMenu.logout')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <LogoutDialog open={confirming} onOpenChange={setConfirming} returnFocusTo={trigger} />
    </>
  );
}

export interface LanguageDropdownProps extends TakeOverProps {
  /** The trigger's accessible name, "Language: English". */
  label: string;
  /** The trigger's visible text, the language's name in that language. */
  name: string;
}

/**
 * The real form of LanguageButton (src/i18n/LanguageButton.tsx): a Radix dropdown menu whose items are
 * `menuitemradio`s, one per language of content/site/site.json, each named in its own language and
 * marked `lang`. Choosing one switches the app in place and, signed in, stores it on the account; when
 * the menu closes, focus returns to this button. A language whose files cannot be downloaded (offline)
 * leaves everything as it was.
 */
export function LanguageDropdown({ label, name, ...takeOver }: LanguageDropdownProps) {
  const { trigger, content } = useTakeOver(takeOver);
  const t = useMessages(startMessages);
  const locale = useLocale();
  const { status } = useAuth();
  const choose = (next: string) => {
    if (next === locale) return;
    switchLanguage(next, status === 'signed-in' ? saveLanguage : undefined).catch((error: unknown) => console.warn(`The ${next} files could not be downloaded; the page stays as it is.`, error));
  };
  return (
    <DropdownMenu.Root defaultOpen={takeOver.initialOpen ?? false}>
      <DropdownMenu.Trigger ref={trigger} className="control menu-trigger language-button" aria-label={label}>
        <GlobeIcon />
        <span className="language-button__name" lang={locale}>
          {name}
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content ref={content} className="menu" align="end" sideOffset={6} collisionPadding={8} aria-label={t('language.menu')}>
          <DropdownMenu.RadioGroup value={locale} onValueChange={choose}>
            {LOCALES.map((each) => (
              <DropdownMenu.RadioItem key={each} value={each} lang={each} className="menu__item menu__item--radio">
                {languageName(each)}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
