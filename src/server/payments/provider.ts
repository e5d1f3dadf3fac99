/**
 * The payment provider is the one part of the shop outside our control. Everything else talks to
 * this interface; `simulated` behaves like a processor's test mode, `stripe` and `cashflows` are the
 * real adapters. Card numbers never reach the order path: the browser hands the provider's own form
 * the card, and the order carries only a token (a Stripe ConfirmationToken, a simulated `sim_…`) or,
 * with an acquirer whose form comes after the order (Cashflows), the payment the provider opened for it.
 */
export type PaymentProviderName = "simulated" | "stripe" | "cashflows";

/** ISO 4217, as the order records it. The shop sells in pounds only today. */
export type Currency = "GBP";
export type CardFunding = "debit" | "credit" | "prepaid" | "unknown";

export interface PaymentMethod {
  token: string;
}

/**
 * What the browser (or a REST client) must do before the payment can complete: go to a page (the
 * bank's, or the acquirer's hosted payment page) and come back, or let the provider's own component
 * in our page finish it (Stripe.js's 3-D Secure; Cashflows' card form and its challenge), given the
 * secret that component needs. Which component is chosen by `provider`.
 */
export type NextAction = { type: "redirect"; url: string } | { type: "embedded"; provider: Exclude<PaymentProviderName, "simulated">; clientSecret: string };

export type DeclineReason = "card_declined" | "insufficient_funds" | "expired_card" | "incorrect_cvc" | "authentication_failed";

export interface CardSummary {
  cardBrand: string | null;
  last4: string | null;
  funding: CardFunding;
  /** The provider's fingerprint of the card (the same card gives the same one), where it gives one. */
  fingerprint?: string | null;
}

export interface ChargeRequest {
  amountPence: number;
  currency: Currency;
  orderId: string;
  /** The provider must not charge twice for the same key. */
  idempotencyKey: string;
  description: string;
  method: PaymentMethod;
  email: string;
  /** Where the buyer comes back to after authenticating (absolute when the shop knows its origin). */
  returnUrl: string;
  /** Ask for a next action the provider's component handles in the page (the web checkout) rather than a page to send the buyer to. */
  useSdk?: boolean;
}

/** The provider's answer to a charge, and its record of a payment when asked again. */
export type ChargeResult =
  | ({
      status: "succeeded";
      paymentId: string;
      /**
       * false when the money is only reserved (authorised, not yet captured): the shop checks the card
       * (its funding, against the credit-card rules) and then captures it, or cancels it. Captured when absent.
       */
      captured?: boolean;
      /**
       * What the provider says it took (or reserved), when its record says: an answer for another
       * amount or currency than the order's is never taken as the order's payment.
       */
      amountPence?: number;
      currency?: string;
    } & CardSummary)
  | { status: "requires_action"; paymentId: string; nextAction: NextAction }
  | { status: "declined"; reason: DeclineReason; message: string; paymentId?: string }
  | { status: "error"; message: string };

export interface RefundRequest {
  paymentId: string;
  amountPence: number;
  idempotencyKey: string;
  reason: string;
}

export interface PaymentProvider {
  /** A PaymentProviderName for the shop's own adapters (tests' stand-ins have their own). */
  readonly name: string;
  /** Whether the card is debit or credit, asked before charging so the credit rules can apply. */
  cardFunding(method: PaymentMethod): Promise<CardFunding>;
  /** Creates and confirms the payment in one step; idempotent per `idempotencyKey`. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The provider's current record of a payment (after authentication, a webhook, a restart). Throws when it cannot be asked. */
  retrieve(paymentId: string): Promise<ChargeResult>;
  /** Stops a payment still waiting on authentication (or only reserved), so it can no longer take money. Best effort. */
  cancel(paymentId: string): Promise<void>;
  /**
   * Takes money only reserved (a `succeeded` answer with `captured: false`), and answers the
   * payment's record after it. Providers that always capture at once do not have it.
   */
  capture?(paymentId: string, amountPence: number): Promise<ChargeResult>;
  /** Gives money back; the same idempotency key never refunds twice. Throws when the provider refuses. */
  refund(request: RefundRequest): Promise<{ refundId: string; amountPence: number }>;
  /**
   * The provider's own record of the payment for an order (charged with the order id as its
   * idempotency key), for an order whose answer never reached us or could not be written: the
   * approved payment if there is one, null if there is none. Throws when the provider cannot be asked.
   */
  lookup(orderId: string): Promise<ChargeResult | null>;
}

/** A provider's report about a payment, normalised from a webhook (or the simulator's own callback). */
export type PaymentEvent =
  | { id: string; type: "payment.succeeded" | "payment.failed" | "payment.requires_action"; paymentId: string; orderId: string | null }
  | {
      id: string;
      type: "charge.refunded";
      paymentId: string;
      amountRefundedPence: number;
      refundId: string | null;
      /** Each refund of the payment, when the provider lists them: each is recorded once, by its own id and amount. */
      refunds?: Array<{ refundId: string; amountPence: number; requestKey?: string | null }>;
    }
  | { id: string; type: "dispute.created" | "dispute.closed"; paymentId: string; disputeId: string; disputeStatus: string; amountPence: number };
