import Stripe from "stripe";
import type { CardFunding, ChargeRequest, ChargeResult, DeclineReason, NextAction, PaymentMethod, PaymentProvider, RefundRequest } from "./provider";

export interface StripeOptions {
  secretKey: string;
  webhookSecret?: string;
  /** For tests against a local stand-in of the API. */
  host?: string;
  port?: number;
  protocol?: "http" | "https";
}

const DECLINES: Record<string, DeclineReason> = {
  insufficient_funds: "insufficient_funds",
  expired_card: "expired_card",
  incorrect_cvc: "incorrect_cvc",
  authentication_required: "authentication_failed",
  payment_intent_authentication_failure: "authentication_failed",
};

function cardOf(intent: Stripe.PaymentIntent) {
  return typeof intent.payment_method === "object" ? intent.payment_method?.card : undefined;
}

function nextActionOf(intent: Stripe.PaymentIntent): NextAction {
  const redirect = intent.next_action?.redirect_to_url?.url;
  if (intent.next_action?.type === "redirect_to_url" && redirect) return { type: "redirect", url: redirect };
  return { type: "embedded", provider: "stripe", clientSecret: intent.client_secret ?? "" };
}

/** A PaymentIntent (with its payment method expanded) as the shop records it: brand, last four, funding and the card's fingerprint only. */
export function chargeResultOf(intent: Stripe.PaymentIntent): ChargeResult {
  switch (intent.status) {
    case "succeeded": {
      const card = cardOf(intent);
      return {
        status: "succeeded",
        paymentId: intent.id,
        cardBrand: card?.brand ?? null,
        last4: card?.last4 ?? null,
        funding: (card?.funding as CardFunding | undefined) ?? "unknown",
        fingerprint: card?.fingerprint ?? null,
      };
    }
    case "requires_action":
      return { status: "requires_action", paymentId: intent.id, nextAction: nextActionOf(intent) };
    case "processing":
      // Not an answer yet: the webhook (or the next look) will say.
      throw new Error(`Payment ${intent.id} is still processing`);
    default: {
      // requires_payment_method after a failed attempt (a decline, a failed challenge), or canceled.
      const error = intent.last_payment_error;
      const code = (error?.decline_code ?? error?.code ?? "") as string;
      return {
        status: "declined",
        reason: DECLINES[code] ?? "card_declined",
        message: error?.message ?? "The payment was not completed.",
        paymentId: intent.id,
      };
    }
  }
}

/**
 * Stripe PaymentIntents, finalised on the server: the browser's Payment Element creates a
 * ConfirmationToken (`ctoken_…`) and the server creates and confirms the PaymentIntent with it in
 * one call. A PaymentMethod id (`pm_…`) from a REST client is accepted the same way.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = "stripe";
  readonly stripe: Stripe;

  constructor(private readonly options: StripeOptions) {
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      ...(options.host ? { host: options.host, port: options.port, protocol: options.protocol ?? "https" } : {}),
    });
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const token = request.method.token;
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountPence,
          currency: request.currency.toLowerCase(),
          ...(token.startsWith("ctoken_") ? { confirmation_token: token } : { payment_method: token }),
          confirm: true,
          description: request.description,
          receipt_email: request.email,
          metadata: { orderId: request.orderId },
          automatic_payment_methods: { enabled: true },
          return_url: request.returnUrl,
          ...(request.useSdk ? { use_stripe_sdk: true } : {}),
          expand: ["payment_method"],
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return chargeResultOf(intent);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) {
        const code = (err.decline_code ?? err.code ?? "") as string;
        return { status: "declined", reason: DECLINES[code] ?? "card_declined", message: err.message };
      }
      return { status: "error", message: "The payment processor could not be reached." };
    }
  }

  /** The card's funding as the Payment Element collected it (a ConfirmationToken's preview), before any money moves. */
  async cardFunding(method: PaymentMethod): Promise<CardFunding> {
    try {
      if (method.token.startsWith("ctoken_")) {
        const ct = await this.stripe.confirmationTokens.retrieve(method.token);
        return (ct.payment_method_preview?.card?.funding as CardFunding | undefined) ?? "unknown";
      }
      const pm = await this.stripe.paymentMethods.retrieve(method.token);
      return (pm.card?.funding as CardFunding | undefined) ?? "unknown";
    } catch {
      return "unknown";
    }
  }

  async retrieve(paymentId: string): Promise<ChargeResult> {
    return chargeResultOf(await this.stripe.paymentIntents.retrieve(paymentId, { expand: ["payment_method"] }));
  }

  async cancel(paymentId: string): Promise<void> {
    await this.stripe.paymentIntents.cancel(paymentId).catch(() => {});
  }

  async refund(request: RefundRequest): Promise<{ refundId: string; amountPence: number }> {
    const refund = await this.stripe.refunds.create(
      { payment_intent: request.paymentId, amount: request.amountPence, reason: "requested_by_customer", metadata: { reason: request.reason.slice(0, 500) } },
      { idempotencyKey: request.idempotencyKey },
    );
    return { refundId: refund.id, amountPence: refund.amount };
  }

  /** The id of a charge's latest refund (Stripe lists newest first), for an event whose charge carries no refund list. */
  async newestRefundId(chargeId: string): Promise<string | null> {
    const found = await this.stripe.refunds.list({ charge: chargeId, limit: 1 });
    return found.data[0]?.id ?? null;
  }

  /** The order's PaymentIntent found by the metadata it was created with (Stripe's search API). */
  async lookup(orderId: string): Promise<ChargeResult | null> {
    if (!/^[A-Za-z0-9-]{1,64}$/.test(orderId)) return null;
    const found = await this.stripe.paymentIntents.search({ query: `metadata['orderId']:'${orderId}'`, expand: ["data.payment_method"] });
    const intent = found.data.find((i) => i.status === "succeeded");
    return intent ? chargeResultOf(intent) : null;
  }

  /** Verifies a webhook's Stripe-Signature header; throws when it does not match. */
  verifyWebhook(payload: string | Buffer, signature: string): Stripe.Event {
    if (!this.options.webhookSecret) throw new Error("STRIPE_WEBHOOK_SECRET is not set");
    return this.stripe.webhooks.constructEvent(payload, signature, this.options.webhookSecret);
  }
}
