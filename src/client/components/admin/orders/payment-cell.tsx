import { Link } from "react-router-dom";
import type { AdminEntry } from "../../../../shared/schemas/admin";
import { ORDER_STATUS_LABELS, shortOrderNumber } from "../../../lib/order-status";
import { PaymentBadge } from "../ui/badges";

/**
 * An entry's payment in a back-office table: the entry's status, then the order it was paid in
 * (its number links to the order page) and that order's status, which says more ("Awaiting
 * authentication", "Partially refunded"). Postal entries have no order.
 */
export function PaymentCell({ entry }: { entry: Pick<AdminEntry, "paymentStatus" | "orderId" | "orderStatus"> }) {
  const { orderId, orderStatus } = entry;
  return (
    <div className="flex max-w-40 flex-col items-start gap-1">
      <PaymentBadge status={entry.paymentStatus} />
      {orderId ? (
        <Link
          to={`/admin/orders/${encodeURIComponent(orderId)}`}
          // Not an sr-only span: absolutely placed, it would escape the table's scroll box and widen the page.
          aria-label={`Order ${shortOrderNumber(orderId)}`}
          className="font-mono text-xs font-semibold text-field-700 underline underline-offset-2 hover:text-field-900"
        >
          {shortOrderNumber(orderId)}
        </Link>
      ) : null}
      {orderStatus ? <p className="text-xs text-stone-600">Order: {ORDER_STATUS_LABELS[orderStatus]}</p> : null}
    </div>
  );
}
