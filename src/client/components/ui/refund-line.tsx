import { formatPrice } from "../../../shared/money";
import type { OrderView } from "../../../shared/schemas/order";
import { shortDateTime } from "../../lib/dates";
import { cn } from "../../lib/cn";

/**
 * One refund of an order (amount, when, why), on the customer's receipt and the admin's order page alike.
 * `amount` is how the page words a refund to the card; one to site credit always reads "£2.00 returned to site credit".
 */
export function RefundLine({ refund, amount, className }: { refund: OrderView["refunds"][number]; amount: string; className?: string }) {
  const heading = refund.to === "site_credit" ? `${formatPrice(refund.amount)} returned to site credit` : amount;
  return (
    <li className={cn("min-w-0", className)}>
      <p className="flex flex-wrap justify-between gap-x-3">
        <span className="font-semibold tabular-nums text-stone-900">{heading}</span>
        <time dateTime={refund.at} className="text-sm text-stone-600">
          {shortDateTime(refund.at)}
        </time>
      </p>
      <p className="break-words text-stone-700">{refund.reason}</p>
    </li>
  );
}
