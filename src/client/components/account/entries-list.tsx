import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { UserEntriesPage } from "../../../shared/schemas/entry";
import { useTRPC } from "../../lib/trpc";
import { LoadFailed } from "../ui/load-failed";
import { ShowMore } from "../ui/show-more";
import { LoadingState } from "../ui/spinner";
import { NoEntries } from "./empty-tabs";
import { EntryCard } from "./entry-card";

/** Entries a page of My Entries shows; "Show more" adds the next page below. */
export const ENTRIES_PAGE_SIZE = 20;

/** GET /api/user/entries answers a page when one is asked for (and the spec's array when not). */
export const asEntriesPage = (data: UserEntriesPage | unknown[] | undefined): UserEntriesPage | undefined => (data && !Array.isArray(data) ? data : undefined);

/** The first page of My Entries, with the totals the account's tiles show; shared by the page and its tab (one read). */
export function useFirstEntriesPage(enabled: boolean) {
  const trpc = useTRPC();
  const query = useQuery(trpc.customer.entries.list.queryOptions({ page: 1, pageSize: ENTRIES_PAGE_SIZE }, { enabled }));
  return { ...query, data: asEntriesPage(query.data) };
}

/** A later page, read when "Show more" asks for it. */
function LaterPage({ page }: { page: number }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.customer.entries.list.queryOptions({ page, pageSize: ENTRIES_PAGE_SIZE }));
  const data = asEntriesPage(query.data);
  if (query.isPending) return <LoadingState label="Loading more entries..." />;
  if (query.error || !data) return <LoadFailed what="more of your entries" retry={() => void query.refetch()} />;
  return (
    <>
      {data.items.map((entry) => (
        <EntryCard key={entry.id} entry={entry} />
      ))}
    </>
  );
}

/** My Entries: one card per entry, newest first, a page at a time (a long-time customer may have thousands). */
export function EntriesList() {
  const first = useFirstEntriesPage(true);
  const [pages, setPages] = useState(1);
  if (first.isPending) return <LoadingState label="Loading your entries..." />;
  if (first.error || !first.data) return <LoadFailed what="your entries" retry={() => void first.refetch()} />;
  const { items, total } = first.data;
  if (total === 0) return <NoEntries />;
  const shown = Math.min(total, pages * ENTRIES_PAGE_SIZE);
  return (
    <div>
      <ul className="grid gap-4 md:grid-cols-2" aria-label="My entries">
        {items.map((entry) => (
          <EntryCard key={entry.id} entry={entry} />
        ))}
        {Array.from({ length: pages - 1 }, (_, i) => (
          <LaterPage key={i + 2} page={i + 2} />
        ))}
      </ul>
      {total > ENTRIES_PAGE_SIZE ? <ShowMore shown={shown} total={total} noun="entries" onMore={() => setPages((n) => n + 1)} /> : null}
    </div>
  );
}
