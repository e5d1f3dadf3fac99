import { createHash, randomBytes } from "node:crypto";
import type { CardFunding, ChargeRequest, ChargeResult, DeclineReason, PaymentEvent, PaymentMethod, PaymentProvider, RefundRequest } from "./provider";
import { memorySimulatedStore, type SimulatedPayment, type SimulatedStore } from "./simulated-store";

/**
 * A card processor's test mode, offline. Documented test cards (any future expiry, any CVC):
 *
 * | card number         | token                    | outcome                                        |
 * | 4242 4242 4242 4242 | sim_approve (default)    | approved, Visa debit                           |
 * | 5555 5555 5555 4444 | sim_credit_approve       | approved, Mastercard credit                    |
 * | 4000 0027 6000 3184 | sim_3ds_required         | approved only after 3-D Secure authentication  |
 * | 4000 0000 0000 0002 | sim_decline              | declined                                       |
 * | 4000 0000 0000 9995 | sim_insufficient_funds   | declined: insufficient funds                   |
 * | 4000 0000 0000 0119 | sim_error                | processing error                               |
 *
 * Like a provider's card form, `tokenise` checks the card (number, expiry, security code) and
 * answers a token; the order carries only that. Any other number that passes the Luhn check is
 * approved as a debit card (token `sim_card_<brand>_<last4>`).
 */
export const SIMULATED_CARDS: Record<string, { token: string; outcome: Outcome }> = {
  "4242424242424242": { token: "sim_approve", outcome: { ok: true, brand: "visa", funding: "debit" } },
  "5555555555554444": { token: "sim_credit_approve", outcome: { ok: true, brand: "mastercard", funding: "credit" } },
  "4000002760003184": { token: "sim_3ds_required", outcome: { ok: true, brand: "visa", funding: "debit", authenticate: true } },
  "4000000000000002": { token: "sim_decline", outcome: { ok: false, reason: "card_declined" } },
  "4000000000009995": { token: "sim_insufficient_funds", outcome: { ok: false, reason: "insufficient_funds" } },
  "4000000000000119": { token: "sim_error", outcome: { ok: false, reason: "error" } },
};

type Outcome =
  | { ok: true; brand: string; funding: CardFunding; authenticate?: boolean }
  | { ok: false; reason: "card_declined" | "insufficient_funds" | "expired_card" | "error" };

interface Card {
  number: string;
  outcome: Outcome;
}

const BY_TOKEN = new Map(Object.entries(SIMULATED_CARDS).map(([number, c]) => [c.token, { number, outcome: c.outcome }]));

const MESSAGES = {
  card_declined: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  expired_card: "Your card has expired.",
  authentication_failed: "Your bank could not authenticate this payment.",
  error: "The payment processor had a problem. Please try again.",
} as const;

/** Where the simulated bank's challenge page lives; a REST client POSTs `{ outcome }` to the same URL. */
export const SIMULATED_CHALLENGE_PATH = "/payments/simulated/authenticate/";

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function expired(expiry: string, now: Date): boolean {
  const m = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!m) return true;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return true;
  return new Date(year, month, 1).getTime() <= now.getTime();
}

function brandOf(number: string): string {
  if (number.startsWith("4")) return "visa";
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return "mastercard";
  if (/^3[47]/.test(number)) return "amex";
  return "card";
}

/** Like a processor's card fingerprint: the same card number always gives the same one, and it cannot be turned back into the number. */
function fingerprintOf(number: string): string {
  return createHash("sha256").update(`simulated-card:${number}`).digest("base64url").slice(0, 16);
}

/** A `sim_card_<brand>_<last4>` token of a card that is not one of the test cards. */
function cardOfToken(token: string): Card | undefined {
  const known = BY_TOKEN.get(token);
  if (known) return known;
  const m = /^sim_card_(visa|mastercard|amex|card)_(\d{4})$/.exec(token);
  return m ? { number: `000000000000${m[2]}`, outcome: { ok: true, brand: m[1]!, funding: "debit" } } : undefined;
}

export type TokeniseResult =
  { ok: true; token: string; brand: string; last4: string; funding: CardFunding } | { ok: false; field: "cardNumber" | "expiryDate" | "cvv"; message: string };

