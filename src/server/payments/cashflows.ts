import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { penceToDecimal } from "../../shared/money";
import type { Logger } from "../logger";
import {
  DECLINE_MESSAGES,
  declineReasonOf,
  isKnownJobStatus,
  parseCreatedJob,
  parseIntent,
  parseJob,
  errorOf,
  type GatewayJob,
  type GatewayPayment,
} from "./gateway-records";
import type { CardFunding, ChargeRequest, ChargeResult, PaymentMethod, PaymentProvider, RefundRequest } from "./provider";

export interface CashflowsOptions {
  configurationId: string;
  apiKey: string;
  environment: "integration" | "production";
  notificationSecret: string;
  /** The shop's public origin: notifications and returning buyers come back to it. */
  origin: string;
  /** Another address for the Gateway API (the tests' stand-in); the environment's own when absent. */
  apiUrl?: string;
  logger?: Logger;
  /** How long one Gateway API call may take (20 s unless given). */
  timeoutMs?: number;
}

/** Cashflows' published hosts. */
export const CASHFLOWS_HOSTS = { integration: "https://gateway-int.cashflows.com/", production: "https://gateway.cashflows.com/" } as const;

export const CASHFLOWS_NOTIFY_PATH = "/api/payments/cashflows/notify";

/**
 * The Gateway API's paths. Published: payment intents, payment jobs, a job's retrieval and cancel,
 * a payment's refunds and captures. ASSUMED (7 in the decision record): a reserved payment is
 * released with PATCH …/payments/{payment}/cancel, alongside the job's own cancel.
 */
const PATHS = {
  intents: "api/gateway/payment-intents/",
  jobs: "api/gateway/payment-jobs",
  job: (job: string) => `api/gateway/payment-jobs/${encodeURIComponent(job)}`,
  cancelJob: (job: string) => `api/gateway/payment-jobs/${encodeURIComponent(job)}/cancel`,
  cancelPayment: (job: string, payment: string) => `api/gateway/payment-jobs/${encodeURIComponent(job)}/payments/${encodeURIComponent(payment)}/cancel`,
  captures: (job: string, payment: string) => `api/gateway/payment-jobs/${encodeURIComponent(job)}/payments/${encodeURIComponent(payment)}/captures`,
  refunds: (job: string, payment: string) => `api/gateway/payment-jobs/${encodeURIComponent(job)}/payments/${encodeURIComponent(payment)}/refunds`,
};

/** The `Hash` header of a Gateway API call: SHA-512 over the API key followed by the exact body, upper-case hex (a GET: the key alone). */
export function cashflowsHash(apiKey: string, body: string): string {
  return createHash("sha512")
    .update(apiKey + body, "utf8")
    .digest("hex")
    .toUpperCase();
}

/**
 * Cashflows' notifications carry no signature of their own (none is published): the address given
 * with each payment carries ours, an HMAC of the order id with CASHFLOWS_NOTIFICATION_SECRET
 * (ASSUMED 5), so a notification for an order can only come from the address Cashflows was given.
 */
export function notificationSignature(secret: string, orderId: string): string {
  return createHmac("sha256", secret).update(orderId, "utf8").digest("hex");
}

export function verifyNotificationSignature(secret: string, orderId: string, signature: string): boolean {
  const expected = Buffer.from(notificationSignature(secret, orderId), "utf8");
  const given = Buffer.from(signature, "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function notificationUrl(origin: string, secret: string, orderId: string): string {
  const query = new URLSearchParams({ order: orderId, signature: notificationSignature(secret, orderId) });
  return `${origin.replace(/\/+$/, "")}${CASHFLOWS_NOTIFY_PATH}?${query}`;
}

/** A Gateway API call that did not answer 2xx (status 0: no answer at all: a network error or the timeout). */
export class CashflowsApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = "CashflowsApiError";
  }
}

const withParam = (url: string, name: string, value: string) => `${url}${url.includes("?") ? "&" : "?"}${name}=${encodeURIComponent(value)}`;

/** Payment statuses that hold money (taken, or reserved to be taken). */
const TAKEN = new Set(["Paid", "Verified", "Captured", "Reserved"]);

