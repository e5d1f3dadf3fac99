import { Link } from "react-router-dom";
import { formatPrice } from "../../../shared/money";
import type { PublicCompetition } from "../../../shared/schemas/competition";
import { ClockIcon } from "../ui/icons";
import { CompetitionImage } from "./competition-image";
import { PhaseBadge, SoldOutBadge } from "./phase-badge";
import { TicketProgress } from "./ticket-progress";
import { shortTimeLeft } from "./time-left";
import { useNow } from "../../lib/render-context";

/** A competition in a grid; the whole card links to its page. */
export function CompetitionCard({ competition: c, eager }: { competition: PublicCompetition; eager?: boolean }) {
  const now = useNow();
  return (
    <Link
      to={`/competition/${c.id}`}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-cream-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="relative">
        <CompetitionImage src={c.image} alt={c.title} eager={eager} className="aspect-[4/3] w-full transition-transform group-hover:scale-[1.02]" />
        <div className="absolute left-3 top-3 flex gap-1.5">
          <PhaseBadge competition={c} />
          {c.soldOut ? <SoldOutBadge /> : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <p className="text-xs font-bold uppercase tracking-wider text-wheat-700">{c.category}</p>
          <h3 className="mt-1 line-clamp-2 text-lg font-bold leading-snug group-hover:underline">{c.title}</h3>
        </div>
        <div className="mt-auto flex items-end justify-between gap-2">
          <p>
            <span className="text-2xl font-bold tabular-nums text-field-800">{formatPrice(c.price)}</span>
            <span className="text-sm text-stone-600"> per entry</span>
          </p>
          <p className="flex items-center gap-1 text-sm font-semibold text-stone-700">
            <ClockIcon className="size-4 text-wheat-700" />
            {shortTimeLeft(c.endDate, now)}
          </p>
        </div>
        <TicketProgress soldTickets={c.soldTickets} maxTickets={c.maxTickets} size="sm" />
      </div>
    </Link>
  );
}
