import type { AdminCompetition } from "../../../../shared/schemas/admin";
import { formatPrice } from "../../../../shared/money";
import { toast } from "../../../lib/toast";
import { trpc } from "../../../lib/trpc";
import { Button, ButtonLink } from "../../ui/button";
import { SproutIcon, TrashIcon } from "../../ui/icons";
import { LoadingState } from "../../ui/spinner";
import { useCampaignRefresh } from "../campaigns/use-campaign-refresh";
import { failureToast } from "../ui/admin-toasts";
import { CompetitionStatusBadge } from "../ui/badges";
import { EmptyState, LoadError } from "../ui/feedback";
import { Table, TBody, Td, Th, THead } from "../ui/table";
import { NewTabLink } from "../ui/new-tab-link";
import { Thumb } from "../ui/thumb";

/** Every competition with a Close/Activate toggle (none once drawn), its draw page, a view link and delete. Delete does not ask (SPEC §8). */
export function CompetitionsTab() {
  const list = trpc.admin.competitions.list.useQuery();
  if (list.isPending) return <LoadingState label="Loading competitions..." />;
  if (list.isError) return <LoadError what="Competitions" error={list.error} />;
  if (list.data.length === 0) return <EmptyState title="No competitions yet">Create one from Campaigns.</EmptyState>;
  return (
    <Table caption="Competitions" minWidth="48rem">
      <THead>
        <Th>Competition</Th>
        <Th>Status</Th>
        <Th className="text-right">Price</Th>
        <Th className="text-right">Sold</Th>
        <Th>
          <span className="sr-only">Actions</span>
        </Th>
      </THead>
      <TBody>
        {list.data.map((c) => (
          <CompetitionRow key={c.id} competition={c} />
        ))}
      </TBody>
    </Table>
  );
}

function CompetitionRow({ competition: c }: { competition: AdminCompetition }) {
  const refresh = useCampaignRefresh();
  const update = trpc.admin.competitions.update.useMutation({
    onSuccess: (saved) => {
      toast.success(saved.status === "active" ? "Competition activated" : "Competition closed", saved.title);
      refresh();
    },
    onError: (error) => failureToast("Failed to update competition", error),
  });
  const remove = trpc.admin.competitions.remove.useMutation({
    onSuccess: () => {
      toast.success("Competition deleted", c.title);
      refresh();
    },
    onError: (error) => failureToast("Failed to delete competition", error),
  });
  const busy = update.isPending || remove.isPending;
  const closing = c.status === "active";

  return (
    <tr>
      <Td>
        <div className="flex items-center gap-3">
          <Thumb src={c.image} className="size-12 shrink-0 rounded-lg" fallback={<SproutIcon className="size-5 text-field-300" />} />
          <div>
            <p className="font-semibold">{c.title}</p>
            <p className="text-stone-600">{c.category}</p>
          </div>
        </div>
      </Td>
      <Td>
        <CompetitionStatusBadge status={c.status} />
      </Td>
      <Td className="text-right tabular-nums">{formatPrice(c.price)}</Td>
      <Td className="text-right tabular-nums whitespace-nowrap">
        {c.soldTickets}
        {c.maxTickets ? ` / ${c.maxTickets}` : ""}
      </Td>
      <Td>
        <div className="flex justify-end gap-2">
          {c.status === "drawn" ? null : (
            <Button
              size="sm"
              variant={closing ? "secondary" : "primary"}
              pending={update.isPending}
              disabled={busy}
              onClick={() => update.mutate({ id: c.id, status: closing ? "closed" : "active" })}
            >
              {closing ? "Close" : "Activate"}
            </Button>
          )}
          <ButtonLink to={`/admin/campaigns/${encodeURIComponent(c.id)}/draw`} variant="secondary" size="sm" aria-label={`Draw ${c.title}`}>
            Draw
          </ButtonLink>
          <NewTabLink href={`/competition/${c.id}`} variant="ghost" size="sm" aria-label={`View ${c.title}`}>
            View
          </NewTabLink>
          <Button
            size="sm"
            variant="ghost"
            className="text-danger-700 hover:bg-danger-50"
            pending={remove.isPending}
            disabled={busy}
            aria-label={`Delete ${c.title}`}
            onClick={() => remove.mutate({ id: c.id })}
          >
            <TrashIcon className="size-4" />
          </Button>
        </div>
      </Td>
    </tr>
  );
}
