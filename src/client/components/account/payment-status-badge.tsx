import type { CustomerEntry } from "../../../shared/schemas/entry";
import { Badge } from "../competition/phase-badge";

const STYLES: Record<CustomerEntry["paymentStatus"], string> = {
  paid: "bg-field-100 text-field-800",
  pending: "bg-wheat-100 text-wheat-800",
  failed: "bg-danger-100 text-danger-800",
  other: "bg-stone-200 text-stone-700",
};

/** Paid green, pending yellow, failed red, anything else grey; the status capitalised. */
export function PaymentStatusBadge({ status }: { status: string }) {
  const style = STYLES[status as CustomerEntry["paymentStatus"]] ?? STYLES.other;
  return <Badge className={style}>{status.charAt(0).toUpperCase() + status.slice(1)}</Badge>;
}
