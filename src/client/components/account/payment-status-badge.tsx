import type { CustomerEntry } from "../../../shared/schemas/entry";
import { Badge } from "../competition/phase-badge";

/** SPEC §4: paid green, pending yellow, failed red, anything else grey (refunded and disputed tickets are out of the draw). */
const STYLES: Record<CustomerEntry["paymentStatus"], string> = {
  paid: "bg-field-100 text-field-800",
  pending: "bg-wheat-100 text-wheat-800",
  failed: "bg-danger-100 text-danger-800",
  refunded: "bg-stone-200 text-stone-700",
  disputed: "bg-stone-300 text-stone-800",
  other: "bg-stone-200 text-stone-700",
};

/** The entry's payment status, capitalised ("Paid", "Refunded", "Disputed"). */
export function PaymentStatusBadge({ status }: { status: string }) {
  const style = STYLES[status as CustomerEntry["paymentStatus"]] ?? STYLES.other;
  return <Badge className={style}>{status.charAt(0).toUpperCase() + status.slice(1)}</Badge>;
}
