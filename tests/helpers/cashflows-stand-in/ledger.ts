import { randomBytes } from "node:crypto";
import { errorReport, masked, TEST_CARDS, type Funding } from "./cards";

/*
 * The stand-in's record of payment jobs, as the Gateway API describes them (published fields) plus
 * the ones the shop's adapter assumes (card, lastErrorReport, refunds, chargebacks: see
 * src/server/payments/gateway-records.ts).
 */

export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
  get body() {
    return { errorReport: errorReport(this.code, this.message) };
  }
}

export type JobStatus = "Pending" | "Paid" | "Verified" | "Failed" | "Rejected" | "Expired" | "Cancelled";
export type PaymentStatus = "Pending" | "Reserved" | "Paid" | "Failed" | "Cancelled";

export interface StandInRefund {
  reference: string;
  refundNumber: string | null;
  amountPence: number;
  status: "Completed";
  createdAt: string;
}

export interface StandInChargeback {
  reference: string;
  amountPence: number;
  status: "Open" | "Won" | "Lost";
}

export interface StandInPayment {
  reference: string;
  status: PaymentStatus;
  amountPence: number;
  card: { scheme: string; number: string; funding: Funding };
  error: string | null;
  refunds: StandInRefund[];
  chargebacks: StandInChargeback[];
  capturedPence: number;
}

export interface StandInJob {
  reference: string;
  /** The payment intent's token (web checkout); null for a hosted-page job. */
  token: string | null;
  kind: "intent" | "job";
  configurationId: string;
  amountPence: number;
  currency: string;
  orderNumber: string | null;
  email: string | null;
  parameters: Record<string, string>;
  status: JobStatus;
  payments: StandInPayment[];
  /** The full request body it was created with, as received. */
  request: Record<string, unknown>;
}

export interface Configuration {
  apiKey: string;
  /** "immediate": a payment is Paid at once; "reserve": Reserved, captured by a capture call. */
  capture: "immediate" | "reserve";
}

export interface CardInput {
  number: string;
  expiry?: string;
  cvc?: string;
  name?: string;
}

