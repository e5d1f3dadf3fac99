import { formatPrice } from "../../../shared/money";
import type { PublicCompetition } from "../../../shared/schemas/competition";
import { PhaseBadge, SoldOutBadge } from "./phase-badge";
import { TicketProgress } from "./ticket-progress";

const count = new Intl.NumberFormat("en-GB");

/** Category, status, title, description, price and ticket sales of one competition. */
export function CompetitionSummary({ competition: c }: { competition: PublicCompetition }) {
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-bold uppercase tracking-wider text-wheat-700">{c.category}</span>
        <PhaseBadge competition={c} />
        {c.soldOut ? <SoldOutBadge /> : null}
      </div>
      <h1 className="mt-2 text-3xl font-bold leading-tight sm:text-4xl">{c.title}</h1>
      <p className="mt-3 whitespace-pre-line text-lg text-stone-700">{c.description}</p>

      <dl className="mt-5 grid grid-cols-2 gap-3">
        <div className="rounded-2xl border border-cream-200 bg-white p-4 shadow-sm">
          <dt className="text-sm font-medium text-stone-600">Price per entry</dt>
          <dd className="text-2xl font-bold tabular-nums text-field-800">{formatPrice(c.price)}</dd>
        </div>
        <div className="rounded-2xl border border-cream-200 bg-white p-4 shadow-sm">
          <dt className="text-sm font-medium text-stone-600">Entries sold</dt>
          <dd className="text-2xl font-bold tabular-nums text-field-800">{count.format(c.soldTickets)}</dd>
        </div>
      </dl>

      <div className="mt-4">
        {c.soldOut ? <p className="mb-1 font-bold text-danger-700">Sold Out</p> : null}
        <TicketProgress soldTickets={c.soldTickets} maxTickets={c.maxTickets} />
        {c.remainingTickets !== null && !c.soldOut && c.status === "active" ? (
          <p className="text-sm text-stone-600">{count.format(c.remainingTickets)} tickets remaining</p>
        ) : null}
      </div>
    </div>
  );
}
