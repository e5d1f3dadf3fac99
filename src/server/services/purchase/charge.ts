import type { Order } from "../../../../db/schema";
import type { ChargeResult, PaymentProvider } from "../../payments/provider";
import type { PlaceOrderArgs } from "./types";

/**
 * Step 2, outside any transaction: ask the payment provider to take the money. The order id is the
 * provider's idempotency key, so a repeated call never charges twice. A free order needs no call;
 * a call that throws is a processing error, settled like a decline.
 */
export async function chargeOrder(
  payments: PaymentProvider,
  order: Order,
  args: Pick<PlaceOrderArgs, "method" | "customerEmail" | "returnUrl" | "useSdk">,
): Promise<ChargeResult> {
  if (order.totalPence === 0) return { status: "succeeded", paymentId: `free_${order.id}`, cardBrand: null, last4: null, funding: "unknown" };
  try {
    return await payments.charge({
      amountPence: order.totalPence,
      currency: "gbp",
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
