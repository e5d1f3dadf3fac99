import { trpc } from "../../../lib/trpc";
import { useCampaignRefresh } from "../campaigns/use-campaign-refresh";
import { useWinnerRefresh } from "../winners/use-winner-refresh";

/** After a draw on the night: the running order (admin and public), the draw record, and the lists a draw changes. */
export function useLiveRefresh() {
  const utils = trpc.useUtils();
  const campaigns = useCampaignRefresh();
  const winners = useWinnerRefresh();
  return (competitionId: string) => {
    void utils.admin.live.evening.invalidate();
    void utils.public.live.evening.invalidate();
    void utils.public.draws.record.invalidate({ id: competitionId });
    campaigns();
    winners();
  };
}
