import { decimalToPence } from "../../shared/money";
import type { CardFunding, DeclineReason } from "./provider";

/*
 * The Cashflows Gateway API's records as the shop reads them. Every field name Cashflows does not
 * publish (docs/decisions: what we assumed) is read here and nowhere else, each marked ASSUMED with
 * the number of its assumption in the decision record; the rest follows the published API
 * (Cashflows' client library, its example, its WooCommerce plugin). When Cashflows' reference says
 * otherwise, this file is what changes.
 */

type Json = Record<string, unknown>;

const obj = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): Json[] => (Array.isArray(v) ? v.map(obj) : []);
const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
/** Gateway amounts are decimal strings in pounds ("14.97"); numbers are accepted too. */
const pence = (v: unknown): number | null => (typeof v === "string" || typeof v === "number" ? decimalToPence(v) : null);

export type JobStatus = "Pending" | "Paid" | "Verified" | "Failed" | "Rejected" | "Expired" | "Cancelled";
const JOB_STATUSES = new Set<string>(["Pending", "Paid", "Verified", "Failed", "Rejected", "Expired", "Cancelled"]);

export interface GatewayRefund {
  reference: string;
  /** Ours: the idempotency key of the refund call that made it (Portal refunds have none, or their own). */
  refundNumber: string | null;
  amountPence: number;
  status: string | null;
}

export interface GatewayChargeback {
  reference: string;
  amountPence: number;
  /** Open, Won or Lost. */
  status: string;
}

export interface GatewayPayment {
  reference: string;
  status: string | null;
  amountPence: number | null;
  card: { brand: string | null; last4: string | null; funding: CardFunding } | null;
  /** The Gateway's (or the acquirer's) code for why it failed, and its message for the payer. */
  error: { code: string; message: string | null } | null;
  refunds: GatewayRefund[];
  chargebacks: GatewayChargeback[];
}

export interface GatewayJob {
  reference: string;
  status: JobStatus | string;
  /** The status of the job's latest payment: `Reserved` when authorised but not captured (published: read by the client library). */
  lastPaymentStatus: string | null;
  amountPence: number | null;
  currency: string | null;
  orderNumber: string | null;
  /** The page where the buyer finishes paying (hosted page, or 3-D Secure). */
  actionUrl: string | null;
  payments: GatewayPayment[];
  error: { code: string; message: string | null } | null;
}

/** `{errorReport:{errors:[{code,message,translatedMessage}]}}` (published) → its first error. */
export function errorOf(report: unknown): { code: string; message: string | null } | null {
  const first = arr(obj(report).errors)[0];
  const code = first ? str(first.code) : null;
  return code ? { code, message: str(first!.translatedMessage) ?? str(first!.message) } : null;
}

/** The brand as the shop records it (Stripe's words: "visa", "mastercard", "amex"). */
function brandOf(scheme: string | null): string | null {
  if (!scheme) return null;
  const plain = scheme.toLowerCase().replace(/[^a-z]/g, "");
  if (plain === "americanexpress") return "amex";
  if (plain.startsWith("mastercard") || plain === "maestro") return plain === "maestro" ? "maestro" : "mastercard";
  if (plain.startsWith("visa")) return "visa";
  return plain || null;
}

function fundingOf(value: string | null): CardFunding {
  const v = value?.toLowerCase();
  return v === "debit" || v === "credit" || v === "prepaid" ? v : "unknown";
}

