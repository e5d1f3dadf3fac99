import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { useId, useRef } from "react";
import type { AuthUser } from "../../../shared/schemas/auth";
import { BellIcon } from "../home/more-icons";
import { Spinner } from "../ui/spinner";
import { NotificationItem } from "./notification-item";
import { badgeText } from "./relative-time";
import { useNotifications } from "./use-notifications";

/** The header's bell for signed-in users (SPEC §2 Notification bell). */
export function NotificationBell({ user }: { user: AuthUser }) {
  const badgeId = useId();
  const n = useNotifications(user.id);
  const count = n.unreadCount;
  // The button that was used disappears (Mark all read, a deleted item), so focus moves to the heading
  // and stays in the panel, where Escape still closes it.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const keepFocus = () => headingRef.current?.focus();

  return (
    <Popover className="relative">
      <PopoverButton
        aria-label="Notifications"
        aria-describedby={count > 0 ? badgeId : undefined}
        className="relative inline-flex size-11 items-center justify-center rounded-full text-field-800 hover:bg-field-50 data-open:bg-field-50"
      >
        <BellIcon className="size-6" />
        {count > 0 ? (
          <span
            id={badgeId}
            data-testid="notification-badge"
            className="absolute -right-0.5 -top-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-danger-700 px-1.5 text-xs font-bold leading-5 text-white ring-2 ring-white"
          >
            {badgeText(count)}
            <span className="sr-only"> unread</span>
          </span>
        ) : null}
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: "bottom end", gap: 8, padding: 8 }}
        focus
        className="z-50 flex max-h-[28rem] w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-2xl border border-cream-200 bg-white shadow-xl focus:outline-none"
      >
        <div className="flex items-center justify-between gap-2 border-b border-cream-200 px-4 py-3">
          <h2 ref={headingRef} tabIndex={-1} className="font-sans text-base font-bold text-field-900 outline-none">
            Notifications
          </h2>
          {count > 0 ? (
            <button
              type="button"
              onClick={() => {
                n.markAllRead();
                keepFocus();
              }}
              disabled={n.markAllPending}
              className="min-h-9 rounded-md px-2 text-sm font-semibold text-field-700 hover:bg-field-50 hover:text-field-900 disabled:opacity-60"
            >
              Mark all read
            </button>
          ) : null}
        </div>
        <div className="flex-1 overflow-y-auto">
          {n.isLoading ? (
            <p role="status" className="flex items-center justify-center gap-2 py-8 text-sm text-stone-600">
              <Spinner size="sm" /> Loading notifications...
            </p>
          ) : n.isError ? (
            <p className="px-4 py-8 text-center text-sm text-stone-700">We couldn't load your notifications. We'll try again shortly.</p>
          ) : n.notifications.length === 0 ? (
            <div className="px-4 py-10 text-center">
              <BellIcon className="mx-auto size-8 text-stone-400" />
              <p className="mt-2 text-sm font-semibold text-stone-800">No notifications yet</p>
              <p className="text-sm text-stone-600">We'll let you know about draws, wins and offers here.</p>
            </div>
          ) : (
            <ul className="divide-y divide-cream-200">
              {n.notifications.map((item) => (
                <NotificationItem
                  key={item.id}
                  notification={item}
                  onOpen={() => (item.isRead ? undefined : n.markRead(item.id))}
                  onDelete={() => {
                    n.remove(item.id);
                    keepFocus();
                  }}
                  deleting={n.removingId === item.id}
                />
              ))}
            </ul>
          )}
        </div>
      </PopoverPanel>
    </Popover>
  );
}
