import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { DiscountCodeView } from "../../../shared/schemas/discounts";
import { AdminPage } from "../../components/admin/admin-page";
import { DiscountCodeCard } from "../../components/admin/discount-codes/discount-code-card";
import { DiscountCodeDialog } from "../../components/admin/discount-codes/discount-code-dialog";
import { EmptyState, LoadError } from "../../components/admin/ui/feedback";
import { Button } from "../../components/ui/button";
import { PlusIcon } from "../../components/ui/icons";
import { LoadingState } from "../../components/ui/spinner";
import { useTRPC } from "../../lib/trpc";

/** /admin/discount-codes (issue #33): the codes customers type at checkout. */
export function AdminDiscountCodesPage() {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.discountCodes.list.queryOptions());
  const competitions = useQuery(trpc.admin.competitions.list.queryOptions());
  const titles = useMemo(() => new Map((competitions.data ?? []).map((c) => [c.id, c.title])), [competitions.data]);
  const [editing, setEditing] = useState<{ discountCode: DiscountCodeView | null } | null>(null);

  return (
    <AdminPage
      title="Discount Codes"
      lead="Codes customers type at checkout for money off, with their limits and what they have given."
      actions={
        <Button onClick={() => setEditing({ discountCode: null })}>
          <PlusIcon className="size-4" />
          Add Code
        </Button>
      }
    >
      {list.isPending ? (
        <LoadingState label="Loading discount codes..." />
      ) : list.isError ? (
        <LoadError what="Discount codes" error={list.error} />
      ) : list.data.length === 0 ? (
        <EmptyState title="No discount codes yet">Add one to give customers a percentage or an amount off.</EmptyState>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {list.data.map((c) => (
            <li key={c.id}>
              <DiscountCodeCard discountCode={c} competitionTitles={titles} onEdit={() => setEditing({ discountCode: c })} />
            </li>
          ))}
        </ul>
      )}
      <DiscountCodeDialog open={editing !== null} discountCode={editing?.discountCode ?? null} onClose={() => setEditing(null)} />
    </AdminPage>
  );
}
