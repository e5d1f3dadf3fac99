import { formatPrice } from "../../../../shared/money";
import { shortDateTime } from "../../../lib/dates";
import { PaymentBadge } from "../ui/badges";
import { shortDate, type CustomerRecord } from "./customer-types";
import { Nothing, RecordSection } from "./section";

/** Every entry with its ticket numbers, then the competitions the customer has won. */
export function CustomerEntries({ entries, wins }: Pick<CustomerRecord, "entries" | "wins">) {
  return (
    <>
      <RecordSection title="Entries" count={entries.length}>
        {entries.length === 0 ? (
          <Nothing>No entries yet.</Nothing>
        ) : (
          <ul className="divide-y divide-cream-200">
            {entries.map((e) => (
              <li key={e.id} className="py-3 first:pt-0 last:pb-0">
                <p className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold text-field-900">{e.competition.title}</span>
                  <span className="flex items-center gap-2">
                    <PaymentBadge status={e.paymentStatus} />
                    <span className="font-semibold tabular-nums">{formatPrice(e.amount)}</span>
                  </span>
                </p>
                <p className="text-sm text-stone-600">
                  {shortDateTime(e.entryDate)} · <span className="capitalize">{e.entryMethod}</span> · {e.ticketCount}{" "}
                  {e.ticketCount === 1 ? "ticket" : "tickets"}
                </p>
                <p className="font-mono text-xs break-words text-stone-800">
                  <span className="sr-only">Ticket numbers: </span>
                  {e.ticketNumbers.join(", ") || "—"}
                </p>
              </li>
            ))}
          </ul>
        )}
      </RecordSection>
      <RecordSection title="Wins" count={wins.length}>
        {wins.length === 0 ? (
          <Nothing>No wins yet.</Nothing>
        ) : (
          <ul className="flex flex-col gap-2">
            {wins.map((w) => (
              <li key={w.id} className="flex flex-wrap justify-between gap-2">
                <span className="min-w-0">
                  <span className="font-semibold text-field-900">{w.competitionTitle}</span>
                  <span className="block text-sm text-stone-700">
                    {w.source === "instant" ? "Instant win" : "Main draw"}: {w.prize}
                  </span>
                </span>
                <span className="text-sm text-stone-600">{shortDate(w.winDate)}</span>
              </li>
            ))}
          </ul>
        )}
      </RecordSection>
    </>
  );
}
