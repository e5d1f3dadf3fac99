import { useMutation } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { Button } from "../../ui/button";
import { TrashIcon, TrophyIcon } from "../../ui/icons";
import { confirmDelete, failureToast } from "../ui/admin-toasts";
import { AdminBadge } from "../ui/badges";
import { Thumb } from "../ui/thumb";
import { winDate } from "./win-date";
import type { AdminWinnerView } from "./winner-types";

/** Where a mouse can hover, the actions appear on hover (or keyboard focus); elsewhere they always show. */
const REVEAL =
  "[@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover:opacity-100 [@media(hover:hover)]:group-focus-within:opacity-100 transition-opacity";

/** What the winner allowed the gallery to show, from their claim form: staff see it beside what they entered. */
function publicityNote(w: Pick<AdminWinnerView, "source" | "publishName" | "publishPhoto">): string {
  if (w.publishName === null && w.publishPhoto === null) {
    return w.source === "manual" ? "Gallery: shown as entered" : "Gallery: not asked yet, shown as “A lucky winner”";
  }
  return `Gallery: name ${w.publishName ? "allowed" : "not allowed"} · photo ${w.publishPhoto ? "allowed" : "not allowed"}`;
}

export function AdminWinnerCard({ winner: w, onEdit }: { winner: AdminWinnerView; onEdit: () => void }) {
  const trpc = useTRPC();
  const remove = useMutation(
    trpc.admin.winners.remove.mutationOptions({
      onSuccess: () => {
        toast.success("Winner deleted successfully");
      },
      onError: (e) => failureToast("Failed to delete winner", e),
    }),
  );

  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-cream-200 bg-white shadow-sm">
      <Thumb
        src={w.photo}
        alt={w.photo ? `Photo of ${w.customerName}` : ""}
        className="aspect-square w-full"
        fallback={<TrophyIcon className="size-14 text-wheat-700" />}
      />
      <div className={`absolute right-2 top-2 flex gap-2 ${REVEAL}`}>
        <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit winner ${w.customerName}`}>
          Edit
        </Button>
        <Button
          size="sm"
          variant="danger"
          pending={remove.isPending}
          aria-label={`Delete winner ${w.customerName}`}
          onClick={() => {
            if (confirmDelete(`Are you sure you want to delete winner ${w.customerName}?`)) remove.mutate({ id: w.id });
          }}
        >
          <TrashIcon className="size-4" />
        </Button>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-sans text-lg font-bold leading-snug text-field-900">{w.customerName}</h3>
          <AdminBadge className={w.source === "draw" ? "bg-field-100 text-field-800" : "bg-stone-200 text-stone-700"}>
            {w.source === "draw" ? "Draw" : w.source === "instant" ? "Instant win" : "Manual"}
          </AdminBadge>
        </div>
        <p className="text-sm text-stone-700">{w.competitionTitle ?? "Unknown Competition"}</p>
        <p className="text-xs font-medium text-stone-700">{publicityNote(w)}</p>
        {w.testimonial ? <p className="line-clamp-2 text-sm italic text-stone-700">“{w.testimonial}”</p> : null}
        <p className="mt-auto pt-2 text-xs text-stone-600">Won on {winDate(w.winDate)}</p>
      </div>
    </article>
  );
}
