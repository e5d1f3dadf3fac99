import type { CustomerEntry } from "../../../shared/schemas/entry";
import { SproutIcon, TicketIcon, TrophyIcon } from "../ui/icons";
import { MemberSince } from "./member-since";
import { StatTile } from "./stat-tile";

interface AccountStatsProps {
  entries: CustomerEntry[] | undefined;
  winCount: number | undefined;
  memberSince: string | null | undefined;
}

/** Total Entries, Wins, Active Entries and Member Since (SPEC §2 /account). */
export function AccountStats({ entries, winCount, memberSince }: AccountStatsProps) {
  const dash = "–";
  const active = entries?.filter((e) => e.competition.status === "active").length;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatTile icon={<TicketIcon className="size-6" />} label="Total Entries" value={entries?.length ?? dash} />
      <StatTile icon={<TrophyIcon className="size-6" />} label="Wins" value={winCount ?? dash} />
      <StatTile icon={<SproutIcon className="size-6" />} label="Active Entries" value={active ?? dash} />
      <MemberSince createdAt={memberSince} />
    </div>
  );
}