type Succeeded = Extract<ChargeResult, { status: "succeeded" }>;

export interface SimulatedOptions {
  latencyMs?: number;
  now?: () => Date;
  /** Where payments waiting on authentication are kept; memory unless the shop gives it its database. */
  store?: SimulatedStore;
  /** The shop's public origin, for the challenge page's absolute URL; else the return URL's origin. */
  origin?: string;
}

export class SimulatedPaymentProvider implements PaymentProvider {
  readonly name = "simulated";
  private readonly seen = new Map<string, ChargeResult>();
  private readonly latencyMs: number;
  private readonly now: () => Date;
  private readonly store: SimulatedStore;
  private readonly origin: string;
  private listener: ((event: PaymentEvent) => Promise<unknown>) | null = null;
  /** Payment ids of frictionless payments: unique (a random prefix per process, then a count), cheap to make. */
  private readonly prefix = randomBytes(6).toString("hex");
  private counter = 0;

  constructor(options: SimulatedOptions | number = {}, now?: () => Date) {
    const o = typeof options === "number" ? { latencyMs: options, now } : options;
    this.latencyMs = o.latencyMs ?? 0;
    this.now = o.now ?? (() => new Date());
    this.store = o.store ?? memorySimulatedStore();
    this.origin = o.origin ?? "";
  }

  /** Like a webhook endpoint registered with the processor: told when a challenge completes. */
  onEvent(listener: (event: PaymentEvent) => Promise<unknown>): void {
    this.listener = listener;
  }

  /** The provider's card form: checks the card and answers a token that stands for it. */
  tokenise(card: { number: string; expiry: string; cvc: string }): TokeniseResult {
    const number = card.number.replace(/[\s-]/g, "");
    if (!luhnValid(number)) return { ok: false, field: "cardNumber", message: "Your card number is invalid." };
    if (expired(card.expiry, this.now())) return { ok: false, field: "expiryDate", message: "Your card's expiry date is in the past or invalid." };
    if (!/^\d{3,4}$/.test(card.cvc.trim())) return { ok: false, field: "cvv", message: "Your card's security code is incomplete." };
    const known = SIMULATED_CARDS[number];
    const brand = known?.outcome.ok ? known.outcome.brand : brandOf(number);
    const funding = known?.outcome.ok ? known.outcome.funding : "debit";
    return { ok: true, token: known?.token ?? `sim_card_${brandOf(number)}_${number.slice(-4)}`, brand, last4: number.slice(-4), funding };
  }

  async cardFunding(method: PaymentMethod): Promise<CardFunding> {
    const card = cardOfToken(method.token);
    return card?.outcome.ok ? card.outcome.funding : "unknown";
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const previous = this.seen.get(request.idempotencyKey);
    if (previous) return previous;
    // Only a card that authenticates has a stored record (the frictionless path stays in memory).
    const outcome = cardOfToken(request.method.token)?.outcome;
    const stored = outcome?.ok && outcome.authenticate ? await this.store.byKey(request.idempotencyKey) : undefined;
    if (stored) return this.recordOf(stored);
    if (this.latencyMs > 0) await new Promise((r) => setTimeout(r, this.latencyMs));
    const result = await this.decide(request);
    if (result.status !== "requires_action") this.remember(request.idempotencyKey, result);
    return result;
  }

  async retrieve(paymentId: string): Promise<ChargeResult> {
    const stored = await this.store.get(paymentId);
    if (stored) return this.recordOf(stored);
    for (const result of this.seen.values()) if ("paymentId" in result && result.paymentId === paymentId) return result;
    throw new Error(`No such payment: ${paymentId}`);
  }

  async cancel(paymentId: string): Promise<void> {
    // Only a payment still waiting on its challenge is cancelled.
    await this.store.answer(paymentId, "canceled", this.now());
  }

  async refund(request: RefundRequest): Promise<{ refundId: string; amountPence: number }> {
    if (request.amountPence <= 0) throw new Error("A refund must be more than nothing");
    return { refundId: `sim_re_${request.idempotencyKey}`, amountPence: request.amountPence };
  }

