import { trpc } from "../../lib/trpc";

const LIST_POLL_MS = 30_000;
const COUNT_POLL_MS = 15_000;

/** The signed-in user's notifications and unread count, polled (SPEC §9), with the actions on them. */
export function useNotifications(userId: string) {
  const utils = trpc.useUtils();
  const list = trpc.customer.notifications.list.useQuery({ userId }, { refetchInterval: LIST_POLL_MS });
  const unread = trpc.customer.notifications.unreadCount.useQuery({ userId }, { refetchInterval: COUNT_POLL_MS });

  const refresh = () => {
    void utils.customer.notifications.list.invalidate();
    void utils.customer.notifications.unreadCount.invalidate();
  };
  const markRead = trpc.customer.notifications.markRead.useMutation({ onSettled: refresh });
  const markAllRead = trpc.customer.notifications.markAllRead.useMutation({ onSettled: refresh });
  const remove = trpc.customer.notifications.remove.useMutation({ onSettled: refresh });

  return {
    notifications: list.data ?? [],
    isLoading: list.isPending,
    isError: list.isError,
    unreadCount: unread.data?.count ?? 0,
    markRead: (id: string) => markRead.mutate({ id, userId }),
    markAllRead: () => markAllRead.mutate({ userId }),
    markAllPending: markAllRead.isPending,
    remove: (id: string) => remove.mutate({ id }),
    removingId: remove.isPending ? remove.variables?.id : undefined,
  };
}