function paymentOf(p: Json): GatewayPayment {
  // ASSUMED (1): the card on a payment: {scheme, maskedCardNumber, fundingType}.
  const card = obj(p.card);
  const masked = str(card.maskedCardNumber);
  const hasCard = Object.keys(card).length > 0;
  return {
    reference: str(p.reference) ?? "",
    status: str(p.status),
    amountPence: pence(p.amountToCollect),
    card: hasCard
      ? { brand: brandOf(str(card.scheme)), last4: masked && /\d{4}$/.test(masked) ? masked.slice(-4) : null, funding: fundingOf(str(card.fundingType)) }
      : null,
    // ASSUMED (2): why a payment failed is its lastErrorReport (the client library reads the intent's).
    error: errorOf(p.lastErrorReport),
    // ASSUMED (3): the refunds of a payment, with our refundNumber on the ones we made.
    refunds: arr(p.refunds).map((r) => ({
      reference: str(r.reference) ?? "",
      refundNumber: str(r.refundNumber),
      amountPence: pence(r.amountToRefund) ?? 0,
      status: str(r.status),
    })),
    // ASSUMED (4): the chargebacks of a payment.
    chargebacks: arr(p.chargebacks).map((c) => ({ reference: str(c.reference) ?? "", amountPence: pence(c.amount) ?? 0, status: str(c.status) ?? "Open" })),
  };
}

/** A `GET payment-jobs/{ref}` answer (published: `{data:{…}, links:{action:{url}}}`); throws on one without a reference or status. */
export function parseJob(body: unknown): GatewayJob {
  const root = obj(body);
  const data = obj(root.data);
  const reference = str(data.reference) ?? str(data.paymentJobReference);
  const status = str(data.paymentStatus);
  if (!reference || !status) throw new Error("Cashflows answered a payment job without a reference or status");
  return {
    reference,
    status,
    lastPaymentStatus: str(data.lastPaymentStatus),
    amountPence: pence(data.amountToCollect),
    currency: str(data.currency),
    orderNumber: str(obj(data.order).orderNumber),
    // ASSUMED (6): a job made from a payment intent has a hosted page too, answered the same way.
    actionUrl: str(obj(obj(root.links).action).url),
    payments: arr(data.payments).map(paymentOf),
    error: errorOf(data.lastErrorReport),
  };
}

export function isKnownJobStatus(status: string): status is JobStatus {
  return JOB_STATUSES.has(status);
}

/** `POST payment-intents/` → `{data:{paymentJobReference, token}}` (published). */
export function parseIntent(body: unknown): { jobReference: string; token: string } {
  const data = obj(obj(body).data);
  const jobReference = str(data.paymentJobReference);
  const token = str(data.token);
  if (!jobReference || !token) throw new Error("Cashflows answered a payment intent without its job reference or token");
  return { jobReference, token };
}

/** `POST payment-jobs` → `{data:{reference}, links:{action:{url}}}` (published: the hosted payment page). */
export function parseCreatedJob(body: unknown): { jobReference: string; actionUrl: string } {
  const root = obj(body);
  const jobReference = str(obj(root.data).reference);
  const actionUrl = str(obj(obj(root.links).action).url);
  if (!jobReference || !actionUrl) throw new Error("Cashflows answered a payment job without its reference or payment page");
  return { jobReference, actionUrl };
}

/**
 * A failed payment's code in the shop's words. Gateway codes are published; the acquirer's response
 * codes (Dx02 and the like) come through as the payment's error code (ASSUMED 2).
 */
const DECLINES: Record<string, DeclineReason> = {
  ThreeDSecureFailed: "authentication_failed",
  ThreeDSecureUnavailable: "authentication_failed",
  NonThreeDSecureNotAllowed: "authentication_failed",
  Dx02: "insufficient_funds",
  Vx02: "expired_card",
  Vx05: "incorrect_cvc",
};

export function declineReasonOf(code: string | null | undefined): DeclineReason {
  return (code && DECLINES[code]) || "card_declined";
}

/** What the buyer is told (never the acquirer's raw text). */
export const DECLINE_MESSAGES: Record<DeclineReason, string> = {
  card_declined: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  expired_card: "Your card has expired.",
  incorrect_cvc: "Your card's security code is incorrect.",
  authentication_failed: "Your bank could not confirm the payment (3-D Secure).",
};
