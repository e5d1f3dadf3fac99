import { useQuery } from "@tanstack/react-query";
import { AdminPage } from "../../components/admin/admin-page";
import { CategoryRow } from "../../components/admin/categories/category-row";
import { NewCategoryCard } from "../../components/admin/categories/new-category-card";
import { EmptyState, LoadError } from "../../components/admin/ui/feedback";
import { LoadingState } from "../../components/ui/spinner";
import { useTRPC } from "../../lib/trpc";

export function AdminCategoriesPage() {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.categories.list.queryOptions());

  return (
    <AdminPage title="Manage Categories" lead="The categories competitions are filed under, offered alongside the standard ones.">
      <div className="grid grid-cols-1 items-start gap-8 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <NewCategoryCard />
        <section aria-labelledby="categories-heading">
          <h2 id="categories-heading" className="mb-4 text-xl font-bold">
            Categories{list.data ? ` (${list.data.length})` : ""}
          </h2>
          {list.isPending ? (
            <LoadingState label="Loading categories..." />
          ) : list.isError ? (
            <LoadError what="Categories" error={list.error} />
          ) : list.data.length === 0 ? (
            <EmptyState title="No categories yet">Add one and it can be chosen for campaigns.</EmptyState>
          ) : (
            <ul className="flex flex-col gap-3">
              {list.data.map((c) => (
                <CategoryRow key={c.id} category={c} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </AdminPage>
  );
}
