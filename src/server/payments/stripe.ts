import Stripe from "stripe";
import type { CardFunding, ChargeRequest, ChargeResult, PaymentMethod, PaymentProvider } from "./provider";

export interface StripeOptions {
  secretKey: string;
  webhookSecret?: string;
  /** For tests against a local stand-in of the API. */
  host?: string;
  port?: number;
  protocol?: "http" | "https";
}

const DECLINES: Record<string, "card_declined" | "insufficient_funds" | "expired_card" | "incorrect_cvc"> = {
  insufficient_funds: "insufficient_funds",
  expired_card: "expired_card",
  incorrect_cvc: "incorrect_cvc",
};

/**
 * Stripe PaymentIntents. The browser collects the card with Stripe Elements and sends only the
 * PaymentMethod id (`pm_…`) as the payment token; card numbers never reach this server.
 */
/** A succeeded PaymentIntent (with its payment method expanded) as the shop records it: brand and last four only. */
function succeeded(intent: Stripe.PaymentIntent): ChargeResult {
  const card = typeof intent.payment_method === "object" ? intent.payment_method?.card : undefined;
  return {
    status: "succeeded",
    paymentId: intent.id,
    cardBrand: card?.brand ?? null,
    last4: card?.last4 ?? null,
    funding: (card?.funding as CardFunding | undefined) ?? "unknown",
  };
}

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
    if (request.method.kind !== "token") {
      return { status: "error", message: "Card details must be collected by the payment form." };
    }
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountPence,
          currency: request.currency,
          payment_method: request.method.token,
          confirm: true,
          description: request.description,
          receipt_email: request.email,
          metadata: { orderId: request.orderId },
          automatic_payment_methods: { enabled: true, allow_redirects: "never" },
          expand: ["payment_method"],
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (intent.status !== "succeeded") {
        return { status: "error", message: `Payment not completed (${intent.status}).` };
      }
      return succeeded(intent);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) {
        const code = (err.decline_code ?? err.code ?? "") as string;
        return { status: "declined", reason: DECLINES[code] ?? "card_declined", message: err.message };
      }
      return { status: "error", message: "The payment processor could not be reached." };
    }
  }

  async cardFunding(method: PaymentMethod): Promise<CardFunding> {
    if (method.kind !== "token") return "unknown";
    try {
      const pm = await this.stripe.paymentMethods.retrieve(method.token);
      return (pm.card?.funding as CardFunding | undefined) ?? "unknown";
    } catch {
      return "unknown";
    }
  }

  async refund(paymentId: string, amountPence: number): Promise<void> {
    await this.stripe.refunds.create({ payment_intent: paymentId, amount: amountPence });
  }

  /** The order's PaymentIntent found by the metadata it was created with (Stripe's search API). */
  async lookup(orderId: string): Promise<ChargeResult | null> {
    if (!/^[A-Za-z0-9-]{1,64}$/.test(orderId)) return null;
    const found = await this.stripe.paymentIntents.search({ query: `metadata['orderId']:'${orderId}'`, expand: ["data.payment_method"] });
    const intent = found.data.find((i) => i.status === "succeeded");
    return intent ? succeeded(intent) : null;
  }

  /** Verifies a webhook's Stripe-Signature header; throws when it does not match. */
  verifyWebhook(payload: string | Buffer, signature: string): Stripe.Event {
    if (!this.options.webhookSecret) throw new Error("STRIPE_WEBHOOK_SECRET is not set");
    return this.stripe.webhooks.constructEvent(payload, signature, this.options.webhookSecret);
  }
}
