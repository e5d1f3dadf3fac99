import type { LiveCompetition } from "../../../shared/schemas/live";
import { IMAGE_SIZES } from "../../lib/picture";
import { CompetitionImage } from "../competition/competition-image";
import { Badge } from "../competition/phase-badge";
import { liveStatus, poolLine } from "./live-labels";
import { LiveWinners } from "./live-winners";

/** One competition in the evening's running order: what is drawn, from how many tickets, and its result. */
export function LiveCompetitionCard({ competition: c, position, fresh }: { competition: LiveCompetition; position: number; fresh?: boolean }) {
  const status = liveStatus(c);
  return (
    <article aria-labelledby={`live-${c.id}`} className="overflow-hidden rounded-2xl border border-cream-200 bg-white shadow-sm sm:flex">
      <CompetitionImage
        src={c.image}
        alt=""
        sizes={IMAGE_SIZES.side}
        width={800}
        height={450}
        className="aspect-[16/9] w-full sm:aspect-auto sm:w-56 sm:shrink-0"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="text-sm font-bold uppercase tracking-wider text-wheat-700">Draw {position}</p>
            <h3 id={`live-${c.id}`} className="text-xl font-bold text-field-900">
              {c.title}
            </h3>
          </div>
          <Badge className={status.style}>{status.label}</Badge>
        </div>
        {c.prize !== c.title ? <p className="text-stone-800">{c.prize}</p> : null}
        <p className="text-sm font-semibold tabular-nums text-stone-700">{poolLine(c)}</p>
        {c.drawnAt ? <LiveWinners competition={c} fresh={fresh} /> : null}
      </div>
    </article>
  );
}
