import type { Db } from "../../../../db/client";
import type { Mailer } from "../../mail/mailer";
import type { PaymentMethod, PaymentProvider } from "../../payments/provider";
import type { Counters } from "../../limits";
import type { PurchaseGuard } from "./guard";

/** How long a pending order keeps its ticket numbers. Far longer than any payment call may take. */
export const HOLD_MS = 10 * 60 * 1000;
/**
 * How long an order waiting on the buyer's bank (3-D Secure) keeps them, counted from the challenge
 * and never past HOLD_MS: long enough to answer a challenge, short enough that an abandoned one
 * gives its numbers back soon.
 */
export const AUTH_HOLD_MS = 5 * 60 * 1000;

export interface OrderDeps {
  db: Db;
  payments: PaymentProvider;
  mailer: Mailer;
  now?: () => Date;
  /** How long a pending order holds its numbers; HOLD_MS unless configured. */
  holdMs?: number;
  /** How long an order waiting on 3-D Secure holds them from the challenge on; AUTH_HOLD_MS unless configured. */
  authHoldMs?: number;
  /** The shop's public origin, for links in mail sent while settling (an instant win's); "" makes them relative. */
  origin?: string;
  /** Limits on failed payments and holds at once; none when absent (server-side callers, tests). */
  guard?: PurchaseGuard;
  /** Told what became of each order (the operator's metrics); nothing is told when absent. */
  onOutcome?: PurchaseObserver;
  /** The shop's counters, where a refund of an order takes its turn (one process's own when absent). */
  counters?: Counters;
}

/**
 * What became of an order, as the operator's metrics count it: paid; three_ds (the buyer's bank
 * asked for a challenge, which ends later as one of the others); declined or error (the provider
 * refused or failed); expired (its hold ran out unpaid); refused (the shop refused to take it, with
 * the error code as the reason).
 */
export type PurchaseOutcome = "paid" | "three_ds" | "declined" | "error" | "expired" | "refused";
/** `reason` is from a small fixed set (a decline reason, an error code), never free text. */
export type PurchaseObserver = (outcome: PurchaseOutcome, reason?: string) => void;

export interface OrderLineRequest {
  competitionId: string;
  quantity: number;
  answer?: string | null;
  /** Numbers the buyer chose (competitions with pickNumbers); any not chosen are drawn at random. */
  numbers?: string[];
}

export interface PlaceOrderArgs {
  userId: string | null;
  customerName: string;
  customerEmail: string;
  lines: OrderLineRequest[];
  /** The card; null only when site credit pays the whole order (refused otherwise: "Enter your card details"). */
  method: PaymentMethod | null;
  /** Spend the signed-in buyer's site credit first; the card pays the rest. */
  useCredit?: boolean;
  /** A discount code (in capitals): checked, priced and its use taken inside the hold (src/server/services/promotions/discount-codes.ts). */
  discountCode?: string | null;
  /**
   * A web checkout (which asks for the card's billing address) sent none: allowed only when site
   * credit pays the whole order, which only the hold knows (refused otherwise: "Billing address is required").
   */
  billingMissing?: boolean;
  /** Where the buyer returns after authenticating: /checkout/complete?order={id} (the order id is appended). */
  returnUrl: string;
  /** The web checkout lets Stripe.js handle authentication; a REST client is sent to a page instead. */
  useSdk?: boolean;
  idempotencyKey?: string | null;
  /** The buyer's address, for the purchase guard. */
  ip?: string;
}
