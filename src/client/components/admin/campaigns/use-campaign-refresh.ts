import { trpc } from "../../../lib/trpc";

/** After any campaign change: the admin lists, the dashboard figures and the shop's own lists (SPEC §7 Refresh rules). */
export function useCampaignRefresh() {
  const utils = trpc.useUtils();
  return () => {
    void utils.admin.competitions.list.invalidate();
    void utils.admin.reports.invalidate();
    void utils.public.competitions.invalidate();
    void utils.public.content.heroSlides.invalidate();
  };
}
