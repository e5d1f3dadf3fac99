import { useQuery } from "@tanstack/react-query";
import { useMyWins } from "../claims/use-my-wins";
import { useTRPC } from "../../lib/trpc";
import { SproutIcon, TicketIcon, TrophyIcon } from "../ui/icons";
import { MemberSince } from "./member-since";
import { StatTile } from "./stat-tile";

interface AccountStatsProps {
  /** All the account's entries, and those in competitions still on sale (from the first page of My Entries). */
  entries: { total: number; active: number } | undefined;
  /** The wins of the account's entries; the tile shows it until the claims are known too. */
  winCount: number | undefined;
  memberSince: string | null | undefined;
}

/**
 * Wins counts what My Wins lists: every prize claim (a guest entry's too, once its address is the
 * account's) and every win from before claims existed. The wins read is the account page's own (cached).
 */
function useWinCount(fallback: number | undefined): number | undefined {
  const trpc = useTRPC();
  const wins = useQuery(trpc.customer.entries.wins.queryOptions());
  const mine = useMyWins({ data: wins.data, isPending: wins.isPending, error: wins.error, refetch: () => void wins.refetch() });
  return mine.data?.length ?? fallback;
}

/** Total Entries, Wins, Active Entries and Member Since (SPEC §2 /account). */
export function AccountStats({ entries, winCount, memberSince }: AccountStatsProps) {
  const dash = "–";
  const wins = useWinCount(winCount);
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatTile icon={<TicketIcon className="size-6" />} label="Total Entries" value={entries?.total ?? dash} />
      <StatTile icon={<TrophyIcon className="size-6" />} label="Wins" value={wins ?? dash} />
      <StatTile icon={<SproutIcon className="size-6" />} label="Active Entries" value={entries?.active ?? dash} />
      <MemberSince createdAt={memberSince} />
    </div>
  );
}
