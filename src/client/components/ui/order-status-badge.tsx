import type { OrderStatusValue } from "../../../shared/schemas/order";
import { ORDER_STATUS_LABELS, ORDER_STATUS_STYLES } from "../../lib/order-status";
import { Badge } from "../competition/phase-badge";

/** An order's status in words ("Awaiting authentication", "Partially refunded"), coloured like the payment badge. */
export function OrderStatusBadge({ status }: { status: OrderStatusValue }) {
  return <Badge className={ORDER_STATUS_STYLES[status]}>{ORDER_STATUS_LABELS[status]}</Badge>;
}
