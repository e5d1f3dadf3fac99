import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminCompetition, RelistDraft } from "../../../shared/schemas/admin";
import { AdminPage } from "../../components/admin/admin-page";
import { CampaignCard } from "../../components/admin/campaigns/campaign-card";
import { CampaignDialog } from "../../components/admin/campaigns/campaign-dialog";
import { CampaignSummary } from "../../components/admin/campaigns/campaign-summary";
import { EmptyState, LoadError } from "../../components/admin/ui/feedback";
import { Button } from "../../components/ui/button";
import { PlusIcon } from "../../components/ui/icons";
import { LoadingState } from "../../components/ui/spinner";
import { useTRPC } from "../../lib/trpc";

type Editing = { campaign: AdminCompetition | null; draft?: RelistDraft } | null;

export function AdminCampaignsPage() {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.competitions.list.queryOptions());
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <AdminPage
      title="Campaign Management"
      lead="Create and manage prize competitions."
      actions={
        <Button onClick={() => setEditing({ campaign: null })}>
          <PlusIcon className="size-4" />
          Create Campaign
        </Button>
      }
    >
      {list.isPending ? (
        <LoadingState label="Loading campaigns..." />
      ) : list.isError ? (
        <LoadError what="Campaigns" error={list.error} />
      ) : (
        <>
          <CampaignSummary campaigns={list.data} />
          {list.data.length === 0 ? (
            <EmptyState title="No campaigns yet">Create your first campaign to start selling entries.</EmptyState>
          ) : (
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {list.data.map((c) => (
                <li key={c.id}>
                  <CampaignCard campaign={c} onEdit={() => setEditing({ campaign: c })} onRelist={(draft) => setEditing({ campaign: null, draft })} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <CampaignDialog open={editing !== null} campaign={editing?.campaign ?? null} draft={editing?.draft ?? null} onClose={() => setEditing(null)} />
    </AdminPage>
  );
}
