import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router-dom";
import { useAuth } from "../../hooks/use-auth";
import { useLogout } from "../../hooks/use-logout";
import { cn } from "../../lib/cn";
import { CloseIcon, LogOutIcon } from "../ui/icons";
import { adminMenuLinks, mainLinks } from "./nav-links";

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn("flex min-h-12 items-center rounded-lg px-3 text-base font-semibold", isActive ? "bg-field-50 text-field-800" : "text-stone-800 hover:bg-cream-100");

function NavList({ links, onPick, className }: { links: typeof mainLinks; onPick: () => void; className?: string }) {
  return (
    <ul className={cn("flex flex-col gap-1", className)}>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.end} className={linkClasses} onClick={onPick}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The phone navigation panel: a slide-over that Escape, the close button or a tap outside closes.
 * Loaded only when first opened (see mobile-nav-button), so its dialog code is not in the first load.
 */
export function MobileNavPanel({ open, setOpen }: { open: boolean; setOpen: (open: boolean) => void }) {
  const { user, isAdmin } = useAuth();
  const { logout, isLoggingOut } = useLogout();
  const location = useLocation();

  // Navigating closes the panel; the first render (the panel has just been opened) does not.
  const shownAt = useRef(`${location.pathname}${location.search}`);
  useEffect(() => {
    const here = `${location.pathname}${location.search}`;
    if (here !== shownAt.current) {
      shownAt.current = here;
      setOpen(false);
    }
  }, [location.pathname, location.search, setOpen]);

  return (
    <>
      <Dialog open={open} onClose={setOpen} className="relative z-50">
        <div className="fixed inset-0 bg-field-950/60" aria-hidden="true" />
        <div className="fixed inset-0 flex justify-end">
          <DialogPanel className="flex h-full w-full max-w-xs flex-col overflow-y-auto bg-white shadow-2xl">
            <div className="flex items-center justify-between border-b border-cream-200 px-4 py-3">
              <DialogTitle className="font-display text-lg font-bold text-field-900">Menu</DialogTitle>
              <button
                type="button"
                onClick={() => setOpen(false)}
                className="inline-flex size-11 items-center justify-center rounded-full text-stone-700 hover:bg-cream-100"
                aria-label="Close menu"
              >
                <CloseIcon className="size-6" />
              </button>
            </div>
            <nav aria-label="Mobile" className="flex-1 px-3 py-4">
              <NavList links={mainLinks} onPick={() => setOpen(false)} />
              {isAdmin ? (
                <div className="mt-6">
                  <p className="px-3 text-xs font-bold uppercase tracking-wider text-stone-600">Admin</p>
                  <NavList links={adminMenuLinks} onPick={() => setOpen(false)} className="mt-2" />
                </div>
              ) : null}
            </nav>
            <div className="border-t border-cream-200 p-4">
              {user ? (
                <>
                  <p className="mb-3 text-sm text-stone-700">
                    Signed in as <span className="font-semibold text-stone-900">{user.firstName}</span>
                  </p>
                  <button
                    type="button"
                    onClick={() => void logout()}
                    disabled={isLoggingOut}
                    className="flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border border-stone-300 font-semibold text-field-900 hover:bg-cream-100"
                  >
                    <LogOutIcon className="size-5" />
                    Sign Out
                  </button>
                </>
              ) : (
                <Link
                  to="/auth?mode=login"
                  onClick={() => setOpen(false)}
                  className="flex min-h-11 w-full items-center justify-center rounded-lg bg-field-700 font-semibold text-white hover:bg-field-800"
                >
                  Sign In
                </Link>
              )}
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
