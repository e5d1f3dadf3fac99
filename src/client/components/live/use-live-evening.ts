import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";

/** /live polls this often while its tab is visible, so each result appears within seconds of the draw. */
export const LIVE_POLL_MS = 3000;

/**
 * The live draw evening (time, stream, running order). With `poll`, it is read again every few
 * seconds while the page is visible; React Query pauses the interval while the tab is hidden.
 */
export function useLiveEvening({ poll = false }: { poll?: boolean } = {}) {
  const trpc = useTRPC();
  return useQuery(
    trpc.public.live.evening.queryOptions(undefined, {
      refetchInterval: poll ? LIVE_POLL_MS : false,
      refetchIntervalInBackground: false,
      // The home page reads it once; a stale time a minute long lets /live start from it and refresh.
      // Polling, what is at most one poll old (the server-drawn page's copy) is not read again at once.
      staleTime: poll ? LIVE_POLL_MS : 60_000,
    }),
  );
}
