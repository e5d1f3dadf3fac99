import type { AdminCompetition } from "../../../../shared/schemas/admin";
import { decimalToPence } from "../../../../shared/money";
import { poundsFromPence } from "../ui/money";
import { StatGrid, StatTile } from "../ui/stat-tile";

/** Revenue potential: price × maximum tickets, for the campaigns that set a maximum. */
function revenuePotentialPence(list: AdminCompetition[]): number {
  return list.reduce((sum, c) => (c.maxTickets ? sum + (decimalToPence(c.price) ?? 0) * c.maxTickets : sum), 0);
}

export function CampaignSummary({ campaigns }: { campaigns: AdminCompetition[] }) {
  return (
    <StatGrid label="Campaign summary">
      <StatTile label="Total Campaigns" value={campaigns.length} detail={`${campaigns.filter((c) => c.status === "active").length} active`} />
      <StatTile label="Featured" value={campaigns.filter((c) => c.featured).length} />
      <StatTile label="Total Tickets Sold" value={campaigns.reduce((n, c) => n + c.soldTickets, 0).toLocaleString("en-GB")} />
      <StatTile label="Revenue Potential" value={poundsFromPence(revenuePotentialPence(campaigns))} detail="Price × max tickets, where set" />
    </StatGrid>
  );
}
