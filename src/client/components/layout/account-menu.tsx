import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from "@headlessui/react";
import { Link } from "react-router-dom";
import type { AuthUser } from "../../../shared/schemas/auth";
import { useLogout } from "../../hooks/use-logout";
import { ChevronDownIcon, LogOutIcon, UserIcon } from "../ui/icons";
import { menuItemClasses, menuItemsClasses, menuTriggerClasses } from "./menu-styles";

export function AccountMenu({ user }: { user: AuthUser }) {
  const { logout, isLoggingOut } = useLogout();
  return (
    <Menu>
      <MenuButton className={menuTriggerClasses} aria-label={`Account menu for ${user.firstName}`}>
        <UserIcon className="size-5" />
        <span className="max-w-28 truncate">{user.firstName}</span>
        <ChevronDownIcon className="size-4" />
      </MenuButton>
      <MenuItems anchor="bottom end" className={menuItemsClasses}>
        <div className="px-3 py-2 text-sm">
          <p className="font-semibold text-stone-900">
            {user.firstName} {user.lastName}
          </p>
          <p className="truncate text-stone-600">{user.email}</p>
        </div>
        <MenuSeparator className="my-1 h-px bg-cream-200" />
        <MenuItem>
          <Link to="/account" className={menuItemClasses}>
            <UserIcon className="size-4" />
            My Account
          </Link>
        </MenuItem>
        <MenuItem>
          <button type="button" className={menuItemClasses} onClick={() => void logout()} disabled={isLoggingOut}>
            <LogOutIcon className="size-4" />
            Sign Out
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