const ref = (prefix: string) => `${prefix}${randomBytes(6).toString("hex").toUpperCase()}`;
const pounds = (pence: number) => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, "0")}`;

function parsePence(value: unknown, field: string): number {
  const text = typeof value === "number" ? value.toFixed(2) : value;
  if (typeof text !== "string" || !/^\d{1,9}(\.\d{1,2})?$/.test(text))
    throw new GatewayError(400, "InvalidAmount", `${field} must be an amount such as "14.97"`);
  const [whole, frac = ""] = text.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}

export class CashflowsLedger {
  readonly jobs = new Map<string, StandInJob>();
  readonly byToken = new Map<string, StandInJob>();
  /** Values typed into the card form's frames, by preparation id. */
  readonly preparations = new Map<string, { inputtype: string; value: string }>();

  constructor(
    readonly configurations: Map<string, Configuration>,
    /** Told each time a job's payment changes (the stand-in sends the notification). */
    private readonly changed: (job: StandInJob, payment: StandInPayment | null) => void,
    private readonly links: { hostedPage: (job: StandInJob) => string; challenge: (job: StandInJob, payment: StandInPayment) => string },
  ) {}

  job(reference: string): StandInJob {
    const job = this.jobs.get(reference);
    if (!job) throw new GatewayError(404, "PaymentJobNotFound", `No payment job ${reference}`);
    return job;
  }

  intent(token: string): StandInJob {
    const job = this.byToken.get(token);
    if (!job) throw new GatewayError(404, "PaymentIntentNotFound", "Invalid payment intent.");
    return job;
  }

  payment(job: StandInJob, reference: string): StandInPayment {
    const payment = job.payments.find((p) => p.reference === reference);
    if (!payment) throw new GatewayError(404, "PaymentNotFound", `No payment ${reference} on job ${job.reference}`);
    return payment;
  }

  create(kind: "intent" | "job", configurationId: string, body: Record<string, unknown>): StandInJob {
    const amountPence = parsePence(body.amountToCollect, "amountToCollect");
    if (typeof body.currency !== "string" || !/^[A-Z]{3}$/.test(body.currency))
      throw new GatewayError(400, "InvalidCurrency", "currency must be an ISO 4217 code");
    const order = (body.order ?? {}) as { orderNumber?: unknown; billingIdentity?: { emailAddress?: unknown } };
    const parameters = Object.fromEntries(
      Object.entries((body.parameters ?? {}) as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === "string"),
    );
    const job: StandInJob = {
      reference: ref("2511"),
      token: kind === "intent" ? randomBytes(24).toString("base64url") : null,
      kind,
      configurationId,
      amountPence,
      currency: body.currency,
      orderNumber: typeof order.orderNumber === "string" ? order.orderNumber : null,
      email: typeof order.billingIdentity?.emailAddress === "string" ? order.billingIdentity.emailAddress : null,
      parameters,
      status: "Pending",
      payments: [],
      request: body,
    };
    this.jobs.set(job.reference, job);
    if (job.token) this.byToken.set(job.token, job);
    return job;
  }

  lastPayment(job: StandInJob): StandInPayment | undefined {
    return job.payments.at(-1);
  }

  /** A payment with a card (the card form's, the hosted page's, or a test's): paid, reserved, declined or waiting on 3-D Secure. */
  pay(job: StandInJob, input: CardInput): StandInPayment {
    if (job.status !== "Pending") throw new GatewayError(400, "InvalidPaymentStatus", `The payment job is ${job.status}`);
    if (this.lastPayment(job)?.status === "Reserved") throw new GatewayError(400, "InvalidPaymentStatus", "The payment job already has a reserved payment");
    const number = input.number.replace(/\D/g, "");
    const card = TEST_CARDS[number];
    const payment: StandInPayment = {
      reference: ref("P"),
      status: "Pending",
      amountPence: job.amountPence,
      card: { scheme: card?.scheme ?? (number.startsWith("5") ? "Mastercard" : "Visa"), number, funding: card?.funding ?? "Debit" },
      error: null,
      refunds: [],
      chargebacks: [],
      capturedPence: 0,
    };
    job.payments.push(payment);
    const expired = input.expiry ? isPast(input.expiry) : false;
    const decline = !card ? "Dx05" : expired ? "Vx02" : input.cvc === "000" ? "Vx05" : typeof card.outcome === "object" ? card.outcome.declined : null;
    if (decline) return this.fail(job, payment, decline);
    if (card!.outcome === "challenge") return payment; // Pending, with the challenge page as its action.
    return this.authorise(job, payment);
  }

  /** The cardholder's answer on the 3-D Secure page. */
  authenticate(job: StandInJob, outcome: "approve" | "fail"): StandInPayment {
    const payment = this.lastPayment(job);
    if (!payment || payment.status !== "Pending" || job.status !== "Pending")
      throw new GatewayError(400, "InvalidPaymentStatus", "No payment is waiting on 3-D Secure");
    return outcome === "approve" ? this.authorise(job, payment) : this.fail(job, payment, "ThreeDSecureFailed");
  }

  private authorise(job: StandInJob, payment: StandInPayment): StandInPayment {
    const config = this.configurations.get(job.configurationId);
    if (config?.capture === "reserve") {
      payment.status = "Reserved";
    } else {
      payment.status = "Paid";
      payment.capturedPence = payment.amountPence;
      job.status = "Paid";
    }
    this.changed(job, payment);
    return payment;
  }

  private fail(job: StandInJob, payment: StandInPayment, code: string): StandInPayment {
    payment.status = "Failed";
    payment.error = code;
    job.status = "Failed";
    this.changed(job, payment);
    return payment;
  }

  capture(job: StandInJob, paymentRef: string, body: Record<string, unknown>): StandInPayment {
    const payment = this.payment(job, paymentRef);
    if (payment.status !== "Reserved") throw new GatewayError(400, "InvalidPaymentStatus", `The payment is ${payment.status}, not Reserved`);
    const amount = body.amountToCollect === undefined ? payment.amountPence : parsePence(body.amountToCollect, "amountToCollect");
    if (amount > payment.amountPence || amount <= 0) throw new GatewayError(400, "InvalidAmount", "The capture exceeds the reserved amount");
    payment.status = "Paid";
    payment.capturedPence = amount;
    job.status = "Paid";
    this.changed(job, payment);
    return payment;
  }

  cancelPayment(job: StandInJob, paymentRef: string): StandInPayment {
    const payment = this.payment(job, paymentRef);
    if (payment.status !== "Reserved" && payment.status !== "Pending") throw new GatewayError(400, "InvalidPaymentStatus", `The payment is ${payment.status}`);
    payment.status = "Cancelled";
    job.status = "Cancelled";
    this.changed(job, payment);
    return payment;
  }

  cancelJob(job: StandInJob): StandInJob {
    if (job.status !== "Pending") throw new GatewayError(400, "InvalidPaymentStatus", `The payment job is ${job.status}`);
    if (this.lastPayment(job)?.status === "Reserved") throw new GatewayError(400, "InvalidPaymentStatus", "Cancel the reserved payment instead");
    for (const p of job.payments) if (p.status === "Pending") p.status = "Cancelled";
    job.status = "Cancelled";
    this.changed(job, this.lastPayment(job) ?? null);
    return job;
  }

  /** A refund by our API call (with its refundNumber) or the Portal (without). */
  refund(job: StandInJob, paymentRef: string, amountPence: number | null, refundNumber: string | null): StandInRefund {
    const payment = this.payment(job, paymentRef);
    if (payment.status !== "Paid") throw new GatewayError(400, "InvalidPaymentForRefund", `A ${payment.status} payment cannot be refunded`);
    const refunded = payment.refunds.reduce((s, r) => s + r.amountPence, 0);
    const remaining = payment.capturedPence - refunded;
    if (remaining <= 0) throw new GatewayError(400, "PaymentAlreadyFullyRefunded", "The payment has already been fully refunded");
    const amount = amountPence ?? remaining;
    if (amount <= 0) throw new GatewayError(400, "InvalidAmount", "amountToRefund must be positive");
    if (amount > remaining) throw new GatewayError(400, "RefundAmountExceedsOriginalAmount", "The refund exceeds what is left of the payment");
    const refund: StandInRefund = { reference: ref("R"), refundNumber, amountPence: amount, status: "Completed", createdAt: new Date().toISOString() };
    payment.refunds.push(refund);
    this.changed(job, payment);
    return refund;
  }

  chargeback(job: StandInJob): StandInChargeback {
    const payment = job.payments.findLast((p) => p.status === "Paid");
    if (!payment) throw new GatewayError(400, "InvalidPaymentStatus", "No paid payment to charge back");
    const chargeback: StandInChargeback = { reference: ref("CB"), amountPence: payment.capturedPence, status: "Open" };
    payment.chargebacks.push(chargeback);
    this.changed(job, payment);
    return chargeback;
  }

  closeChargeback(job: StandInJob, status: "Won" | "Lost"): StandInChargeback {
    const payment = job.payments.find((p) => p.chargebacks.some((c) => c.status === "Open"));
    const chargeback = payment?.chargebacks.find((c) => c.status === "Open");
    if (!payment || !chargeback) throw new GatewayError(400, "InvalidPaymentStatus", "No open chargeback");
    chargeback.status = status;
    this.changed(job, payment);
    return chargeback;
  }

  /** The job lapses unpaid (Cashflows expires jobs nobody paid). */
  expire(job: StandInJob): StandInJob {
    if (job.status !== "Pending") throw new GatewayError(400, "InvalidPaymentStatus", `The payment job is ${job.status}`);
    job.status = "Expired";
    this.changed(job, this.lastPayment(job) ?? null);
    return job;
  }

  // ── As the API answers ───────────────────────────────────────────────────────────────────────

  lastPaymentStatus(job: StandInJob): string | null {
    return this.lastPayment(job)?.status ?? null;
  }

  /** Where the buyer goes next: the 3-D Secure page of a payment waiting on it, else (a pending job) its hosted page. */
  actionUrl(job: StandInJob): string | null {
    if (job.status !== "Pending") return null;
    const last = this.lastPayment(job);
    if (last?.status === "Pending") return this.links.challenge(job, last);
    if (last?.status === "Reserved") return null;
    return this.links.hostedPage(job);
  }

  renderPayment(p: StandInPayment) {
    return {
      reference: p.reference,
      status: p.status,
      paymentMethods: ["Card"],
      amountToCollect: pounds(p.amountPence),
      card: { scheme: p.card.scheme, maskedCardNumber: masked(p.card.number), fundingType: p.card.funding },
      ...(p.error ? { lastErrorReport: errorReport(p.error) } : {}),
      refunds: p.refunds.map((r) => ({ reference: r.reference, refundNumber: r.refundNumber, amountToRefund: pounds(r.amountPence), status: r.status })),
      chargebacks: p.chargebacks.map((c) => ({ reference: c.reference, amount: pounds(c.amountPence), status: c.status })),
    };
  }

  renderJob(job: StandInJob) {
    const last = this.lastPayment(job);
    const action = this.actionUrl(job);
    return {
      data: {
        reference: job.reference,
        paymentStatus: job.status,
        lastPaymentStatus: last?.status ?? null,
        amountToCollect: pounds(job.amountPence),
        currency: job.currency,
        order: { orderNumber: job.orderNumber, billingIdentity: { emailAddress: job.email } },
        ...(last?.error ? { lastErrorReport: errorReport(last.error) } : {}),
        payments: job.payments.map((p) => this.renderPayment(p)),
      },
      ...(action ? { links: { action: { url: action } } } : {}),
    };
  }

  /** The intent as the browser library reads it (GET payment-intents/{token}, and the payments POST). */
  renderIntent(job: StandInJob) {
    const last = this.lastPayment(job);
    const challenge = last?.status === "Pending" && job.status === "Pending" ? this.links.challenge(job, last) : null;
    return {
      data: {
        paymentJobReference: job.reference,
        token: job.token,
        paymentStatus: job.status,
        lastPaymentStatus: last?.status ?? null,
        amountToCollect: pounds(job.amountPence),
        currency: job.currency,
        ...(last?.error ? { lastErrorReport: errorReport(last.error) } : {}),
      },
      ...(challenge ? { links: { action: { url: challenge } } } : {}),
    };
  }
}

/** "MM/YY" or "MM/YYYY" before this month. */
function isPast(expiry: string): boolean {
  const m = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!m) return false;
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  const now = new Date();
  return year < now.getUTCFullYear() || (year === now.getUTCFullYear() && Number(m[1]) < now.getUTCMonth() + 1);
}

export { pounds, parsePence };
