import { TicketIcon, TrophyIcon } from "../../ui/icons";
import { ClaimsTile } from "../claims/claims-tile";
import { poundsFromDecimal } from "../ui/money";
import { StatGrid, StatTile } from "../ui/stat-tile";

interface DashboardFigures {
  totalEntries: number;
  paidEntries: number;
  pendingEntries: number;
  totalRevenue: string;
  activeCompetitions: number;
  closedCompetitions: number;
  totalWinners: number;
}

export function DashboardTiles({ figures: f }: { figures: DashboardFigures }) {
  return (
    <>
      <StatGrid label="Summary">
        <StatTile label="Total Entries" value={f.totalEntries} detail={`${f.paidEntries} paid · ${f.pendingEntries} pending`} icon={<TicketIcon />} />
        <StatTile label="Total Revenue" value={poundsFromDecimal(f.totalRevenue)} detail="From paid entries" />
        <StatTile label="Active Competitions" value={f.activeCompetitions} detail={`${f.closedCompetitions} closed`} />
        <StatTile label="Total Winners" value={f.totalWinners} icon={<TrophyIcon />} />
      </StatGrid>
      {/* Issue #17: a fifth, full-width tile under the spec's four, so their row stays as it was. */}
      <ClaimsTile className="-mt-5 mb-8 sm:-mt-4" />
    </>
  );
}
