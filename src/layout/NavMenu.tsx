import { Collapsible, DropdownMenu } from 'radix-ui';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import type { ModulePage } from '../site/sections.ts';
import { useMediaQuery } from './use-media-query.ts';
import { Chevron } from './UserMenu.tsx';

/**
 * The widths at which the navigation bar folds its links behind the Menu button into a drawer; the
 * same breakpoint as `@media (max-width: 719px)` in src/styles.css (TopNav: "Below 720 px wide").
 */
export const FOLDED_NAV_QUERY = '(max-width: 719px)';

export interface NavMenuProps {
  /** The trigger's text, e.g. "Modules". */
  label: string;
  /** The pages it links, in order. */
  pages: readonly ModulePage[];
}

/**
 * A menu of page links in the navigation bar (the Modules and Module Check menus of spec section 2).
 *
 * On a wide screen, a Radix dropdown menu: Enter, Space or Arrow Down opens it, arrows and typing move
 * between pages, Enter opens one, Escape closes it. In the folded phone drawer ({@link FOLDED_NAV_QUERY})
 * it is a disclosure instead (issue 9, "the Modules submenu floats over the drawer"): the button
 * (`aria-expanded`) opens the links in place as an indented list under it, Tab moves through them, and
 * Escape closes the list and returns to the button.
 *
 * Either way the current page is marked `aria-current="page"`, and the trigger looks active while one
 * of its pages is open.
 */
export function NavMenu({ label, pages }: NavMenuProps) {
  const { pathname } = useLocation();
  const folded = useMediaQuery(FOLDED_NAV_QUERY);
  const current = pages.some((page) => page.path === pathname);

  if (folded) return <NavDisclosure label={label} pages={pages} pathname={pathname} current={current} />;

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="menu-trigger top-nav__link" data-current={current ? 'true' : undefined}>
        <span className="menu-trigger__label">{label}</span>
        <Chevron />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="start" sideOffset={6} collisionPadding={8}>
          {pages.map((page) => (
            <DropdownMenu.Item key={page.path} asChild className="menu__item">
              <Link to={page.path} aria-current={page.path === pathname ? 'page' : undefined}>
                {page.title}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

interface NavDisclosureProps extends NavMenuProps {
  pathname: string;
  current: boolean;
}

/** The drawer's form of {@link NavMenu}: a Radix Collapsible whose list opens in place under its button. */
function NavDisclosure({ label, pages, pathname, current }: NavDisclosureProps) {
  // Open on the page it was opened on: following a link (which also closes the drawer) folds it again.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const triggerRef = useRef<HTMLButtonElement>(null);

  function closeOnEscape(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape' || !open) return;
    // The first Escape folds this list only; the next one (handled by TopNav) closes the drawer.
    event.stopPropagation();
    setOpenOn(null);
    triggerRef.current?.focus();
  }

  return (
    <Collapsible.Root className="nav-disclosure" open={open} onOpenChange={(next) => setOpenOn(next ? pathname : null)} onKeyDown={closeOnEscape}>
      <Collapsible.Trigger ref={triggerRef} className="menu-trigger top-nav__link" data-current={current ? 'true' : undefined}>
        <span className="menu-trigger__label">{label}</span>
        <Chevron />
      </Collapsible.Trigger>
      <Collapsible.Content asChild>
        <ul className="nav-disclosure__list">
          {pages.map((page) => (
            <li key={page.path}>
              <Link className="nav-disclosure__link" to={page.path} aria-current={page.path === pathname ? 'page' : undefined}>
                {page.title}
              </Link>
            </li>
          ))}
        </ul>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
