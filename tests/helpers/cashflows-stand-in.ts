import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { CARD, TEST_CARDS } from "./cashflows-stand-in/cards";
import { CashflowsHttp, type FailRule, type RecordedCall } from "./cashflows-stand-in/http";
import {
  CashflowsLedger,
  type Configuration,
  type StandInChargeback,
  type StandInJob,
  type StandInPayment,
  type StandInRefund,
} from "./cashflows-stand-in/ledger";

/**
 * A loopback stand-in of Cashflows' Gateway API for tests, written from its published contract
 * (cashflows-clientlib-js, its example, Cashflows' WooCommerce plugin) plus the fields the shop's
 * adapter assumes (src/server/payments/gateway-records.ts). Stateful; every server call must carry
 * `ConfigurationId` and `Hash` = upper-case hex SHA-512(API key + exact body), else 401.
 *
 * In-process: `await startCashflowsStandIn()`. As its own process (end-to-end tests):
 *
 *   node --import tsx tests/helpers/cashflows-stand-in.ts --port 0 [--notify webhookUrl|<origin>] [--public-url https://gateway-int.cashflows.com]
 *
 * prints one JSON line `{"url", "configurationId", "apiKey", "reserveConfigurationId"}`.
 *
 * Test cards (cashflows-stand-in/cards.ts; any future expiry, any CVC but 000, any name):
 *   4000 0000 0000 0002 Visa debit, paid · 5555 5555 5555 4444 Mastercard credit, paid ·
 *   4000 0000 0000 0036 Visa prepaid, paid · 4000 0000 0000 0119 declined (Dx05) ·
 *   4000 0000 0000 9995 insufficient funds (Dx02) · 4000 0000 0000 3220 asks for 3-D Secure (Visa debit) ·
 *   5200 0000 0000 3220 asks for 3-D Secure (Mastercard credit) · 4000 0000 0000 3063 3-D Secure fails (ThreeDSecureFailed).
 *   An expiry in the past: Vx02 (expired). CVC 000: Vx05.
 *
 * Configurations: CASHFLOWS_STAND_IN_CONFIGURATION (payments captured at once) and
 * CASHFLOWS_STAND_IN_RESERVE_CONFIGURATION (payments Reserved until captured), both with the same API key.
 *
 * Routes. The Gateway API (signed):
 *   POST /api/gateway/payment-intents/ · POST /api/gateway/payment-jobs · GET /api/gateway/payment-jobs/{job} ·
 *   POST …/payment-jobs/{job}/payments/{payment}/captures {amountToCollect} · POST …/refunds {amountToRefund, refundNumber} ·
 *   PATCH …/payments/{payment}/cancel · PATCH …/payment-jobs/{job}/cancel
 * What cashflows-clientlib-js calls from the browser (the intent token is its credential; CORS open):
 *   GET /api/gateway/payment-intents/{token} · GET …/{token}/stored-cards · POST …/{token}/payments {preparationIds} ·
 *   GET /preparations/{uuid}?inputtype=cardnumber|cardholdername|cardexpiry|cardcvc (the frames) · POST /preparations/{uuid}
 * Pages: GET|POST /_stand-in/3ds/{job} (3-D Secure: Authenticate / Fail authentication; in the card form's
 *   dialog it then posts {event:"update"} to the top window; from the hosted page it returns to the shop) ·
 *   GET|POST /_stand-in/pay/{job} (the hosted payment page; back to returnUrlSuccess/Failed/Cancelled with
 *   ?paymentjobref=…&paymentref=…)
 * Test controls (no signature, JSON): GET /_test/jobs/{job} · POST /_test/pay/{job} {card, expiry?, cvc?} ·
 *   POST /_test/authenticate/{job} {outcome: approve|fail} · POST /_test/refunds/{job} {amount? (pence)} (a Portal refund) ·
 *   POST /_test/chargebacks/{job} · POST /_test/chargebacks/{job}/close {status: Won|Lost} · POST /_test/expire/{job} ·
 *   POST /_test/notify/{job} (send the notification again, now) · POST /_test/capture-mode {capture: immediate|reserve} ·
 *   GET /_test/requests · GET /_test/notifications · POST /_test/fail_next {method, path, status?, times?, delayMs?}
 *
 * Notifications: on each change of a job's payment (paid, reserved, failed, cancelled, captured,
 * refunded, charged back) `{"paymentJobReference","paymentReference"}` is POSTed as JSON to the job's
 * webhookUrl (`notificationTarget: "webhookUrl"`), to the same path and query at another origin
 * (`notificationTarget: "http://127.0.0.1:…"`), to a function, or only recorded (null, the default in-process).
 */

