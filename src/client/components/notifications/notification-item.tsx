import { useClose } from "@headlessui/react";
import { Link } from "react-router-dom";
import { sitePath } from "../../../shared/safe-link";
import type { Notification } from "../../../shared/schemas/notification";
import { cn } from "../../lib/cn";
import { TrashIcon, TrophyIcon } from "../ui/icons";
import { priorityStyle, typeStyle } from "./notification-styles";
import { relativeTime } from "./relative-time";

interface NotificationItemProps {
  notification: Notification;
  onOpen: () => void;
  onDelete: () => void;
  deleting: boolean;
}

const OPEN = "flex min-w-0 flex-1 gap-3 px-3 py-3 text-left hover:bg-cream-100";

/**
 * One notification: clicking it marks it read, and one with a link (a claim page, say) opens that
 * page and closes the panel; the bin deletes it.
 */
export function NotificationItem({ notification: n, onOpen, onDelete, deleting }: NotificationItemProps) {
  const type = typeStyle(n.type);
  const priority = priorityStyle(n.priority);
  // Only a page of this shop: a stored link never sends anyone elsewhere.
  const link = n.link ? sitePath(n.link) : null;
  const closePanel = useClose();
  const content = (
    <>
      <span className={cn("mt-1.5 inline-flex size-2.5 shrink-0 rounded-full", n.isRead ? "bg-stone-300" : type.dot)} aria-hidden="true" />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-1.5">
          {n.isRead ? null : <span className="sr-only">Unread: </span>}
          {n.type === "winner" ? <TrophyIcon className="size-4 text-wheat-700" /> : null}
          <span className={cn("text-sm text-stone-900", n.isRead ? "font-medium" : "font-bold")}>{n.title}</span>
        </span>
        <span className="mt-0.5 block text-sm text-stone-700">{n.message}</span>
        <span className="mt-1.5 flex flex-wrap items-center gap-1.5 text-xs">
          <span className={cn("rounded-full px-2 py-0.5 font-semibold", type.chip)}>{type.label}</span>
          {priority.label ? <span className={cn("rounded-full px-2 py-0.5 font-semibold", priority.chip)}>{priority.label}</span> : null}
          <span className="text-stone-600">{relativeTime(n.createdAt)}</span>
        </span>
      </span>
    </>
  );
  return (
    <li className={cn("relative flex gap-1 border-l-4", priority.border, n.isRead ? "bg-white" : "bg-field-50/70")}>
      {link ? (
        <Link
          to={link}
          onClick={() => {
            onOpen();
            closePanel();
          }}
          className={OPEN}
        >
          {content}
        </Link>
      ) : (
        <button type="button" onClick={onOpen} className={OPEN}>
          {content}
        </button>
      )}
      <button
        type="button"
        onClick={onDelete}
        disabled={deleting}
        aria-label={`Delete notification: ${n.title}`}
        className="m-1 inline-flex size-10 shrink-0 items-center justify-center self-start rounded-full text-stone-600 hover:bg-danger-50 hover:text-danger-700 disabled:opacity-50"
      >
        <TrashIcon className="size-4" />
      </button>
    </li>
  );
}
