import { useMutation } from "@tanstack/react-query";
import type { HeroSlide } from "../../../../shared/schemas/content";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { Button } from "../../ui/button";
import { ChevronDownIcon, TrashIcon } from "../../ui/icons";
import { MediaPreview } from "../media/media-preview";
import { confirmDelete, failureToast } from "../ui/admin-toasts";
import { ActiveBadge } from "../ui/badges";

interface HeroSlideRowProps {
  slide: HeroSlide;
  last: boolean;
  /** The slides shown just before and after this one, whose order a move may swap with. */
  previous?: HeroSlide;
  next?: HeroSlide;
  onEdit: () => void;
}

/** One slide: preview, text, and the toggle, order and delete controls (SPEC §2 /admin/hero-slides). */
export function HeroSlideRow({ slide, last, previous, next, onEdit }: HeroSlideRowProps) {
  const trpc = useTRPC();
  const update = useMutation(
    trpc.admin.heroSlides.update.mutationOptions({
      onSuccess: () => {
        toast.success("Hero slide updated", slide.title);
      },
      onError: (e) => failureToast("Failed to update hero slide", e),
    }),
  );
  const remove = useMutation(
    trpc.admin.heroSlides.remove.mutationOptions({
      onSuccess: () => {
        toast.success("Hero slide deleted", slide.title);
      },
      onError: (e) => failureToast("Failed to delete hero slide", e),
    }),
  );
  const busy = update.isPending || remove.isPending;
  // A move changes the order number by 1; a neighbour already holding that number takes this
  // slide's old number, so the two visibly swap.
  const move = async (by: -1 | 1) => {
    const target = slide.order + by;
    const neighbour = by < 0 ? previous : next;
    if (neighbour && (by < 0 ? neighbour.order >= target : neighbour.order <= target)) {
      await update.mutateAsync({ id: neighbour.id, order: slide.order }).catch(() => {});
    }
    update.mutate({ id: slide.id, order: Math.max(0, target) });
  };

  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-cream-200 bg-white p-4 shadow-sm">
      <div className="flex gap-4">
        <MediaPreview src={slide.image} alt="" className="aspect-video w-28 shrink-0 sm:w-40" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <ActiveBadge active={slide.isActive} />
            <span className="text-xs font-semibold text-stone-600">Order {slide.order}</span>
          </div>
          <h3 className="mt-1 font-sans text-lg font-bold">{slide.title}</h3>
          {slide.subtitle ? <p className="text-sm text-stone-700">{slide.subtitle}</p> : null}
          <p className="mt-1 truncate text-sm text-stone-600">
            {slide.ctaText} → {slide.ctaLink}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 border-t border-cream-200 pt-3">
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Move ${slide.title} up`}
          disabled={busy || (slide.order <= 0 && !previous)}
          onClick={() => void move(-1)}
        >
          <ChevronDownIcon className="size-4 rotate-180" />
          Up
        </Button>
        <Button size="sm" variant="secondary" aria-label={`Move ${slide.title} down`} disabled={busy || last} onClick={() => void move(1)}>
          <ChevronDownIcon className="size-4" />
          Down
        </Button>
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => update.mutate({ id: slide.id, isActive: !slide.isActive })}>
          {slide.isActive ? "Deactivate" : "Activate"}
        </Button>
        <Button size="sm" variant="secondary" disabled={busy} onClick={onEdit} aria-label={`Edit ${slide.title}`}>
          Edit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-danger-700 hover:bg-danger-50"
          disabled={busy}
          aria-label={`Delete ${slide.title}`}
          onClick={() => {
            if (confirmDelete(`Are you sure you want to delete the slide "${slide.title}"?`)) remove.mutate({ id: slide.id });
          }}
        >
          <TrashIcon className="size-4" />
        </Button>
      </div>
    </li>
  );
}
