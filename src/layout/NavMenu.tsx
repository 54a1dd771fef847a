import { useLocation } from 'react-router';
import type { ModulePage } from '../site/sections.ts';
import { Chevron } from './Chevron.tsx';
import { NewFeedbackBadge } from './CountBadge.tsx';
import { useDeferredMenu } from './menus-loader.ts';
import { useMediaQuery } from './use-media-query.ts';

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
 * A menu of page links in the navigation bar (the Modules and Module Check menus of
 * docs/requirements.md#navigation).
 *
 * On a wide screen, a Radix dropdown menu: Enter, Space or Arrow Down opens it, arrows and typing move
 * between pages, Enter opens one, Escape closes it. In the folded phone drawer ({@link FOLDED_NAV_QUERY})
 * it is a disclosure instead, so the list cannot float over the drawer: the button
 * (`aria-expanded`) opens the links in place as an indented list under it, Tab moves through them, and
 * Escape closes the list and returns to the button.
 *
 * Either way the current page is marked `aria-current="page"`, and the trigger looks active while one
 * of its pages is open. A page with feedback the student has not read (`newFeedback`) shows its count,
 * and the trigger their sum.
 *
 * The menu code (Radix, floating-ui) is not in the page's first download: until it arrives
 * the trigger is a stand-in that looks the same, starts the download when hovered or focused, and
 * opens the menu as soon as it has arrived if it was pressed meanwhile (src/layout/menus-loader.ts).
 */
export function NavMenu({ label, pages }: NavMenuProps) {
  const { pathname } = useLocation();
  const folded = useMediaQuery(FOLDED_NAV_QUERY);
  const current = pages.some((page) => page.path === pathname);
  const { menus, takeOver, triggerProps } = useDeferredMenu(folded ? 'click' : 'press');

  if (menus) {
    const Menu = folded ? menus.PageDisclosure : menus.PageDropdown;
    return (
      <Menu
        label={label}
        pages={pages}
        pathname={pathname}
        current={current}
        {...takeOver}
      />
    );
  }

  const trigger = (
    <button
      type="button"
      className="menu-trigger top-nav__link"
      data-current={current ? 'true' : undefined}
      aria-haspopup={folded ? undefined : 'menu'}
      aria-expanded="false"
      data-state="closed"
      {...triggerProps}
    >
      <span className="menu-trigger__label">{label}</span>
      <NewFeedbackBadge pages={pages} />
      <Chevron />
    </button>
  );
  return folded ? (
    <div className="nav-disclosure" data-state="closed">
      {trigger}
    </div>
  ) : (
    trigger
  );
}

