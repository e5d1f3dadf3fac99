import { useMutation, useQuery } from "@tanstack/react-query";
import { shortDateTime } from "../../../lib/dates";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { Button } from "../../ui/button";
import { TrashIcon } from "../../ui/icons";
import { LoadingState } from "../../ui/spinner";
import { failureToast } from "../ui/admin-toasts";
import { AdminBadge } from "../ui/badges";
import { EmptyState, LoadError } from "../ui/feedback";
import { capitalise, priorityChip, typeChip } from "./notification-options";

/** Every notification sent, newest first, each with delete (an admin sees them all). */
export function NotificationList() {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.notifications.list.queryOptions());
  const remove = useMutation(
    trpc.admin.notifications.remove.mutationOptions({
      onSuccess: () => {
        toast.success("Notification deleted");
      },
      onError: (error) => failureToast("Failed to delete notification", error),
    }),
  );

  if (list.isPending) return <LoadingState label="Loading notifications..." />;
  if (list.isError) return <LoadError what="Notifications" error={list.error} />;
  if (list.data.length === 0) return <EmptyState title="No notifications sent yet" />;
  const sorted = [...list.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  return (
    <ul className="flex flex-col gap-3">
      {sorted.map((n) => (
        <li key={n.id} className="flex gap-3 rounded-2xl border border-cream-200 bg-white p-4 shadow-sm">
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <AdminBadge className={typeChip(n.type)}>{capitalise(n.type)}</AdminBadge>
              <AdminBadge className={priorityChip(n.priority)}>{capitalise(n.priority)}</AdminBadge>
              <span className="text-xs text-stone-600">{n.userId ? `To user ${n.userId}` : "Broadcast"}</span>
            </div>
            <h3 className="mt-1 font-sans font-bold text-field-900">{n.title}</h3>
            <p className="text-sm break-words text-stone-700">{n.message}</p>
            <p className="mt-1 text-xs text-stone-500">{shortDateTime(n.createdAt)}</p>
          </div>
          <Button
            size="sm"
            variant="ghost"
            className="self-start text-danger-700 hover:bg-danger-50"
            pending={remove.isPending && remove.variables?.id === n.id}
            aria-label={`Delete notification ${n.title}`}
            onClick={() => remove.mutate({ id: n.id })}
          >
            <TrashIcon className="size-4" />
          </Button>
        </li>
      ))}
    </ul>
  );
}
