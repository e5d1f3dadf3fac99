/**
 * The payment provider is the one part of the shop outside our control. Everything else talks to
 * this interface; `simulated` behaves like a processor's test mode, `stripe` is the real adapter.
 */
export type CardFunding = "debit" | "credit" | "prepaid" | "unknown";

export type PaymentMethod = { kind: "card"; number: string; expiry: string; cvc: string; name: string } | { kind: "token"; token: string };

export interface ChargeRequest {
  amountPence: number;
  currency: "gbp";
  orderId: string;
  /** The provider must not charge twice for the same key. */
  idempotencyKey: string;
  description: string;
  method: PaymentMethod;
  email: string;
}

export type ChargeResult =
  | { status: "succeeded"; paymentId: string; cardBrand: string | null; last4: string | null; funding: CardFunding }
  | { status: "declined"; reason: "card_declined" | "insufficient_funds" | "expired_card" | "incorrect_cvc"; message: string }
  | { status: "error"; message: string };

export interface PaymentProvider {
  readonly name: string;
  /** Whether the card is debit or credit, asked before charging so the credit rules can apply. */
  cardFunding(method: PaymentMethod): Promise<CardFunding>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  refund(paymentId: string, amountPence: number): Promise<void>;
  /**
   * The provider's own record of the payment for an order (charged with the order id as its
   * idempotency key), for an order whose answer never reached us or could not be written: the
   * approved payment if there is one, null if there is none. Throws when the provider cannot be asked.
   */
  lookup(orderId: string): Promise<ChargeResult | null>;
}
