import { useMutation } from "@tanstack/react-query";
import type { AdminCompetition, RelistDraft } from "../../../../shared/schemas/admin";
import { formatPrice } from "../../../../shared/money";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { Button, ButtonLink } from "../../ui/button";
import { SproutIcon, TrashIcon } from "../../ui/icons";
import { soldPercent } from "../../competition/sold-percent";
import { MediaPreview } from "../media/media-preview";
import { confirmDelete, failureToast } from "../ui/admin-toasts";
import { AdminBadge, CompetitionStatusBadge } from "../ui/badges";
import { Fact } from "../ui/fact";
import { instantPrizeCount } from "./instant-prize-rows";
import { multibuySummary } from "./price-tiers";

export function CampaignCard({ campaign: c, onEdit, onRelist }: { campaign: AdminCompetition; onEdit: () => void; onRelist: (draft: RelistDraft) => void }) {
  const trpc = useTRPC();
  const remove = useMutation(
    trpc.admin.competitions.remove.mutationOptions({
      onSuccess: () => {
        toast.success("Campaign deleted", c.title);
      },
      onError: (error) => failureToast("Failed to delete campaign", error),
    }),
  );
  const relist = useMutation(
    trpc.admin.competitions.clone.mutationOptions({
      // A draft: nothing is saved, so nothing on the page changes until it is created.
      meta: { refreshes: [] },
      onSuccess: onRelist,
      onError: (error) => failureToast("Failed to relist campaign", error),
    }),
  );
  const sold = c.maxTickets === null ? null : soldPercent(c.soldTickets, c.maxTickets);

  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-cream-200 bg-white shadow-sm">
      <MediaPreview src={c.image} alt="" className="aspect-video w-full rounded-none border-0" fallback={<SproutIcon className="size-10 text-field-300" />} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <CompetitionStatusBadge status={c.status} />
          {c.featured ? <AdminBadge className="bg-wheat-100 text-wheat-800">Featured</AdminBadge> : null}
          {c.showOnHero ? <AdminBadge className="bg-field-50 text-field-800">On hero</AdminBadge> : null}
        </div>
        <div>
          <h3 className="font-sans text-lg font-bold leading-snug">{c.title}</h3>
          <p className="text-sm text-stone-600">{c.category}</p>
        </div>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <Fact term="Price">{formatPrice(c.price)}</Fact>
          <Fact term="Sold" valueClassName="tabular-nums">
            {c.soldTickets} / {c.maxTickets ?? "∞"}
          </Fact>
        </dl>
        {c.priceTiers.length || c.pickNumbers || c.instantPrizes.length ? (
          <ul className="flex flex-col gap-1 text-sm text-stone-700">
            {c.priceTiers.length ? <li>{`Multibuy: ${multibuySummary(c.priceTiers)}`}</li> : null}
            {c.pickNumbers ? <li>Numbers: chosen by buyers</li> : null}
            {c.instantPrizes.length ? <li>{`Instant wins: ${instantPrizeCount(c.instantPrizes)}`}</li> : null}
          </ul>
        ) : null}
        {sold ? (
          <div className="h-2 overflow-hidden rounded-full bg-cream-200" aria-hidden="true">
            <div className="h-full rounded-full bg-field-600" style={{ width: `${sold.width}%` }} />
          </div>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Button size="sm" variant="secondary" className="flex-1" onClick={onEdit} aria-label={`Edit ${c.title}`}>
            Edit
          </Button>
          <ButtonLink size="sm" variant="secondary" className="flex-1" to={`/admin/campaigns/${encodeURIComponent(c.id)}/draw`} aria-label={`Draw ${c.title}`}>
            Draw
          </ButtonLink>
          {c.status !== "active" ? (
            <Button
              size="sm"
              variant="secondary"
              className="flex-1"
              pending={relist.isPending}
              aria-label={`Relist ${c.title}`}
              onClick={() => relist.mutate({ id: c.id })}
            >
              Relist
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="ghost"
            className="text-danger-700 hover:bg-danger-50"
            pending={remove.isPending}
            aria-label={`Delete ${c.title}`}
            onClick={() => {
              if (confirmDelete(`Are you sure you want to delete the campaign "${c.title}"?`)) remove.mutate({ id: c.id });
            }}
          >
            <TrashIcon className="size-4" />
            Delete
          </Button>
        </div>
      </div>
    </article>
  );
}
