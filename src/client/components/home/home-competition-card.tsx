import { Link } from "react-router-dom";
import { formatPrice } from "../../../shared/money";
import type { PublicCompetition } from "../../../shared/schemas/competition";
import { WheatIcon } from "../ui/icons";
import { TicketProgress } from "../competition/ticket-progress";
import { IMAGE_SIZES } from "../../lib/picture";
import { SafeImage } from "./safe-image";

const imageFallback = (
  <div className="flex aspect-[4/3] w-full items-center justify-center bg-cream-100 text-field-600">
    <WheatIcon className="size-12 opacity-70" />
  </div>
);

/** A competition on the home page: the whole card links to its page. */
export function HomeCompetitionCard({ competition: c }: { competition: PublicCompetition }) {
  return (
    <Link
      to={`/competition/${c.id}`}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-cream-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="overflow-hidden">
        <SafeImage
          src={c.image}
          alt={c.title}
          fallback={imageFallback}
          sizes={IMAGE_SIZES.card}
          width={800}
          height={600}
          className="aspect-[4/3] w-full bg-cream-100 object-cover transition-transform group-hover:scale-[1.02]"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <p className="text-xs font-bold uppercase tracking-wider text-wheat-700">{c.category}</p>
          <h3 className="mt-1 line-clamp-2 text-lg font-bold leading-snug group-hover:underline">{c.title}</h3>
        </div>
        <p className="mt-auto">
          <span className="text-2xl font-bold tabular-nums text-field-800">{formatPrice(c.price)}</span>
          <span className="text-sm text-stone-600"> per entry</span>
        </p>
        <TicketProgress soldTickets={c.soldTickets} maxTickets={c.maxTickets} size="sm" />
      </div>
    </Link>
  );
}
