import type { Order } from "../../../../db/schema";
import type { ChargeResult, PaymentProvider } from "../../payments/provider";
import type { PlaceOrderArgs } from "./types";

/** What the card pays of an order: the total less the site credit spent on it. */
export function cardPenceOf(order: Pick<Order, "totalPence" | "creditPence">): number {
  return order.totalPence - order.creditPence;
}

/**
 * Step 2, outside any transaction: ask the payment provider to take the money. The order id is the
 * provider's idempotency key, so a repeated call never charges twice. An order that site credit (or
 * nothing) pays needs no call; a call that throws is a processing error, settled like a decline.
 */
export async function chargeOrder(
  payments: PaymentProvider,
  order: Order,
  args: Pick<PlaceOrderArgs, "method" | "customerEmail" | "returnUrl" | "useSdk">,
): Promise<ChargeResult> {
  const amountPence = cardPenceOf(order);
  if (amountPence === 0) {
    return { status: "succeeded", paymentId: `${order.creditPence > 0 ? "credit" : "free"}_${order.id}`, cardBrand: null, last4: null, funding: "unknown" };
  }
  // The hold refuses this first; a card amount is never treated as paid without a card.
  if (!args.method) return { status: "error", message: "no card to pay with" };
  try {
    return await payments.charge({
      amountPence,
      currency: order.currency,
      orderId: order.id,
      idempotencyKey: order.id,
      description: `Harvest Draws order ${order.id}`,
      method: args.method,
      email: args.customerEmail,
      returnUrl: `${args.returnUrl}${args.returnUrl.includes("?") ? "&" : "?"}order=${encodeURIComponent(order.id)}`,
      useSdk: args.useSdk,
    });
  } catch (err) {
    return { status: "error", message: err instanceof Error ? err.message : "payment call failed" };
  }
}
