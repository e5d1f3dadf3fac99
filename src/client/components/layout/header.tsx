import { lazy, Suspense } from "react";
import { Link, NavLink } from "react-router-dom";
import { useAuth } from "../../hooks/use-auth";
import { cn } from "../../lib/cn";
import { CartMenu } from "../cart/cart-menu";
import { VideoIcon } from "../ui/icons";
import { Logo } from "./logo";
import { MobileNav } from "./mobile-nav";
import { mainLinks } from "./nav-links";

// Only signed-in customers see the bell, so visitors never download it.
// Menus for signed-in people only: their dialog and menu code stays out of a visitor's first load.
const AccountMenu = lazy(async () => ({ default: (await import("./account-menu")).AccountMenu }));
const AdminMenu = lazy(async () => ({ default: (await import("./admin-menu")).AdminMenu }));
const NotificationBell = lazy(async () => ({ default: (await import("../notifications/notification-bell")).NotificationBell }));

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold transition-colors",
    isActive ? "bg-field-50 text-field-800" : "text-stone-700 hover:bg-cream-100 hover:text-field-900",
  );

export function Header() {
  const { user, isAdmin, isLoading } = useAuth();

  return (
    <header className="sticky top-0 z-40 border-b border-cream-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="on-dark bg-field-800 text-field-50">
        <p className="mx-auto flex max-w-7xl items-center justify-center gap-2 px-4 py-1.5 text-center text-xs font-medium sm:text-sm">
          <VideoIcon className="size-4 shrink-0 text-wheat-300" />
          <span>
            Live draws every Monday evening
            <span className="hidden sm:inline"> · Free delivery to UK &amp; Ireland addresses · 18+ only</span>
          </span>
        </p>
      </div>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:h-[4.5rem] lg:px-8">
        <Logo />

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-0.5">
            {mainLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={navLinkClasses}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-1">
          <div className="hidden items-center gap-1 lg:flex">
            {isAdmin ? (
              <Suspense fallback={null}>
                <AdminMenu />
              </Suspense>
            ) : null}
            {user ? (
              <Suspense fallback={<span className="inline-block h-10 w-24" aria-hidden="true" />}>
                <AccountMenu user={user} />
              </Suspense>
            ) : isLoading ? null : (
              <Link
                to="/auth?mode=login"
                className="ml-1 inline-flex min-h-10 items-center rounded-lg bg-field-700 px-4 text-sm font-semibold text-white shadow-sm hover:bg-field-800"
              >
                Sign In
              </Link>
            )}
          </div>
          {user ? (
            <Suspense fallback={<span className="inline-block size-11" aria-hidden="true" />}>
              <NotificationBell user={user} />
            </Suspense>
          ) : null}
          <CartMenu />
          <MobileNav />
        </div>
      </div>
    </header>
  );
}
