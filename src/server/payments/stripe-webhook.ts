import type Stripe from "stripe";
import { handlePaymentEvent, type OrderDeps } from "../services/purchase";
import { inFlight } from "../services/purchase/idempotency";
import type { PaymentEvent } from "./provider";
import type { StripePaymentProvider } from "./stripe";

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === "string" ? value : (value?.id ?? null));

/** A verified Stripe event in the shop's terms, or null for one the shop does not act on. */
export function paymentEventOf(event: Stripe.Event): PaymentEvent | null {
  switch (event.type) {
    case "payment_intent.succeeded":
    case "payment_intent.payment_failed":
    case "payment_intent.requires_action": {
      const intent = event.data.object;
      const type =
        event.type === "payment_intent.succeeded"
          ? "payment.succeeded"
          : event.type === "payment_intent.payment_failed"
            ? "payment.failed"
            : "payment.requires_action";
      return { id: event.id, type, paymentId: intent.id, orderId: intent.metadata?.orderId ?? null };
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const paymentId = idOf(charge.payment_intent);
      if (!paymentId) return null;
      return { id: event.id, type: "charge.refunded", paymentId, amountRefundedPence: charge.amount_refunded, refundId: charge.refunds?.data?.[0]?.id ?? null };
    }
    case "charge.dispute.created":
    case "charge.dispute.closed": {
      const dispute = event.data.object;
      const paymentId = idOf(dispute.payment_intent);
      if (!paymentId) return null;
      return {
        id: event.id,
        type: event.type === "charge.dispute.created" ? "dispute.created" : "dispute.closed",
        paymentId,
        disputeId: dispute.id,
        disputeStatus: dispute.status,
        amountPence: dispute.amount,
      };
    }
    default:
      return null;
  }
}

/**
 * Stripe's reports, verified by their signature and processed once per event id: payments settled
 * (or failed) from Stripe's record, refunds made in its dashboard recorded, disputes marked. A 500
 * makes Stripe deliver the event again.
 */
export async function handleStripeWebhook(
  deps: OrderDeps & { payments: StripePaymentProvider },
  raw: Buffer,
  signature: string,
): Promise<{ status: number; body: unknown }> {
  let event: Stripe.Event;
  try {
    event = deps.payments.verifyWebhook(raw, signature);
  } catch {
    return { status: 400, body: { message: "Invalid signature", code: "BAD_REQUEST" } };
  }
  const normalised = paymentEventOf(event);
  if (!normalised) return { status: 200, body: { received: true } };
  // Stripe sends a payment's event as soon as the payment is made, often before the answer to the
  // shop's own call is back. Settled from the event first, the order would look gone to that answer,
  // which then refunds the money and tells the buyer the payment failed: the call settles it first.
  const ownCall = "orderId" in normalised && normalised.orderId ? inFlight(deps.db).running.get(normalised.orderId) : undefined;
  if (ownCall) await ownCall.catch(() => undefined);
  try {
    // Since API version 2022-11-15 a charge carries no refund list unless expanded. Without the
    // refund's id, a refund the shop made that Stripe reports before the shop has recorded it would
    // be recorded twice (once per id); Stripe's newest refund of the charge is that refund.
    if (normalised.type === "charge.refunded" && !normalised.refundId) {
      normalised.refundId = await deps.payments.newestRefundId((event.data.object as Stripe.Charge).id);
    }
    const outcome = await handlePaymentEvent(deps, normalised);
    return { status: 200, body: { received: true, outcome } };
  } catch {
    return { status: 500, body: { message: "Not processed; Stripe will retry", code: "INTERNAL_SERVER_ERROR" } };
  }
}
