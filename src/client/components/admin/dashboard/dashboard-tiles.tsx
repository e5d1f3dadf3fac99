import { TicketIcon, TrophyIcon } from "../../ui/icons";
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
    <StatGrid label="Summary">
      <StatTile label="Total Entries" value={f.totalEntries} detail={`${f.paidEntries} paid · ${f.pendingEntries} pending`} icon={<TicketIcon />} />
      <StatTile label="Total Revenue" value={poundsFromDecimal(f.totalRevenue)} detail="From paid entries" />
      <StatTile label="Active Competitions" value={f.activeCompetitions} detail={`${f.closedCompetitions} closed`} />
      <StatTile label="Total Winners" value={f.totalWinners} icon={<TrophyIcon />} />
    </StatGrid>
  );
}
