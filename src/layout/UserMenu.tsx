import { Chevron } from './Chevron.tsx';
import { useDeferredMenu } from './menus-loader.ts';

export interface UserMenuProps {
  /** The trigger's visible text: the student's name in the nav bar, "Hello, Ada" on the home page. */
  label: string;
  /** The name whose initial the avatar shows, "Ada"; the label when not given. */
  name?: string;
  /** Extra class for the trigger button. */
  triggerClassName?: string;
}

/**
 * The signed-in student's menu (docs/requirements.md#navigation, and the home page's header): My
 * Profile, which goes to /student_profile, and Logout, which opens the logout confirmation. A Radix
 * dropdown menu: Enter, Space or Arrow Down opens it, arrows move, Escape closes it.
 *
 * The menu and the dialog are not in the page's first download: until their code arrives the
 * trigger is a stand-in that looks the same and opens the menu once it has arrived
 * (src/layout/menus-loader.ts).
 */
export function UserMenu({ label, name, triggerClassName = '' }: UserMenuProps) {
  const className = `menu-trigger ${triggerClassName}`.trim();
  const { menus, takeOver, triggerProps } = useDeferredMenu('press');

  if (menus) {
    return (
      <menus.StudentDropdown
        label={label}
        name={name}
        triggerClassName={className}
        {...takeOver}
      />
    );
  }

  return (
    <button type="button" className={className} aria-haspopup="menu" aria-expanded="false" data-state="closed" {...triggerProps}>
      <span className="menu-trigger__avatar" aria-hidden="true">
        {(name ?? label).charAt(0).toUpperCase()}
      </span>
      <span className="menu-trigger__label">{label}</span>
      <Chevron />
    </button>
  );
}
