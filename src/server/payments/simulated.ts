import type { CardFunding, ChargeRequest, ChargeResult, PaymentMethod, PaymentProvider } from "./provider";

/**
 * A card processor's test mode, offline. Documented test cards (any future expiry, any CVC):
 *
 * | card number         | token                    | outcome                          |
 * | 4242 4242 4242 4242 | sim_approve (default)    | approved, Visa debit             |
 * | 5555 5555 5555 4444 | sim_credit_approve       | approved, Mastercard credit      |
 * | 4000 0000 0000 0002 | sim_decline              | declined                         |
 * | 4000 0000 0000 9995 | sim_insufficient_funds   | declined: insufficient funds     |
 * | 4000 0000 0000 0119 | sim_error                | processing error                 |
 *
 * Any other number that passes the Luhn check is approved as a debit card; one that fails it is
 * declined. An expiry in the past is declined as an expired card.
 */
export const SIMULATED_CARDS: Record<string, { token: string; outcome: Outcome }> = {
  "4242424242424242": { token: "sim_approve", outcome: { ok: true, brand: "visa", funding: "debit" } },
  "5555555555554444": { token: "sim_credit_approve", outcome: { ok: true, brand: "mastercard", funding: "credit" } },
  "4000000000000002": { token: "sim_decline", outcome: { ok: false, reason: "card_declined" } },
  "4000000000009995": { token: "sim_insufficient_funds", outcome: { ok: false, reason: "insufficient_funds" } },
  "4000000000000119": { token: "sim_error", outcome: { ok: false, reason: "error" } },
};

type Outcome = { ok: true; brand: string; funding: CardFunding } | { ok: false; reason: "card_declined" | "insufficient_funds" | "expired_card" | "error" };

const BY_TOKEN = new Map(Object.entries(SIMULATED_CARDS).map(([number, c]) => [c.token, { number, outcome: c.outcome }]));

const MESSAGES = {
  card_declined: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  expired_card: "Your card has expired.",
  error: "The payment processor had a problem. Please try again.",
} as const;

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

export class SimulatedPaymentProvider implements PaymentProvider {
  readonly name = "simulated";
  private readonly seen = new Map<string, ChargeResult>();
  private counter = 0;

  constructor(
    private readonly latencyMs = 0,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const previous = this.seen.get(request.idempotencyKey);
    if (previous) return previous;
    if (this.latencyMs > 0) await new Promise((r) => setTimeout(r, this.latencyMs));
    const result = this.decide(request);
    this.seen.set(request.idempotencyKey, result);
    if (this.seen.size > 50_000) this.seen.delete(this.seen.keys().next().value!);
    return result;
  }

  async refund(): Promise<void> {}

  /** Like a processor's dashboard: what it answered for that order, if it was ever asked. */
  async lookup(orderId: string): Promise<ChargeResult | null> {
    const seen = this.seen.get(orderId);
    return seen?.status === "succeeded" ? seen : null;
  }

  async cardFunding(method: PaymentMethod): Promise<CardFunding> {
    if (method.kind === "token") {
      const known = BY_TOKEN.get(method.token)?.outcome;
      return known?.ok ? known.funding : "unknown";
    }
    const known = SIMULATED_CARDS[method.number.replace(/[\s-]/g, "")]?.outcome;
    return known?.ok ? known.funding : "debit";
  }

  private decide(request: ChargeRequest): ChargeResult {
    let number: string;
    let outcome: Outcome;
    if (request.method.kind === "token") {
      const known = BY_TOKEN.get(request.method.token);
      if (!known) return { status: "declined", reason: "card_declined", message: "Unknown payment token." };
      number = known.number;
      outcome = known.outcome;
    } else {
      number = request.method.number.replace(/[\s-]/g, "");
      if (request.method.cvc.trim().length < 3 || !/^\d+$/.test(request.method.cvc.trim())) {
        return { status: "declined", reason: "incorrect_cvc", message: "Your card's security code is incorrect." };
      }
      if (expired(request.method.expiry, this.now())) {
        return { status: "declined", reason: "expired_card", message: MESSAGES.expired_card };
      }
      outcome =
        SIMULATED_CARDS[number]?.outcome ??
        (luhnValid(number) ? { ok: true, brand: brandOf(number), funding: "debit" } : { ok: false, reason: "card_declined" });
    }
    if (!outcome.ok) {
      if (outcome.reason === "error") return { status: "error", message: MESSAGES.error };
      return { status: "declined", reason: outcome.reason, message: MESSAGES[outcome.reason] };
    }
    this.counter += 1;
    return {
      status: "succeeded",
      paymentId: `sim_pay_${Date.now().toString(36)}_${this.counter}`,
      cardBrand: outcome.brand,
      last4: number.slice(-4),
      funding: outcome.funding,
    };
  }
}
