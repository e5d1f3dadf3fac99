import type { OrderView } from "../../../shared/schemas/order";
import { shortDateTime } from "../../lib/dates";
import { cn } from "../../lib/cn";

/** One refund of an order (amount, when, why), on the customer's receipt and the admin's order page alike. */
export function RefundLine({ refund, amount, className }: { refund: OrderView["refunds"][number]; amount: string; className?: string }) {
  return (
    <li className={cn("min-w-0", className)}>
      <p className="flex flex-wrap justify-between gap-x-3">
        <span className="font-semibold tabular-nums text-stone-900">{amount}</span>
        <time dateTime={refund.at} className="text-sm text-stone-600">
          {shortDateTime(refund.at)}
        </time>
      </p>
      <p className="break-words text-stone-700">{refund.reason}</p>
    </li>
  );
}
