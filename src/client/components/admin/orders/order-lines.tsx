import { Link } from "react-router-dom";
import type { AdminOrderView } from "../../../../shared/schemas/order";
import { formatPrice } from "../../../../shared/money";
import { LineSaving } from "../../checkout/line-saving";
import { RefundLine } from "../../ui/refund-line";
import { Card } from "../../ui/card";
import { PaymentBadge } from "../ui/badges";

/** What the order bought: per competition, the tickets, their numbers and the entry's status. */
export function OrderLines({ order }: { order: AdminOrderView }) {
  const frozen = new Set(order.pools.filter((p) => p.frozen).map((p) => p.competitionId));
  return (
    <Card>
      <h2 className="mb-4 text-xl font-bold">Lines</h2>
      <ul className="flex flex-col gap-3">
        {order.lines.map((line) => (
          <li key={line.entryId} className="rounded-xl bg-cream-100 p-4">
            <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
              <Link
                to={`/admin/campaigns/${encodeURIComponent(line.competitionId)}/draw`}
                className="min-w-0 font-semibold break-words text-stone-900 hover:underline"
              >
                {line.competitionTitle}
              </Link>
              <span className="font-semibold tabular-nums text-field-800">{formatPrice(line.amount)}</span>
            </div>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-700">
              <span>
                {line.quantity} {line.quantity === 1 ? "ticket" : "tickets"}
              </span>
              <PaymentBadge status={line.status} />
              {frozen.has(line.competitionId) ? <span className="text-xs font-semibold text-stone-600">Draw pool frozen</span> : null}
            </div>
            <LineSaving line={line} className="mt-1 text-sm text-stone-700" />
            <p className="mt-2 font-mono text-xs break-words text-stone-900">{line.ticketNumbers.join(", ") || "No ticket numbers"}</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Money given back so far: how much, where to (the card, or site credit for a part credit paid), why and when. */
export function OrderRefunds({ refunds }: { refunds: AdminOrderView["refunds"] }) {
  return (
    <Card>
      <h2 className="mb-4 text-xl font-bold">Refunds</h2>
      {refunds.length === 0 ? (
        <p className="text-stone-700">No refunds.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-cream-200">
          {refunds.map((r, i) => (
            <RefundLine
              key={`${r.at}-${i}`}
              refund={r}
              amount={`${formatPrice(r.amount)} refunded to card`}
              className="flex flex-col gap-0.5 py-3 first:pt-0 last:pb-0"
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
