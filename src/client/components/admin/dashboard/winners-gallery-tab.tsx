import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../../lib/trpc";
import { TrophyIcon } from "../../ui/icons";
import { LoadingState } from "../../ui/spinner";
import { EmptyState, LoadError } from "../ui/feedback";
import { Thumb } from "../ui/thumb";
import { winDate } from "../winners/win-date";

/** The winners as the public sees them: photo, name, competition, date and testimonial. */
export function WinnersGalleryTab() {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.winners.list.queryOptions());
  if (list.isPending) return <LoadingState label="Loading winners..." />;
  if (list.isError) return <LoadError what="Winners" error={list.error} />;
  if (list.data.length === 0) return <EmptyState title="No winners yet" icon={<TrophyIcon className="size-8" />} />;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {list.data.map((w) => (
        <li key={w.id} className="flex gap-4 rounded-2xl border border-cream-200 bg-white p-4 shadow-sm">
          <Thumb src={w.photo} alt={w.customerName} className="size-16 shrink-0 rounded-full" fallback={<TrophyIcon className="size-7 text-wheat-800" />} />
          <div className="min-w-0">
            <p className="font-semibold text-field-900">{w.customerName}</p>
            <p className="text-sm text-stone-700">{w.competitionTitle ?? "Unknown Competition"}</p>
            <p className="text-xs text-stone-600">Won on {winDate(w.winDate)}</p>
            {w.testimonial ? <p className="mt-2 line-clamp-3 text-sm italic text-stone-700">“{w.testimonial}”</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
