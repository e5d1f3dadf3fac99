import { useMutation, useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";

const LIST_POLL_MS = 30_000;
const COUNT_POLL_MS = 15_000;

/** The signed-in user's notifications and unread count, polled (SPEC §9), with the actions on them. */
export function useNotifications(userId: string) {
  const trpc = useTRPC();
  const list = useQuery(trpc.customer.notifications.list.queryOptions({ userId }, { refetchInterval: LIST_POLL_MS }));
  const unread = useQuery(trpc.customer.notifications.unreadCount.queryOptions({ userId }, { refetchInterval: COUNT_POLL_MS }));

  const markRead = useMutation(trpc.customer.notifications.markRead.mutationOptions({ meta: { refreshesOnError: true } }));
  const markAllRead = useMutation(trpc.customer.notifications.markAllRead.mutationOptions({ meta: { refreshesOnError: true } }));
  const remove = useMutation(trpc.customer.notifications.remove.mutationOptions({ meta: { refreshesOnError: true } }));

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
