import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router-dom";
import { AdminPage } from "../../components/admin/admin-page";
import { DrawPanel } from "../../components/admin/draws/draw-panel";
import { PostalEntriesSection } from "../../components/admin/draws/postal-entries-section";
import { EmptyState, LoadError } from "../../components/admin/ui/feedback";
import { NewTabLink } from "../../components/admin/ui/new-tab-link";
import { LoadingState } from "../../components/ui/spinner";
import { useTRPC } from "../../lib/trpc";

const BACK = { to: "/admin/campaigns", label: "Back to Campaigns" };

/** /admin/campaigns/:id/draw: run one competition's draw and record its free postal entries. */
export function AdminCampaignDrawPage() {
  const trpc = useTRPC();
  const { id = "" } = useParams();
  const list = useQuery(trpc.admin.competitions.list.queryOptions());
  const competition = list.data?.find((c) => c.id === id);

  if (list.isPending) {
    return (
      <AdminPage title="Draw & postal entries" back={BACK}>
        <LoadingState label="Loading the competition..." />
      </AdminPage>
    );
  }
  if (list.isError || !competition) {
    return (
      <AdminPage title="Draw & postal entries" back={BACK}>
        {list.isError ? (
          <LoadError what="The competition" error={list.error} />
        ) : (
          <EmptyState title="Competition not found">It may have been deleted.</EmptyState>
        )}
      </AdminPage>
    );
  }
  return (
    <AdminPage
      title="Draw & postal entries"
      lead={competition.title}
      back={BACK}
      actions={<NewTabLink href={`/competition/${encodeURIComponent(competition.id)}`}>View Competition</NewTabLink>}
    >
      <div className="flex flex-col gap-10">
        <DrawPanel competition={competition} />
        <PostalEntriesSection competition={competition} />
      </div>
    </AdminPage>
  );
}
