import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { AdminPage } from "../../components/admin/admin-page";
import { CustomersList } from "../../components/admin/customers/customers-list";
import { useDebounced } from "../../components/admin/entries/entry-filters";
import { Pagination } from "../../components/admin/entries/pagination";
import { EmptyState, LoadError } from "../../components/admin/ui/feedback";
import { LoadingState } from "../../components/ui/spinner";
import { TextField } from "../../components/ui/text-field";
import { useTRPC } from "../../lib/trpc";

/** /admin/customers?search=&page=: find a customer by name, email, postcode or phone; the URL can be shared. */
export function AdminCustomersPage() {
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const search = params.get("search") ?? "";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const [typed, setTyped] = useState(search);
  const settled = useDebounced(typed);

  // The box follows the URL (back/forward, a shared link), and a settled change to the box goes to the URL.
  useEffect(() => setTyped(search), [search]);
  useEffect(() => {
    if (settled.trim() === search.trim()) return;
    setParams(settled.trim() ? { search: settled.trim() } : {}, { replace: true });
    // Only a settled edit may move the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  const goTo = (next: number) => {
    const p: Record<string, string> = { page: String(next) };
    if (search) p.search = search;
    setParams(p);
    window.scrollTo({ top: 0 });
  };

  const result = useQuery(trpc.admin.customers.list.queryOptions({ search: search || undefined, page }, { placeholderData: keepPreviousData, staleTime: 0 }));

  return (
    <AdminPage title="Customers" lead="Find a customer by name, email, postcode or phone, then open their record.">
      <form role="search" className="mb-5 max-w-xl" onSubmit={(e) => e.preventDefault()}>
        <TextField
          label="Search customers"
          type="search"
          placeholder="Name, email, postcode or phone"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      </form>
      {result.isPending ? (
        <LoadingState label="Loading customers..." />
      ) : result.isError ? (
        <LoadError what="Customers" error={result.error} />
      ) : result.data.total === 0 ? (
        <EmptyState title="No customers match">
          {search ? `Nobody matches "${search}". Try part of a name, an email, a postcode or a phone number.` : null}
        </EmptyState>
      ) : (
        <div aria-busy={result.isFetching || undefined} className={result.isFetching ? "opacity-70 transition-opacity" : undefined}>
          <CustomersList customers={result.data.customers} />
          <Pagination page={result.data.page} pageSize={result.data.pageSize} total={result.data.total} onPage={goTo} />
        </div>
      )}
    </AdminPage>
  );
}
