import { DropdownMenu } from 'radix-ui';
import { Link, useLocation } from 'react-router';
import type { ModulePage } from '../site/sections.ts';
import { Chevron } from './UserMenu.tsx';

export interface NavMenuProps {
  /** The trigger's text, e.g. "Modules". */
  label: string;
  /** The pages it links, in order. */
  pages: readonly ModulePage[];
}

/**
 * A menu of page links in the navigation bar (the Modules and Module Check menus of spec section 2). A
 * Radix dropdown menu: Enter, Space or Arrow Down opens it, arrows and typing move between pages, Enter
 * opens one, Escape closes it. The current page is marked `aria-current="page"`, and the trigger looks
 * active while one of its pages is open.
 */
export function NavMenu({ label, pages }: NavMenuProps) {
  const { pathname } = useLocation();
  const current = pages.some((page) => page.path === pathname);

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