/**
 * Cashflows' Gateway API (https://developer.cashflows.com): the server creates a payment intent (the
 * web checkout: the buyer pays in Cashflows' card form, in our page) or a payment job (a REST client:
 * the buyer pays on Cashflows' hosted page); the job's reference is the shop's payment id, and the
 * job as the API answers it, signed both ways, is the only word about the payment the shop takes.
 */
export class CashflowsPaymentProvider implements PaymentProvider {
  readonly name = "cashflows";
  private readonly base: string;
  private readonly timeoutMs: number;

  constructor(readonly options: CashflowsOptions) {
    const base = options.apiUrl ?? CASHFLOWS_HOSTS[options.environment];
    this.base = base.endsWith("/") ? base : `${base}/`;
    this.timeoutMs = options.timeoutMs ?? 20_000;
  }

  /** The card is entered in Cashflows' form after the order is placed: settlement checks its funding. */
  cardFunding(_method: PaymentMethod): Promise<CardFunding> {
    return Promise.resolve("unknown");
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const back = (status: string) => withParam(request.returnUrl, "status", status);
    const body = {
      configurationId: this.options.configurationId,
      amountToCollect: penceToDecimal(request.amountPence),
      currency: request.currency,
      locale: "en_GB",
      paymentMethodsToUse: ["Card"],
      order: { orderNumber: request.orderId, billingIdentity: { emailAddress: request.email } },
      parameters: {
        returnUrlSuccess: back("success"),
        returnUrlFailed: back("failed"),
        returnUrlCancelled: back("cancelled"),
        webhookUrl: notificationUrl(this.options.origin, this.options.notificationSecret, request.orderId),
      },
    };
    try {
      if (request.useSdk) {
        const intent = parseIntent(await this.call("POST", PATHS.intents, body));
        return {
          status: "requires_action",
          paymentId: intent.jobReference,
          nextAction: { type: "embedded", provider: "cashflows", clientSecret: intent.token },
        };
      }
      const job = parseCreatedJob(await this.call("POST", PATHS.jobs, body));
      return { status: "requires_action", paymentId: job.jobReference, nextAction: { type: "redirect", url: job.actionUrl } };
    } catch (err) {
      // No card could be entered into a payment that was never opened: nothing was taken.
      const message = err instanceof Error ? err.message : String(err);
      this.options.logger?.error("cashflows: the payment could not be opened", { orderId: request.orderId, err: message });
      return { status: "error", message: `The payment processor could not open the payment: ${message}` };
    }
  }

  async retrieve(paymentId: string): Promise<ChargeResult> {
    return this.resultOf(await this.job(paymentId));
  }

  /** Takes a reserved payment, then answers the job as it stands. */
  async capture(paymentId: string, amountPence: number): Promise<ChargeResult> {
    const job = await this.job(paymentId);
    const payment = reservedPayment(job);
    if (payment) await this.call("POST", PATHS.captures(job.reference, payment.reference), { amountToCollect: penceToDecimal(amountPence) });
    return this.retrieve(paymentId);
  }

  /** Releases a reserved payment, or closes a job still waiting on the buyer. Best effort: never throws. */
  async cancel(paymentId: string): Promise<void> {
    try {
      const job = await this.job(paymentId);
      const payment = reservedPayment(job);
      if (payment) await this.call("PATCH", PATHS.cancelPayment(job.reference, payment.reference), {});
      else if (job.status === "Pending") await this.call("PATCH", PATHS.cancelJob(job.reference), {});
    } catch (err) {
      this.options.logger?.warn("cashflows: could not cancel a payment job", { paymentId, err: err instanceof Error ? err.message : String(err) });
    }
  }

  /**
   * No idempotency key is published for refunds: our key is sent as the refund's `refundNumber`, and
   * the job is read first, so a refund already made with that key (whose answer was lost) is answered
   * again rather than made twice.
   */
  async refund(request: RefundRequest): Promise<{ refundId: string; amountPence: number }> {
    const job = await this.job(request.paymentId);
    const payment = paidPayment(job);
    if (!payment) throw new Error(`Cashflows payment job ${request.paymentId} has no payment to refund (${job.status})`);
    return this.refundOn(job, payment.reference, request.amountPence, request.idempotencyKey);
  }

