import { Link } from "react-router-dom";
import { formatPounds, paymentSplit } from "../../../shared/money";
import type { OrderView } from "../../../shared/schemas/order";
import { shortDateTime } from "../../lib/dates";
import { RefundLine } from "../ui/refund-line";
import { cardLabel, isAwaitingPayment, shortOrderNumber } from "../../lib/order-status";
import { LineSaving } from "../checkout/line-saving";
import { TicketChips } from "../competition/ticket-chips";
import { CopyButton } from "../ui/copy-button";
import { TrophyIcon } from "../ui/icons";
import { OrderStatusBadge } from "../ui/order-status-badge";

type Line = OrderView["lines"][number];

/** Why a line shows no numbers: not yet paid, never paid, or taken back out of the draw. */
const NO_NUMBERS: Partial<Record<Line["status"], string>> = {
  pending: "Your ticket numbers appear once the payment is confirmed.",
  failed: "No tickets: the payment was not completed.",
  refunded: "Refunded: these tickets were taken out of the draw.",
  disputed: "Disputed: these tickets were taken out of the draw.",
};

function OrderLine({ line }: { line: Line }) {
  const note = line.ticketNumbers.length === 0 ? NO_NUMBERS[line.status] : undefined;
  return (
    <li className="rounded-xl bg-cream-100 p-3 sm:p-4">
      <div className="flex items-baseline justify-between gap-3">
        <Link to={`/competition/${line.competitionId}`} className="min-w-0 font-semibold break-words text-stone-900 hover:underline">
          {line.competitionTitle}
        </Link>
        <span className="shrink-0 text-sm font-semibold tabular-nums text-field-800">£{line.amount}</span>
      </div>
      <p className="mt-0.5 text-sm text-stone-600">
        {line.quantity} {line.quantity === 1 ? "ticket" : "tickets"}
      </p>
      <LineSaving line={line} />
      {line.ticketNumbers.length > 0 ? (
        <div className="mt-2">
          <TicketChips numbers={line.ticketNumbers} label={`Ticket numbers for ${line.competitionTitle}`} />
        </div>
      ) : note ? (
        <p className="mt-1 text-sm text-stone-700">{note}</p>
      ) : null}
    </li>
  );
}

/** What site credit paid and what was left for the card; nothing for an order without credit, or a failed one (its credit went back). */
function CreditRows({ order }: { order: OrderView }) {
  const { creditPence: credit, cardPence: card } = paymentSplit(order.amount, order.creditUsed);
  if (credit <= 0 || order.status === "failed") return null;
  return (
    <>
      <div className="flex items-baseline justify-between gap-3">
        <dt className="text-stone-600">Site credit used</dt>
        <dd className="tabular-nums text-stone-900">−{formatPounds(credit)}</dd>
      </div>
      {card > 0 ? (
        <div className="flex items-baseline justify-between gap-3">
          <dt className="text-stone-600">{isAwaitingPayment(order.status) ? "To pay by card" : "Paid by card"}</dt>
          <dd className="tabular-nums text-stone-900">{formatPounds(card)}</dd>
        </div>
      ) : (
        <div className="flex items-baseline justify-between gap-3">
          <dt className="text-stone-600">Paid with</dt>
          <dd className="text-right text-stone-900">Site credit</dd>
        </div>
      )}
    </>
  );
}

/** One receipt in the Orders tab: which order, when, what it bought, how it was paid, and any refunds. */
export function OrderCard({ order }: { order: OrderView }) {
  const card = cardLabel(order.payment);
  const number = shortOrderNumber(order.id);
  return (
    <li className="flex min-w-0 flex-col gap-4 rounded-2xl border border-cream-200 bg-white p-4 shadow-sm sm:p-5" aria-label={`Order ${number}`}>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0">
          <h3 className="font-sans text-lg font-bold leading-snug text-field-900">Order {number}</h3>
          <p className="text-sm text-stone-600">
            <time dateTime={order.createdAt}>{shortDateTime(order.createdAt)}</time>
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </div>

      <div className="flex items-center gap-2 rounded-lg border border-cream-200 px-3 py-2">
        <div className="min-w-0 flex-1">
          <p className="text-xs text-stone-600">Order reference</p>
          <p className="font-mono text-sm font-semibold text-stone-900 select-all">{order.reference}</p>
        </div>
        <CopyButton text={order.reference} label="order reference" />
      </div>

      <ul className="flex flex-col gap-2" aria-label="Order lines">
        {order.lines.map((line) => (
          <OrderLine key={line.entryId} line={line} />
        ))}
      </ul>

      {order.instantWins.length > 0 ? (
        <ul aria-label="Instant wins" className="flex flex-col gap-1.5">
          {order.instantWins.map((w) => (
            <li key={w.prizeId} className="flex items-start gap-2 rounded-lg bg-wheat-50 px-3 py-2 text-sm font-semibold text-field-900 ring-1 ring-wheat-200">
              <TrophyIcon className="mt-0.5 size-4 shrink-0 text-wheat-700" />
              <span className="min-w-0 break-words">
                Instant win: {w.name} (ticket #{w.ticketNumber})
              </span>
            </li>
          ))}
        </ul>
      ) : null}

      <dl className="flex flex-col gap-1 border-t border-cream-200 pt-3 text-sm">
        {order.discountCode && order.discount !== "0.00" ? (
          <div className="flex items-baseline justify-between gap-3 text-field-700">
            <dt>Discount ({order.discountCode})</dt>
            <dd className="tabular-nums">−£{order.discount}</dd>
          </div>
        ) : null}
        <div className="flex items-baseline justify-between gap-3">
          <dt className="font-semibold text-stone-900">Total</dt>
          <dd className="text-base font-bold tabular-nums text-field-900">£{order.amount}</dd>
        </div>
        <CreditRows order={order} />
        {card ? (
          <div className="flex items-baseline justify-between gap-3">
            <dt className="text-stone-600">Paid with</dt>
            <dd className="text-right text-stone-900">{card}</dd>
          </div>
        ) : null}
      </dl>

      {order.refunds.length > 0 ? (
        <section aria-label="Refunds" className="rounded-xl border border-stone-200 bg-stone-50 p-3">
          <h4 className="text-sm font-semibold text-stone-900">Refunds</h4>
          <ul className="mt-1 flex flex-col gap-2 text-sm">
            {order.refunds.map((r, i) => (
              <RefundLine key={`${r.at}-${i}`} refund={r} amount={`£${r.amount} refunded`} />
            ))}
          </ul>
        </section>
      ) : null}
    </li>
  );
}
