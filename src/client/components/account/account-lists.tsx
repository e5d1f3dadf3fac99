import type { CustomerEntry } from "../../../shared/schemas/entry";
import { LoadFailed } from "../ui/load-failed";
import { TrophyIcon } from "../ui/icons";
import { LoadingState } from "../ui/spinner";
import { NoEntries, NoWins } from "./empty-tabs";
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

type Win = { id: string; competitionTitle: string; winDate: string };

const winDate = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });

export function WinsList({ query }: { query: Loaded<Win> }) {
  if (query.isPending) return <LoadingState label="Loading your wins..." />;
  if (query.error || !query.data) return <LoadFailed what="your wins" retry={query.refetch} />;
  if (query.data.length === 0) return <NoWins />;
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {query.data.map((win) => (
        <li key={win.id} className="flex items-center gap-4 rounded-2xl border border-wheat-200 bg-wheat-50 p-5 shadow-sm">
          <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-wheat-200 text-wheat-800">
            <TrophyIcon className="size-6" />
          </span>
          <div className="min-w-0">
            <h3 className="font-sans text-lg font-bold leading-snug text-field-900">{win.competitionTitle}</h3>
            <p className="text-sm text-stone-700">
              Won on <time dateTime={win.winDate}>{winDate(win.winDate)}</time>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