  /**
   * Refunds in full each payment a job took besides the one the shop keeps (paidPayment): a job
   * should take one payment, and any other is not an order's to keep. Once each (its refundNumber
   * is `extra-{payment}`); answers what was refunded now.
   */
  async refundExtraPayments(job: GatewayJob): Promise<Array<{ paymentReference: string; amountPence: number }>> {
    const refunded: Array<{ paymentReference: string; amountPence: number }> = [];
    for (const extra of extraPayments(job)) {
      const key = `extra-${extra.reference}`;
      if (extra.refunds.some((r) => r.refundNumber === key)) continue;
      const left = (extra.amountPence ?? 0) - extra.refunds.reduce((sum, r) => sum + r.amountPence, 0);
      if (left <= 0) continue;
      await this.refundOn(job, extra.reference, left, key);
      refunded.push({ paymentReference: extra.reference, amountPence: left });
    }
    return refunded;
  }

  private async refundOn(job: GatewayJob, paymentReference: string, amountPence: number, key: string): Promise<{ refundId: string; amountPence: number }> {
    const payment = job.payments.find((p) => p.reference === paymentReference);
    const already = payment?.refunds.find((r) => r.refundNumber === key);
    if (already) return { refundId: already.reference, amountPence: already.amountPence };
    let answer: { data?: { reference?: unknown } } | null;
    try {
      answer = (await this.call("POST", PATHS.refunds(job.reference, paymentReference), {
        amountToRefund: penceToDecimal(amountPence),
        refundNumber: key,
      })) as typeof answer;
    } catch (err) {
      // No answer (or a 5xx): the refund may have been made all the same. The job says whether it was.
      if (!(err instanceof CashflowsApiError) || (err.status !== 0 && err.status < 500)) throw err;
      const again = await this.job(job.reference).catch(() => job);
      const made = again.payments.find((p) => p.reference === paymentReference)?.refunds.find((r) => r.refundNumber === key);
      if (!made) throw err;
      return { refundId: made.reference || key, amountPence: made.amountPence };
    }
    const reference = typeof answer?.data?.reference === "string" ? answer.data.reference : key;
    return { refundId: reference, amountPence };
  }

  /**
   * Null always. Cashflows publishes no search of jobs by order number; and the shop needs none: a
   * job whose create answer was lost never reached a buyer (its token or page is in that answer), so
   * no card was ever entered into it and it cannot have taken money.
   */
  lookup(_orderId: string): Promise<ChargeResult | null> {
    return Promise.resolve(null);
  }

  /** The job as the Gateway API answers it now (for notifications, which carry only references). */
  async job(jobReference: string): Promise<GatewayJob> {
    return parseJob(await this.call("GET", PATHS.job(jobReference)));
  }

  /** A job in the shop's terms. Throws for a status the shop does not know (it is asked again later). */
  resultOf(job: GatewayJob): ChargeResult {
    const paymentId = job.reference;
    const amounts = { ...(job.amountPence !== null ? { amountPence: job.amountPence } : {}), ...(job.currency ? { currency: job.currency } : {}) };
    if (job.status === "Paid" || job.status === "Verified") {
      const card = paidPayment(job)?.card;
      return { status: "succeeded", paymentId, cardBrand: card?.brand ?? null, last4: card?.last4 ?? null, funding: card?.funding ?? "unknown", ...amounts };
    }
    const reserved = reservedPayment(job);
    if (reserved && (job.status === "Pending" || job.status === "Paid")) {
      const card = reserved.card;
      return {
        status: "succeeded",
        captured: false,
        paymentId,
        cardBrand: card?.brand ?? null,
        last4: card?.last4 ?? null,
        funding: card?.funding ?? "unknown",
        ...amounts,
      };
    }
    if (job.status === "Pending") {
      if (!job.actionUrl) throw new Error(`Cashflows payment job ${paymentId} is pending without a page to finish it on`);
      // ASSUMED (6): the buyer who left the card form finishes on the job's hosted page.
      return { status: "requires_action", paymentId, nextAction: { type: "redirect", url: job.actionUrl } };
    }
    if (!isKnownJobStatus(job.status)) throw new Error(`Cashflows payment job ${paymentId} has an unknown status ${job.status}`);
    const last = job.payments.at(-1);
    const reason = declineReasonOf(last?.error?.code ?? job.error?.code);
    const message = job.status === "Expired" || job.status === "Cancelled" ? "The payment was not completed." : DECLINE_MESSAGES[reason];
    return { status: "declined", reason: job.status === "Expired" || job.status === "Cancelled" ? "card_declined" : reason, message, paymentId };
  }

