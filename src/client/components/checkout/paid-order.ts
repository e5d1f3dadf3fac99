import type { OrderResult } from "../../../shared/schemas/entry";
import { toast } from "../../lib/toast";
import { REFRESH, useRefreshReads } from "../../lib/query-client";

const ticketsIn = (order: OrderResult) => order.lines.reduce((n, l) => n + l.ticketNumbers.length, 0);

/** SPEC §8 "Payment success": the competition's title and the ticket count, then "Good luck!". */
export function paymentSuccessToast(order: OrderResult): void {
  const tickets = ticketsIn(order);
  const title = order.lines[0]?.competitionTitle ?? "";
  toast.success("Payment Successful!", `You've entered ${title} with ${tickets} ${tickets === 1 ? "ticket" : "tickets"}. Good luck!`);
}

/** SPEC §8 "Order success": the total and "Check your email for confirmation." */
export function orderPlacedToast(order: OrderResult): void {
  toast.success("Order Placed Successfully!", `Your order total is £${order.amount}. Check your email for confirmation.`);
}

/** After a paid order: what the buyer's entries, receipts, limits and the competitions' sold counts show has changed. */
export function usePaidOrderRefresh(): () => void {
  return useRefreshReads(REFRESH.paidOrder);
}