export { CARD, TEST_CARDS };
export type { FailRule, RecordedCall, StandInJob, StandInPayment };

export const CASHFLOWS_STAND_IN_CONFIGURATION = "cf-stand-in-config";
export const CASHFLOWS_STAND_IN_RESERVE_CONFIGURATION = "cf-stand-in-reserve";
export const CASHFLOWS_STAND_IN_API_KEY = "cf-stand-in-api-key-0123456789";
export const CASHFLOWS_STAND_IN_NOTIFICATION_SECRET = "cf-stand-in-notification-secret-0123456789abcdef";

export interface Notification {
  id: number;
  paymentJobReference: string;
  paymentReference: string | null;
  url: string | null;
  body: string;
  deliveries: Array<{ status: number; body: string }>;
}

export type NotificationTarget = null | "webhookUrl" | string | ((n: { url: string; body: string }) => Promise<{ status: number; body: unknown }>);

export interface CashflowsStandInOptions {
  port?: number;
  host?: string;
  notificationTarget?: NotificationTarget;
  /** The origin the browser reaches the stand-in at (its own URL unless given), for the pages' links. */
  publicUrl?: string;
  log?: (line: string) => void;
}

export class CashflowsStandIn {
  readonly configurations = new Map<string, Configuration>([
    [CASHFLOWS_STAND_IN_CONFIGURATION, { apiKey: CASHFLOWS_STAND_IN_API_KEY, capture: "immediate" }],
    [CASHFLOWS_STAND_IN_RESERVE_CONFIGURATION, { apiKey: CASHFLOWS_STAND_IN_API_KEY, capture: "reserve" }],
  ]);
  readonly ledger: CashflowsLedger;
  readonly http: CashflowsHttp;
  readonly notifications: Notification[] = [];
  notificationTarget: NotificationTarget;
  url = "";
  port = 0;
  private server: Server | null = null;
  private sending: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: CashflowsStandInOptions = {}) {
    this.notificationTarget = options.notificationTarget ?? null;
    this.http = new CashflowsHttp(this, options.log);
    this.ledger = new CashflowsLedger(this.configurations, (job, payment) => void this.queueNotification(job, payment), {
      hostedPage: (job) => this.hostedPageUrl(job),
      challenge: (job) => this.challengeUrl(job),
    });
  }

  async listen(): Promise<this> {
    const server = createServer((req, res) => void this.http.handle(req, res));
    await new Promise<void>((resolve) => server.listen(this.options.port ?? 0, this.options.host ?? "127.0.0.1", resolve));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    this.url = `http://${this.options.host ?? "127.0.0.1"}:${this.port}`;
    return this;
  }

  async close(): Promise<void> {
    await this.idle();
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private get publicUrl(): string {
    return (this.options.publicUrl ?? this.url).replace(/\/+$/, "");
  }

  hostedPageUrl(job: StandInJob): string {
    return `${this.publicUrl}/_stand-in/pay/${job.reference}`;
  }

  challengeUrl(job: StandInJob): string {
    return `${this.publicUrl}/_stand-in/3ds/${job.reference}`;
  }

  /** Where the hosted page sends the buyer back to, as Cashflows does: `?paymentjobref=…&paymentref=…`. */
  returnUrl(job: StandInJob): string {
    const p = job.parameters;
    const base =
      job.status === "Paid" || this.ledger.lastPaymentStatus(job) === "Reserved"
        ? p.returnUrlSuccess
        : job.status === "Cancelled"
          ? p.returnUrlCancelled
          : p.returnUrlFailed;
    const target = base ?? p.returnUrlSuccess ?? "about:blank";
    const last = this.ledger.lastPayment(job);
    return `${target}${target.includes("?") ? "&" : "?"}paymentjobref=${encodeURIComponent(job.reference)}&paymentref=${encodeURIComponent(last?.reference ?? "")}`;
  }

  /** Whether payments of the default configuration are captured at once or only reserved. */
  get captureMode(): Configuration["capture"] {
    return this.configurations.get(CASHFLOWS_STAND_IN_CONFIGURATION)!.capture;
  }

  set captureMode(mode: Configuration["capture"]) {
    this.configurations.get(CASHFLOWS_STAND_IN_CONFIGURATION)!.capture = mode;
  }

  /** Options for `new CashflowsPaymentProvider(…)` pointed at this stand-in. */
  providerOptions(origin = "https://shop.example.test", over: { configurationId?: string; apiKey?: string; timeoutMs?: number } = {}) {
    return {
      configurationId: over.configurationId ?? CASHFLOWS_STAND_IN_CONFIGURATION,
      apiKey: over.apiKey ?? CASHFLOWS_STAND_IN_API_KEY,
      environment: "integration" as const,
      notificationSecret: CASHFLOWS_STAND_IN_NOTIFICATION_SECRET,
      origin,
      apiUrl: this.url,
      ...(over.timeoutMs ? { timeoutMs: over.timeoutMs } : {}),
    };
  }

  /** The shop's environment for a server process that uses this stand-in as Cashflows. */
  shopEnv(publicOrigin: string): Record<string, string> {
    return {
      PAYMENT_PROVIDER: "cashflows",
      CASHFLOWS_CONFIGURATION_ID: CASHFLOWS_STAND_IN_CONFIGURATION,
      CASHFLOWS_API_KEY: CASHFLOWS_STAND_IN_API_KEY,
      CASHFLOWS_ENVIRONMENT: "integration",
      CASHFLOWS_NOTIFICATION_SECRET: CASHFLOWS_STAND_IN_NOTIFICATION_SECRET,
      CASHFLOWS_API_URL: this.url,
      PUBLIC_ORIGIN: publicOrigin,
    };
  }

  // ── What a test does to Cashflows (as the buyer, the Portal or the card scheme) ───────────────

  job(reference: string): StandInJob {
    return this.ledger.job(reference);
  }

  /** The job as GET payment-jobs/{ref} answers it. */
  rendered(reference: string) {
    return this.ledger.renderJob(this.ledger.job(reference));
  }

  /** The buyer pays the job (the card form, or the hosted page) with a test card. */
  pay(reference: string, card: string, extra: { expiry?: unknown; cvc?: unknown } = {}): StandInPayment {
    return this.ledger.pay(this.ledger.job(reference), {
      number: card,
      expiry: typeof extra.expiry === "string" ? extra.expiry : "12/39",
      cvc: typeof extra.cvc === "string" ? extra.cvc : "123",
    });
  }

  authenticate(reference: string, outcome: "approve" | "fail"): StandInPayment {
    return this.ledger.authenticate(this.ledger.job(reference), outcome);
  }

  /** A refund made in the Cashflows Portal (no refundNumber of ours): the whole remainder unless `pence` is given. */
  refundInPortal(reference: string, pence?: number): StandInRefund {
    const job = this.ledger.job(reference);
    const payment = job.payments.findLast((p) => p.status === "Paid");
    if (!payment) throw new Error(`job ${reference} has no paid payment`);
    return this.ledger.refund(job, payment.reference, pence ?? null, null);
  }

  chargeback(reference: string): StandInChargeback {
    return this.ledger.chargeback(this.ledger.job(reference));
  }

  closeChargeback(reference: string, status: "Won" | "Lost"): StandInChargeback {
    return this.ledger.closeChargeback(this.ledger.job(reference), status);
  }

  expire(reference: string): StandInJob {
    return this.ledger.expire(this.ledger.job(reference));
  }

  /** Signed API calls received (refused ones too), optionally of one method and path prefix. */
  calls(method?: string, pathPrefix?: string): RecordedCall[] {
    return this.http.calls.filter((c) => (!method || c.method === method) && (!pathPrefix || c.path.startsWith(pathPrefix)));
  }

  /** The next call(s) to `method path` fail (status 0: the connection dropped; delayMs: answered late). */
  failNext(rule: FailRule): void {
    this.http.faults.push({ times: 1, delayMs: 0, when: "before", ...rule, status: rule.status ?? (rule.delayMs ? null : 500) });
  }

  lastNotification(reference?: string): Notification | undefined {
    return this.notifications.findLast((n) => !reference || n.paymentJobReference === reference);
  }

  /** A fresh notification for the job now (as Cashflows' retry, or a late one). */
  async notify(reference: string): Promise<Notification> {
    const job = this.ledger.job(reference);
    const n = this.record(job, this.ledger.lastPayment(job) ?? null);
    await this.deliver(n);
    return n;
  }

  /** Sends a notification already sent, again, exactly as it was. */
  async replay(n: Notification): Promise<Notification> {
    await this.deliver(n);
    return n;
  }

  /** Resolves when every notification queued so far has been delivered. */
  async idle(): Promise<void> {
    let last: Promise<unknown>;
    do {
      last = this.sending;
      await last;
    } while (last !== this.sending);
  }

  private record(job: StandInJob, payment: StandInPayment | null): Notification {
    const n: Notification = {
      id: this.notifications.length + 1,
      paymentJobReference: job.reference,
      paymentReference: payment?.reference ?? null,
      url: job.parameters.webhookUrl ?? null,
      body: JSON.stringify({ paymentJobReference: job.reference, paymentReference: payment?.reference ?? null }),
      deliveries: [],
    };
    this.notifications.push(n);
    return n;
  }

  private queueNotification(job: StandInJob, payment: StandInPayment | null): Promise<unknown> {
    const n = this.record(job, payment);
    // Sent after the call that caused it has answered (as a separate process would).
    this.sending = this.sending.then(() => new Promise((r) => setImmediate(r))).then(() => this.deliver(n));
    return this.sending;
  }

  private async deliver(n: Notification): Promise<void> {
    const target = this.notificationTarget;
    if (!target || !n.url) return;
    try {
      if (typeof target === "function") {
        const answer = await target({ url: n.url, body: n.body });
        n.deliveries.push({ status: answer.status, body: JSON.stringify(answer.body) });
        return;
      }
      const given = new URL(n.url);
      const url = target === "webhookUrl" ? n.url : `${target.replace(/\/+$/, "")}${given.pathname}${given.search}`;
      const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: n.body, signal: AbortSignal.timeout(20_000) });
      n.deliveries.push({ status: res.status, body: await res.text() });
    } catch (err) {
      n.deliveries.push({ status: 0, body: String(err) });
      this.options.log?.(`notification ${n.id} not delivered: ${String(err)}`);
    }
  }
}

/** Starts a stand-in on a free loopback port; `close()` it when done. */
export function startCashflowsStandIn(options: CashflowsStandInOptions = {}): Promise<CashflowsStandIn> {
  return new CashflowsStandIn(options).listen();
}

// ── As its own process ────────────────────────────────────────────────────────────────────────

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const standIn = await startCashflowsStandIn({
    port: Number(argument("port") ?? process.env.CASHFLOWS_STAND_IN_PORT ?? 0),
    host: argument("host") ?? "127.0.0.1",
    notificationTarget: argument("notify") ?? "webhookUrl",
    publicUrl: argument("public-url"),
    log: (line) => process.stderr.write(`[cashflows-stand-in] ${line}\n`),
  });
  process.stdout.write(
    `${JSON.stringify({
      url: standIn.url,
      configurationId: CASHFLOWS_STAND_IN_CONFIGURATION,
      reserveConfigurationId: CASHFLOWS_STAND_IN_RESERVE_CONFIGURATION,
      apiKey: CASHFLOWS_STAND_IN_API_KEY,
      notificationSecret: CASHFLOWS_STAND_IN_NOTIFICATION_SECRET,
    })}\n`,
  );
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