  /**
   * One signed Gateway API call: `ConfigurationId` and `Hash` headers, a timeout, and for a GET one
   * more try after a network error or a 5xx (a POST is never sent twice: it could open or refund twice).
   */
  private async call(method: "GET" | "POST" | "PATCH", path: string, body?: unknown): Promise<unknown> {
    const text = body === undefined ? "" : JSON.stringify(body);
    const attempts = method === "GET" ? 2 : 1;
    let last: CashflowsApiError | null = null;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        return await this.send(method, path, text);
      } catch (err) {
        last = err instanceof CashflowsApiError ? err : new CashflowsApiError(0, null, String(err));
        if (last.status !== 0 && last.status < 500) break;
        if (attempt < attempts) this.options.logger?.warn("cashflows: retrying a call", { method, path, err: last.message });
      }
    }
    throw last!;
  }

  private async send(method: string, path: string, text: string): Promise<unknown> {
    const label = `Cashflows ${method} /${path.split("?")[0]}`;
    let res: Response;
    try {
      res = await fetch(this.base + path, {
        method,
        headers: {
          ConfigurationId: this.options.configurationId,
          Hash: cashflowsHash(this.options.apiKey, text),
          Accept: "application/json",
          ...(method === "GET" ? {} : { "Content-Type": "application/json" }),
        },
        ...(method === "GET" ? {} : { body: text }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
      throw new CashflowsApiError(
        0,
        null,
        `${label}: ${timedOut ? `no answer within ${this.timeoutMs} ms` : `unreachable (${err instanceof Error ? err.message : String(err)})`}`,
      );
    }
    let json: unknown = null;
    try {
      const raw = await res.text();
      json = raw ? JSON.parse(raw) : null;
    } catch (err) {
      if (err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError")) {
        throw new CashflowsApiError(0, null, `${label}: no answer within ${this.timeoutMs} ms`);
      }
      if (res.ok) throw new CashflowsApiError(res.status, null, `${label}: answered ${res.status} with a body that is not JSON`);
    }
    if (!res.ok) {
      const error = errorOf((json as { errorReport?: unknown } | null)?.errorReport);
      const why = res.status === 401 ? " (the ConfigurationId or API key is wrong: check CASHFLOWS_CONFIGURATION_ID and CASHFLOWS_API_KEY)" : "";
      throw new CashflowsApiError(
        res.status,
        error?.code ?? null,
        `${label}: answered ${res.status}${error ? ` ${error.code}: ${error.message ?? ""}` : ""}${why}`,
      );
    }
    return json;
  }
}

/**
 * The payment that took the money, for refunds and the card: the first one Paid (the one the order
 * was settled on; any later one is refunded as not the order's).
 */
export function paidPayment(job: GatewayJob): GatewayPayment | undefined {
  return job.payments.find((p) => p.status !== null && TAKEN.has(p.status)) ?? (job.status === "Paid" ? job.payments.at(-1) : undefined);
}

/** The payment authorised but not yet captured (the configuration does not capture at once). */
function reservedPayment(job: GatewayJob): GatewayPayment | undefined {
  const reserved = job.payments.findLast((p) => p.status === "Reserved");
  if (reserved) return reserved;
  return job.lastPaymentStatus === "Reserved" ? job.payments.at(-1) : undefined;
}

/** Payments a job took besides the one the shop keeps (a job should take one). */
export function extraPayments(job: GatewayJob): GatewayPayment[] {
  const kept = paidPayment(job);
  return job.payments.filter((p) => p !== kept && (p.status === "Paid" || p.status === "Verified" || p.status === "Captured"));
}
