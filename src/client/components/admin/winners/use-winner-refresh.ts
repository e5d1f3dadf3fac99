import { trpc } from "../../../lib/trpc";

/** After a winner changes: the admin lists, the dashboard tile and the public gallery. */
export function useWinnerRefresh() {
  const utils = trpc.useUtils();
  return () => {
    void utils.admin.winners.list.invalidate();
    void utils.admin.reports.dashboard.invalidate();
    void utils.public.content.winners.invalidate();
    void utils.public.content.statistics.invalidate();
  };
}
