import { trpc } from "../../../lib/trpc";
import { useCampaignRefresh } from "../campaigns/use-campaign-refresh";
import { useWinnerRefresh } from "../winners/use-winner-refresh";

/**
 * After a draw or a postal entry: the competition's draw record and postal list, the campaign lists
 * and figures (sold tickets, status) and, after a draw, the winners it added.
 */
export function useDrawRefresh(competitionId: string) {
  const utils = trpc.useUtils();
  const campaigns = useCampaignRefresh();
  const winners = useWinnerRefresh();
  return () => {
    void utils.public.draws.record.invalidate({ id: competitionId });
    void utils.admin.draws.listPostal.invalidate({ id: competitionId });
    void utils.admin.reports.invalidate();
    campaigns();
    winners();
  };
}
