import type { CustomerEntry } from "../../../shared/schemas/entry";
import { Badge, PhaseBadge } from "../competition/phase-badge";
import { TicketChips } from "../competition/ticket-chips";
import { ButtonLink } from "../ui/button";
import { PaymentStatusBadge } from "./payment-status-badge";

const entryDate = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" });

/** One entry in My Entries: what, when, how much, its status and every ticket number. */
export function EntryCard({ entry }: { entry: CustomerEntry }) {
  const { competition } = entry;
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-cream-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-sans text-lg font-bold leading-snug text-field-900">{competition.title}</h3>
          <p className="text-sm text-stone-600">{competition.category}</p>
        </div>
        <ButtonLink to={`/competition/${competition.id}`} variant="secondary" size="sm" className="shrink-0">
          View<span className="sr-only"> {competition.title}</span>
        </ButtonLink>
      </div>
      <div className="flex flex-wrap gap-2">
        <PaymentStatusBadge status={entry.paymentStatus} />
        <PhaseBadge competition={competition} />
      </div>
      <dl className="grid grid-cols-3 gap-2 rounded-xl bg-cream-100 px-3 py-2 text-sm">
        <div>
          <dt className="text-stone-600">Entered</dt>
          <dd className="font-semibold text-stone-900">
            <time dateTime={entry.entryDate}>{entryDate(entry.entryDate)}</time>
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">Price</dt>
          <dd className="font-semibold tabular-nums text-stone-900">
            {entry.entryMethod === "postal" ? <Badge className="bg-wheat-100 text-wheat-800">Free postal entry</Badge> : `£${entry.amount}`}
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">Tickets</dt>
          <dd className="font-semibold tabular-nums text-stone-900">{entry.ticketCount}</dd>
        </div>
      </dl>
      {entry.ticketNumbers.length > 0 ? (
        <div>
          <p className="mb-1.5 text-sm font-medium text-stone-600">Ticket numbers</p>
          <TicketChips numbers={entry.ticketNumbers} label={`Ticket numbers for ${competition.title}`} />
        </div>
      ) : null}
    </li>
  );
}
