import { Switch } from "@headlessui/react";
import type { Popup } from "../../../../shared/schemas/content";
import { cn } from "../../../lib/cn";
import { Button } from "../../ui/button";
import { TrashIcon } from "../../ui/icons";
import { MediaPreview } from "../media/media-preview";
import { ActiveBadge } from "../ui/badges";
import { frequencyLabel, popupFormFrom, popupInputFrom } from "./popup-form-state";
import { usePopupMutations } from "./use-popup-mutations";
import { Fact } from "../ui/fact";

/** A pop-up at a glance; the switch turns it on or off, delete does not ask (SPEC §8). */
export function PopupCard({ popup: p, onEdit }: { popup: Popup; onEdit: () => void }) {
  const { update, remove } = usePopupMutations();
  const busy = update.isPending || remove.isPending;
  const toggle = () => update.mutate({ id: p.id, ...popupInputFrom({ ...popupFormFrom(p), isActive: !p.isActive }) });

  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-cream-200 bg-white shadow-sm">
      {p.image ? <MediaPreview src={p.image} alt="" className="aspect-[16/7] w-full rounded-none border-0" /> : null}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <ActiveBadge active={p.isActive} />
            <h3 className="mt-1 font-sans text-lg font-bold leading-snug">{p.title}</h3>
          </div>
          <Switch
            checked={p.isActive}
            onChange={toggle}
            disabled={busy}
            aria-label={`${p.title} active`}
            className={cn(
              "relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-60",
              p.isActive ? "bg-field-600" : "bg-stone-300",
            )}
          >
            <span className={cn("inline-block size-5 rounded-full bg-white shadow transition-transform", p.isActive ? "translate-x-6" : "translate-x-1")} />
          </Switch>
        </div>
        {p.description ? <p className="line-clamp-2 text-sm text-stone-700">{p.description}</p> : null}
        <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
          <Fact term="Pages" className="col-span-2" valueClassName="font-mono text-xs">
            {p.displayPages.length ? p.displayPages.join(", ") : "Every page"}
          </Fact>
          <Fact term="Frequency">{frequencyLabel(p.showFrequency)}</Fact>
          <Fact term="Priority">
            {p.priority} · {p.displayDelay / 1000}s delay
          </Fact>
        </dl>
        <div className="mt-auto flex gap-2 pt-2">
          <Button size="sm" variant="secondary" className="flex-1" onClick={onEdit} aria-label={`Edit ${p.title}`}>
            Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-danger-700 hover:bg-danger-50"
            pending={remove.isPending}
            disabled={busy}
            aria-label={`Delete ${p.title}`}
            onClick={() => remove.mutate({ id: p.id })}
          >
            <TrashIcon className="size-4" />
            Delete
          </Button>
        </div>
      </div>
    </article>
  );
}
