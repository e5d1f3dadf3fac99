import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { Link } from "react-router-dom";
import { ChevronDownIcon, ShieldIcon } from "../ui/icons";
import { menuItemClasses, menuItemsClasses, menuTriggerClasses } from "./menu-styles";
import { adminMenuLinks } from "./nav-links";

export function AdminMenu() {
  return (
    <Menu>
      <MenuButton className={menuTriggerClasses}>
        <ShieldIcon className="size-5" />
        Admin
        <ChevronDownIcon className="size-4" />
      </MenuButton>
      <MenuItems anchor="bottom end" className={menuItemsClasses}>
        {adminMenuLinks.map((link) => (
          <MenuItem key={link.to}>
            <Link to={link.to} className={menuItemClasses}>
              {link.label}
            </Link>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
