import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { AdminPage } from "../../components/admin/admin-page";
import { ClaimsSection } from "../../components/admin/claims/claims-section";
import { EmptyState, LoadError } from "../../components/admin/ui/feedback";
import { NewTabLink } from "../../components/admin/ui/new-tab-link";
import { AdminWinnerCard } from "../../components/admin/winners/admin-winner-card";
import { WinnerDialog } from "../../components/admin/winners/winner-dialog";
import type { AdminWinnerView } from "../../components/admin/winners/winner-types";
import { Button } from "../../components/ui/button";
import { PlusIcon, TrophyIcon } from "../../components/ui/icons";
import { LoadingState } from "../../components/ui/spinner";
import { useTRPC } from "../../lib/trpc";

export function AdminWinnersPage() {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.winners.list.queryOptions());
  const [editing, setEditing] = useState<{ winner: AdminWinnerView | null } | null>(null);

  return (
    <AdminPage
      title="Manage Winners"
      lead="Each winner's prize claim, and the winners shown in the public gallery."
      actions={
        <>
          <NewTabLink href="/">Preview Gallery</NewTabLink>
          <Button onClick={() => setEditing({ winner: null })}>
            <PlusIcon className="size-4" />
            Add Winner
          </Button>
        </>
      }
    >
      <ClaimsSection />
      <h2 className="mb-4 text-2xl font-bold">Winners gallery</h2>
      {list.isPending ? (
        <LoadingState label="Loading winners..." />
      ) : list.isError ? (
        <LoadError what="Winners" error={list.error} />
      ) : list.data.length === 0 ? (
        <EmptyState title="No winners yet" icon={<TrophyIcon className="size-10" />}>
          Add your first winner to get started
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {list.data.map((w) => (
            <li key={w.id}>
              <AdminWinnerCard winner={w} onEdit={() => setEditing({ winner: w })} />
            </li>
          ))}
        </ul>
      )}
      <WinnerDialog
        open={editing !== null}
        winner={editing?.winner ?? null}
        onClose={() => {
          setEditing(null);
        }}
      />
    </AdminPage>
  );
}
