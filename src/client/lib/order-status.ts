import { orderReference } from "../../shared/order-reference";
import type { OrderStatusValue } from "../../shared/schemas/order";

/** What each order status reads as on a receipt or in the back office. */
export const ORDER_STATUS_LABELS: Record<OrderStatusValue, string> = {
  paid: "Paid",
  pending: "Pending",
  requires_action: "Awaiting authentication",
  failed: "Failed",
  refunded: "Refunded",
  partially_refunded: "Partially refunded",
  disputed: "Disputed",
};

/** Paid green, waiting yellow, failed or disputed red, money given back grey: the payment badge's colours. */
export const ORDER_STATUS_STYLES: Record<OrderStatusValue, string> = {
  paid: "bg-field-100 text-field-800",
  pending: "bg-wheat-100 text-wheat-800",
  requires_action: "bg-wheat-100 text-wheat-800",
  failed: "bg-danger-100 text-danger-800",
  refunded: "bg-stone-200 text-stone-700",
  partially_refunded: "bg-stone-200 text-stone-700",
  disputed: "bg-danger-100 text-danger-800",
};

/** An order still waiting on its payment: the page that shows it keeps asking. */
export const isAwaitingPayment = (status: OrderStatusValue) => status === "pending" || status === "requires_action";

/** "#1A2B3C4D": the order's reference (shared/order-reference.ts) as a number, e.g. "Order #1A2B3C4D". */
export const shortOrderNumber = (orderId: string) => `#${orderReference(orderId)}`;

const BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
  maestro: "Maestro",
};

/** "Visa •••• 4242", or what is known of the card; null when nothing is. */
export function cardLabel(payment: { brand: string | null; last4: string | null } | null): string | null {
  if (!payment) return null;
  const brand = payment.brand ? (BRANDS[payment.brand.toLowerCase()] ?? payment.brand.charAt(0).toUpperCase() + payment.brand.slice(1)) : "Card";
  return payment.last4 ? `${brand} •••• ${payment.last4}` : payment.brand ? brand : null;
}
