import type { CustomerEntry } from "../../../shared/schemas/entry";
import { MyWinsList } from "../claims/my-wins-list";
import type { CustomerWin } from "../claims/use-my-wins";
import { LoadFailed } from "../ui/load-failed";
import { LoadingState } from "../ui/spinner";
import { NoEntries } from "./empty-tabs";
import { EntryCard } from "./entry-card";

interface Loaded<T> {
  data: T[] | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => void;
}

export function EntriesList({ query }: { query: Loaded<CustomerEntry> }) {
  if (query.isPending) return <LoadingState label="Loading your entries..." />;
  if (query.error || !query.data) return <LoadFailed what="your entries" retry={query.refetch} />;
  if (query.data.length === 0) return <NoEntries />;
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {query.data.map((entry) => (
        <EntryCard key={entry.id} entry={entry} />
      ))}
    </ul>
  );
}

/** My Wins: the wins with their prize claims (issue #17), each linking to its claim page. */
export function WinsList({ query }: { query: Loaded<CustomerWin> }) {
  return <MyWinsList wins={query} />;
}
