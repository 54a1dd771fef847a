import { DropdownMenu } from 'radix-ui';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { LogoutDialog } from './LogoutDialog.tsx';

export interface UserMenuProps {
  /** The trigger's visible text: the student's name in the nav bar, "Hello, Ada" on the home page. */
  label: string;
  /** Extra class for the trigger button. */
  triggerClassName?: string;
}

/**
 * The signed-in student's menu (spec section 2, "Logged-in navigation" and the home page header): My
 * Profile, which goes to /student_profile, and Logout, which opens the logout confirmation. A Radix
 * dropdown menu: Enter, Space or Arrow Down opens it, arrows move, Escape closes it.
 */
export function UserMenu({ label, triggerClassName = '' }: UserMenuProps) {
  const [confirming, setConfirming] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger ref={trigger} className={`menu-trigger ${triggerClassName}`.trim()}>
          <span className="menu-trigger__avatar" aria-hidden="true">
            {label.replace(/^Hello,\s*/, '').charAt(0).toUpperCase()}
          </span>
          <span className="menu-trigger__label">{label}</span>
          <Chevron />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="end" sideOffset={6} collisionPadding={8}>
            <DropdownMenu.Item asChild className="menu__item">
              <Link to="/student_profile">My Profile</Link>
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="menu__separator" />
            <DropdownMenu.Item className="menu__item" onSelect={() => setConfirming(true)}>
              Logout
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <LogoutDialog open={confirming} onOpenChange={setConfirming} returnFocusTo={trigger} />
    </>
  );
}

/** The small down arrow of a menu trigger (decorative). */
export function Chevron() {
  return (
    <svg className="menu-trigger__chevron" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
