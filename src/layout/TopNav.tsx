import { useId, useState, type KeyboardEvent } from 'react';
import type { Feedback } from '../api/feedback-endpoints.ts';
import { NavLink, useLocation } from 'react-router';
import { displayName } from '../api/endpoints.ts';
import { useAuth } from '../auth/auth-context.ts';
import { DAYS, MODULE_PAGES } from '../site/days.ts';
import type { ModulePage } from '../site/sections.ts';
import { QUIZZES } from '../site/sections.ts';
import messages from '../../content/locales/en/bar.json';
import { useMessages } from '../../engine/index.ts';
import { useOptionalInbox } from './inbox-context.ts';
import { loadMenus } from './menus-loader.ts';
import { CountBadge } from './CountBadge.tsx';
import { NavMenu } from './NavMenu.tsx';
import { SiteHeader } from './SiteHeader.tsx';
import { UserMenu } from './UserMenu.tsx';

/**
 * The navigation bar of every signed-in page, day pages included (docs/requirements.md#navigation): the
 * site name linking to `/`; Home (/student_profile); Inbox with the unread count
 * badge; the Modules and Module Check menus, Modules with the count of feedback not yet read on it and on
 * each day it lists (docs/facilitators.md#feedback); and the student's menu with My Profile and Logout, which
 * asks for confirmation and saves unsaved day work first. Below 720 px wide the links fold behind a
 * Menu button. Visitors see only the site name.
 *
 * Its logout saves every open answers session first, wherever the bar is placed. The unread badge
 * needs an `InboxProvider` above it and is left out without one.
 */
export function TopNav() {
  const { user } = useAuth();
  const t = useMessages(messages);
  const inbox = useOptionalInbox();
  const { pathname } = useLocation();
  // The folded menu belongs to the page it was opened on: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const listId = useId();
  const unread = inbox?.unreadCount ?? 0;
  // Made on every render (a few pages), so a language switch copies the titles in the new language.
  const modulePages = withNewFeedback(MODULE_PAGES, inbox?.feedback ?? []);
  // The folded Menu button counts both, so a phone shows new feedback before its drawer is opened.
  const newFeedback = modulePages.reduce((sum, page) => sum + (page.newFeedback ?? 0), 0);

  function toggleDrawer() {
    setOpenOn(open ? null : pathname);
    // The drawer shows the Modules and Module Check lists: fetch their code now rather than on the next tap.
    if (!open) loadMenus().catch(() => undefined);
  }

  function closeOnEscape(event: KeyboardEvent<HTMLElement>) {
    // Keys pressed in a menu (rendered in a portal) bubble here through React; those menus close themselves.
    if (event.key !== 'Escape' || !open || !event.currentTarget.contains(event.target as Node)) return;
    setOpenOn(null);
    event.currentTarget.querySelector<HTMLButtonElement>('.top-nav__toggle')?.focus();
  }

  return (
    <SiteHeader>
      {user ? (
        <nav className="top-nav__nav" aria-label={t('nav.label')} onKeyDown={closeOnEscape}>
          <button type="button" className="control top-nav__toggle" aria-expanded={open} aria-controls={listId} onClick={toggleDrawer}>
            <MenuIcon open={open} />
            {t('nav.menu')}
            {unread + newFeedback > 0 ? (
              <CountBadge count={unread + newFeedback} what={t(newFeedback === 0 ? 'nav.badge.unread' : unread === 0 ? 'nav.badge.newFeedback' : 'nav.badge.unreadAndFeedback')} />
            ) : null}
          </button>
          <ul id={listId} className="top-nav__list" data-open={open ? 'true' : undefined}>
            <li>
              <NavLink className="top-nav__link" to="/student_profile" end>
                {t('nav.home')}
              </NavLink>
            </li>
            <li>
              <NavLink className="top-nav__link" to="/inbox">
                {t('nav.inbox')}
                {unread > 0 ? <CountBadge count={unread} what={t('nav.badge.unread')} /> : null}
              </NavLink>
            </li>
            <li>
              <NavMenu label={t('nav.modules')} pages={modulePages} />
            </li>
            <li>
              <NavMenu label={t('nav.moduleCheck')} pages={QUIZZES} />
            </li>
            <li className="top-nav__user">
              <UserMenu label={displayName(user)} triggerClassName="top-nav__link" />
            </li>
          </ul>
        </nav>
      ) : null}
    </SiteHeader>
  );
}


function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      {open ? (
        <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      )}
    </svg>
  );
}

/** The pages with, on each day's, how much of the facilitators' feedback on that day is unread (a copy, its title read in the reader's language). */
function withNewFeedback(pages: readonly ModulePage[], feedback: readonly Feedback[]): readonly ModulePage[] {
  const unread = new Map<string, number>();
  for (const each of feedback) {
    const path = each.read_at === null ? DAYS.find(({ day }) => day === each.day)?.path : undefined;
    if (path !== undefined) unread.set(path, (unread.get(path) ?? 0) + 1);
  }
  return unread.size === 0 ? pages : pages.map((page) => (unread.has(page.path) ? { title: page.title, path: page.path, newFeedback: unread.get(page.path) } : page));
}
