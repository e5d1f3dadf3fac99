import type Stripe from "stripe";
import type { Db } from "../../../db/client";
import type { Mailer } from "../mail/mailer";
import { settleFromProvider } from "../services/purchase";
import type { StripePaymentProvider } from "./stripe";

/**
 * Stripe's report of a PaymentIntent, verified by its signature, settles an order whose answer we
 * never received (a crash between charge and settle). Everything else is acknowledged and ignored.
 */
export async function handleStripeWebhook(
  deps: { db: Db; payments: StripePaymentProvider; mailer: Mailer },
  raw: Buffer,
  signature: string,
): Promise<{ status: number; body: unknown }> {
  let event: Stripe.Event;
  try {
    event = deps.payments.verifyWebhook(raw, signature);
  } catch {
    return { status: 400, body: { message: "Invalid signature", code: "BAD_REQUEST" } };
  }
  if (event.type !== "payment_intent.succeeded" && event.type !== "payment_intent.payment_failed") {
    return { status: 200, body: { received: true } };
  }
  const intent = event.data.object as Stripe.PaymentIntent;
  const orderId = intent.metadata?.orderId;
  if (!orderId) return { status: 200, body: { received: true } };
  const outcome = await settleFromProvider(
    deps,
    orderId,
    event.type === "payment_intent.succeeded"
      ? { status: "succeeded", paymentId: intent.id, cardBrand: null, last4: null, funding: "unknown" }
      : { status: "declined", reason: "card_declined", message: intent.last_payment_error?.message ?? "declined" },
  );
  return { status: 200, body: { received: true, outcome } };
}
