import { z } from "zod";
import { pageOf, pageQuery, recordId } from "./common";
import { instantWinView } from "./instant-wins";

/**
 * An order's life (README, "What each order status means"): pending → paid | failed |
 * requires_action; requires_action → paid | failed; paid → partially_refunded | refunded | disputed.
 */
export const ORDER_STATUS_VALUES = ["pending", "requires_action", "paid", "failed", "refunded", "partially_refunded", "disputed"] as const;
export const orderStatus = z.enum(ORDER_STATUS_VALUES);
export type OrderStatusValue = z.infer<typeof orderStatus>;

/** An entry's tickets; refunded and disputed ones were taken out of the draw. */
export const ENTRY_STATUS_VALUES = ["paid", "pending", "failed", "refunded", "disputed", "other"] as const;
export const entryStatus = z.enum(ENTRY_STATUS_VALUES);

/**
 * What the buyer must do before the payment completes: go to a page (the bank's, or the acquirer's
 * payment page) and come back, or let the payment provider's own component in the checkout finish
 * it (Stripe.js's authentication; Cashflows' card form and challenge), given the secret it needs.
 */
export const nextAction = z.discriminatedUnion("type", [
  z.object({ type: z.literal("redirect"), url: z.string() }),
  z.object({ type: z.literal("embedded"), provider: z.enum(["stripe", "cashflows"]), clientSecret: z.string() }),
]);
export type NextActionView = z.infer<typeof nextAction>;

/** GET /api/payments/config: which payment component the checkout shows, and what it needs. */
export const paymentConfig = z.object({
  provider: z.enum(["simulated", "stripe", "cashflows"]),
  /** Stripe's publishable key (pk_…) for the Payment Element; null for other providers. */
  publishableKey: z.string().nullable(),
  /** The Cashflows environment its card form talks to; null for other providers. */
  environment: z.enum(["integration", "production"]).nullable(),
  /** The wallets Cashflows' form offers beside the card (where the device has them); empty for other providers. */
  wallets: z.array(z.enum(["google_pay", "apple_pay"])),
  /** How the charge appears on the buyer's card statement. */
  statementDescriptor: z.string(),
});
export type PaymentConfig = z.infer<typeof paymentConfig>;

export const orderLine = z.object({
  entryId: z.string(),
  competitionId: z.string(),
  competitionTitle: z.string(),
  quantity: z.number().int(),
  amount: z.string(),
  /** What each ticket of the line cost (a multibuy price where one applied). */
  unitPrice: z.string(),
  /** What the multibuy price took off the line ("0.00" when none applied). */
  saving: z.string(),
  /** The line's share of the discount code ("0.00" when none); `amount` is after it. */
  discount: z.string(),
  /** The buyer's numbers once paid; empty while pending, and once voided by a refund or dispute. */
  ticketNumbers: z.array(z.string()),
  status: entryStatus,
});

export const orderPayment = z.object({
  provider: z.string(),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  funding: z.string().nullable(),
});

export const orderRefund = z.object({
  amount: z.string(),
  reason: z.string(),
  at: z.string(),
  /** Where the money went: back to the card, or (for a part paid by site credit) back to the site credit. */
  to: z.enum(["card", "site_credit"]),
});

/** GET /api/orders/{id}: the buyer's (or an admin's) view of one order; also what the checkouts answer. */
export const orderView = z.object({
  id: z.string(),
  /** The same as `id`: the name the checkout answers used first. */
  orderId: z.string(),
  /** What people see and quote, e.g. "2A7FA99C" (the end of the id); GET /orders/{id} takes it in place of the id. */
  reference: z.string(),
  status: orderStatus,
  amount: z.string(),
  currency: z.literal("GBP"),
  createdAt: z.string(),
  lines: z.array(orderLine),
  /** Site credit spent on the order ("0.00" when none); the card paid the rest of `amount`. */
  creditUsed: z.string(),
  /** What the discount code took off the order ("0.00" when none); `amount` is after it. */
  discount: z.string(),
  /** The discount code used (in capitals), or null. */
  discountCode: z.string().nullable(),
  /** The card's payment; null when nothing was left for a card to pay (site credit paid it all). */
  payment: orderPayment.nullable(),
  refunds: z.array(orderRefund),
  /** Set while the buyer must authenticate (status requires_action), otherwise null. */
  nextAction: nextAction.nullable(),
  /**
   * Why a failed order was refused, when it is the buyer's to know: a credit card the shop's rules refuse,
   * found only once the provider said what the card is (no credit cards on instant wins; the monthly cap).
   */
  failureMessage: z.string().nullable().optional(),
  /** Instant prizes this order's tickets won the moment they were paid for. */
  instantWins: z.array(instantWinView),
});
export type OrderView = z.infer<typeof orderView>;

/** GET /user/orders?page=&pageSize=: one page of the customer's orders (without either, the spec-style array of the newest). */
export const userOrdersQuery = pageQuery(50);
export const userOrdersPage = pageOf(orderView);
export type UserOrdersPage = z.infer<typeof userOrdersPage>;

/** GET /api/admin/orders/{id}: the order page of the back office. */
export const adminOrderView = orderView.extend({
  customer: z.object({ userId: z.string().nullable(), name: z.string(), email: z.string() }),
  failureReason: z.string().nullable(),
  refunded: z.string(),
  /** What a refund may still give back. */
  refundable: z.string(),
  dispute: z.object({ id: z.string(), status: z.string().nullable() }).nullable(),
  /** Per competition of the order: whether its draw pool is frozen (a refund then leaves the tickets in). */
  pools: z.array(z.object({ competitionId: z.string(), frozen: z.boolean() })),
});
export type AdminOrderView = z.infer<typeof adminOrderView>;

const money = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, "Enter an amount such as 2.50");

/** POST /api/admin/orders/{id}/refund: the whole remaining amount when `amount` is absent. */
export const refundInput = z.strictObject({
  id: recordId,
  amount: money.optional(),
  reason: z.string({ error: "Give a reason for the refund" }).trim().min(3, "Give a reason for the refund").max(500),
  /** The same key (or an Idempotency-Key header) makes a repeat of this refund a no-op; without one, the same amount and reason do. */
  idempotencyKey: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{8,100}$/, "Invalid idempotency key")
    .optional(),
});

/** The simulated provider's card form (it stands in for the provider's iframe; only its token reaches the order). */
export const simulatedCardInput = z.strictObject({
  cardNumber: z.string().trim().min(1, "Card number is required").max(23, "Card number is too long"),
  expiryDate: z.string().trim().min(1, "Expiry date is required").max(7, "Use MM/YY"),
  cvv: z.string().trim().min(1, "CVV is required").max(4, "CVV is too long"),
  nameOnCard: z.string().trim().max(120).optional(),
});

export const simulatedToken = z.object({ token: z.string(), brand: z.string(), last4: z.string(), funding: z.string() });

/** The simulated bank's challenge page. */
export const simulatedChallenge = z.object({
  id: z.string(),
  orderId: z.string(),
  amount: z.string(),
  currency: z.literal("GBP"),
  status: z.enum(["requires_action", "succeeded", "failed", "canceled"]),
  returnUrl: z.string(),
});

export const simulatedAuthenticateInput = z.strictObject({ id: recordId, outcome: z.enum(["approve", "fail"]) });
