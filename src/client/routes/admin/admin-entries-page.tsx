import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { AdminPage } from "../../components/admin/admin-page";
import { EntriesTable } from "../../components/admin/entries/entries-table";
import { EntryFilterBar } from "../../components/admin/entries/entry-filter-bar";
import { filterInput, NO_FILTERS, useDebounced, type EntryFilterValues } from "../../components/admin/entries/entry-filters";
import { ExportCsvButton } from "../../components/admin/entries/export-csv-button";
import { Pagination } from "../../components/admin/entries/pagination";
import { EmptyState, LoadError } from "../../components/admin/ui/feedback";
import { LoadingState } from "../../components/ui/spinner";
import { useTRPC } from "../../lib/trpc";

const PAGE_SIZE = 50;

export function AdminEntriesPage() {
  const trpc = useTRPC();
  // ?search= opens the list filtered (a player's record links here with their email).
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<EntryFilterValues>(() => ({ ...NO_FILTERS, search: params.get("search") ?? "" }));
  const [page, setPage] = useState(1);
  const input = filterInput(useDebounced(filters));
  const result = useQuery(
    trpc.admin.reports.searchEntries.queryOptions({ ...input, page, pageSize: PAGE_SIZE }, { placeholderData: keepPreviousData, staleTime: 0 }),
  );

  return (
    <AdminPage
      title="All Entries"
      lead="Every entry with its ticket numbers. Filter, then export for the live draw."
      actions={<ExportCsvButton filters={input} />}
    >
      <EntryFilterBar
        value={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      {result.isPending ? (
        <LoadingState label="Loading entries..." />
      ) : result.isError ? (
        <LoadError what="Entries" error={result.error} />
      ) : result.data.total === 0 ? (
        <EmptyState title="No entries match">Try fewer filters.</EmptyState>
      ) : (
        <div aria-busy={result.isFetching || undefined} className={result.isFetching ? "opacity-70 transition-opacity" : undefined}>
          <EntriesTable entries={result.data.items} />
          <Pagination page={result.data.page} pageSize={result.data.pageSize} total={result.data.total} onPage={setPage} />
        </div>
      )}
    </AdminPage>
  );
}