  /** Like a processor's dashboard: the approved payment for that order, if there is one. */
  async lookup(orderId: string): Promise<ChargeResult | null> {
    const seen = this.seen.get(orderId);
    if (seen?.status === "succeeded") return seen;
    const stored = await this.store.byKey(orderId);
    if (!stored) return null;
    const record = this.recordOf(stored);
    return record.status === "succeeded" ? record : null;
  }

  /** What the payment's challenge page shows, or null for an unknown payment. */
  async challenge(paymentId: string): Promise<SimulatedPayment | null> {
    return (await this.store.get(paymentId)) ?? null;
  }

  /**
   * The bank's answer to the buyer's challenge. Only a payment still waiting can be answered; the
   * shop is told (as a webhook would) and settles from this record, not from the browser.
   */
  async authenticate(paymentId: string, outcome: "approve" | "fail"): Promise<SimulatedPayment | null> {
    const stored = await this.store.get(paymentId);
    if (!stored) return null;
    if (stored.status !== "requires_action") return stored;
    const status = outcome === "approve" ? "succeeded" : "failed";
    // Answered once: an answer (or a cancel) that took first stands, and this one is told what it was.
    if (!(await this.store.answer(paymentId, status, this.now()))) return (await this.store.get(paymentId)) ?? stored;
    const updated = { ...stored, status } as const;
    await this.listener?.({
      id: `sim_evt_${randomBytes(8).toString("hex")}`,
      type: status === "succeeded" ? "payment.succeeded" : "payment.failed",
      paymentId,
      orderId: stored.orderId,
    });
    return updated;
  }

  /** The shop's origin: configured, or the one the buyer's return URL was made for. */
  private originOf(p: SimulatedPayment): string {
    if (this.origin) return this.origin;
    try {
      return new URL(p.returnUrl).origin;
    } catch {
      return "";
    }
  }

  private remember(key: string, result: ChargeResult): void {
    this.seen.set(key, result);
    if (this.seen.size > 50_000) this.seen.delete(this.seen.keys().next().value!);
  }

  private recordOf(p: SimulatedPayment): ChargeResult {
    const card = cardOfToken(p.token);
    switch (p.status) {
      case "requires_action":
        return { status: "requires_action", paymentId: p.id, nextAction: { type: "redirect", url: `${this.originOf(p)}${SIMULATED_CHALLENGE_PATH}${p.id}` } };
      case "succeeded":
        return {
          status: "succeeded",
          paymentId: p.id,
          cardBrand: card?.outcome.ok ? card.outcome.brand : null,
          last4: card?.number.slice(-4) ?? null,
          funding: "debit",
          fingerprint: card ? fingerprintOf(card.number) : null,
        };
      default:
        return { status: "declined", reason: "authentication_failed", message: MESSAGES.authentication_failed, paymentId: p.id };
    }
  }

  private async decide(request: ChargeRequest): Promise<ChargeResult> {
    const card = cardOfToken(request.method.token);
    if (!card) return { status: "declined", reason: "card_declined", message: "Unknown payment token." };
    const outcome = card.outcome;
    if (!outcome.ok) {
      if (outcome.reason === "error") return { status: "error", message: MESSAGES.error };
      return { status: "declined", reason: outcome.reason as DeclineReason, message: MESSAGES[outcome.reason] };
    }
    if (outcome.authenticate) {
      // A challenge's id is its only key (the bank's page is public), so it is unguessable.
      const paymentId = `sim_pi_${randomBytes(12).toString("hex")}`;
      const record: SimulatedPayment = {
        id: paymentId,
        idempotencyKey: request.idempotencyKey,
        orderId: request.orderId,
        amountPence: request.amountPence,
        token: request.method.token,
        returnUrl: request.returnUrl,
        status: "requires_action",
      };
      await this.store.put(record, this.now());
      // The payment kept under this key: another charge with the same key may have kept its own first.
      return this.recordOf((await this.store.byKey(request.idempotencyKey)) ?? record);
    }
    this.counter += 1;
    const succeeded: Succeeded = {
      status: "succeeded",
      paymentId: `sim_pi_${this.prefix}_${this.counter}`,
      cardBrand: outcome.brand,
      last4: card.number.slice(-4),
      funding: outcome.funding,
      fingerprint: fingerprintOf(card.number),
    };
    return succeeded;
  }
}
