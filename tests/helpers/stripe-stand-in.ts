import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import type { CardFunding } from "./stripe-stand-in/cards";
import type { ChargeBook } from "./stripe-stand-in/charges";
import { StandInHttp, type FailRule, type RecordedRequest } from "./stripe-stand-in/http";
import { StripeLedger } from "./stripe-stand-in/ledger";
import type { Json, PaymentIntent } from "./stripe-stand-in/objects";
import { WebhookSender, type StripeEvent, type WebhookTarget } from "./stripe-stand-in/webhooks";

/**
 * A loopback stand-in of the Stripe API for tests: stateful, answering the calls the shop makes in
 * the JSON of Stripe's API reference, and sending signed webhooks as Stripe does. In-process:
 * `await startStripeStandIn()`. As its own process (for end-to-end tests):
 *
 *   node --import tsx tests/helpers/stripe-stand-in.ts --port 0 [--webhook-target URL]
 *
 * prints one JSON line `{"url":…,"secretKey":…,"publishableKey":…,"webhookSecret":…}` and, with a
 * webhook target (or SHOP_URL), posts every event to `${target}/api/payments/stripe/webhook`.
 * Its test cards are Stripe's (stripe-stand-in/cards.ts). The routes:
 *
 * Stripe's API (Bearer sk_test_… or rk_test_…; Idempotency-Key honoured on POSTs):
 *   POST /v1/payment_intents · GET /v1/payment_intents/{id} (also with client_secret + pk_test_…) ·
 *   POST /v1/payment_intents/{id}/cancel · GET /v1/payment_intents/search · GET /v1/payment_methods/{id} ·
 *   GET /v1/confirmation_tokens/{id} · POST /v1/test_helpers/confirmation_tokens · POST /v1/confirmation_tokens (pk) ·
 *   POST /v1/refunds · GET /v1/refunds[/{id}] · GET /v1/charges/{id} · GET /v1/disputes/{id} · GET /v1/events[/{id}]
 * Test controls (no key; CORS open, for a browser stub of Stripe.js; JSON or form bodies):
 *   POST /_test/confirmation_tokens {card, funding?} · POST /_test/authenticate/{pi} {outcome: approve|fail} ·
 *   GET|POST /_test/3ds/{pi} (the challenge page) · POST /_test/refunds {payment_intent, amount?} ·
 *   POST /_test/disputes {payment_intent, reason?} · POST /_test/disputes/{id}/close {status: won|lost} ·
 *   GET /_test/payment_intents/{pi} · GET /_test/events · GET /_test/requests · POST /_test/webhook_target {url} ·
 *   POST /_test/fail_next {method, path, status?, times?, when?: before|after} · POST /_test/idle
 */

export { TEST_CARDS, type TestCard } from "./stripe-stand-in/cards";
export type { FailRule, RecordedRequest } from "./stripe-stand-in/http";
export type { StripeEvent, WebhookTarget } from "./stripe-stand-in/webhooks";

export const STAND_IN_SECRET_KEY = "sk_test_stand_in";
export const STAND_IN_PUBLISHABLE_KEY = "pk_test_stand_in";
export const STAND_IN_WEBHOOK_SECRET = "whsec_stand_in";

export interface StripeStandInOptions {
  port?: number;
  host?: string;
  /** The endpoint's signing secret (STRIPE_WEBHOOK_SECRET of the shop). */
  webhookSecret?: string;
  /** Where events are sent as they happen; none: they are only recorded (`events`). */
  webhookTarget?: WebhookTarget | null;
  /** "included" (default): charges carry their `refunds` list; "expandable": as API versions since 2022-11-15. */
  chargeRefunds?: "included" | "expandable";
  log?: (line: string) => void;
}

export class StripeStandIn {
  readonly ledger: StripeLedger;
  readonly webhooks: WebhookSender;
  readonly http: StandInHttp;
  url = "";
  port = 0;
  private server: Server | null = null;

  constructor(private readonly options: StripeStandInOptions = {}) {
    this.webhooks = new WebhookSender(options.webhookSecret ?? STAND_IN_WEBHOOK_SECRET, options.webhookTarget ?? null, options.log);
    this.http = new StandInHttp(this, options.log);
    this.ledger = new StripeLedger({
      baseUrl: () => this.url,
      emit: (type, object, previous) => this.webhooks.record(type, object, previous, this.http.currentRequest),
      chargeRefunds: options.chargeRefunds ?? "included",
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
    await this.webhooks.idle();
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get webhookSecret(): string {
    return this.webhooks.secret;
  }

  get webhookTarget(): WebhookTarget | null {
    return this.webhooks.target;
  }

  set webhookTarget(target: WebhookTarget | null) {
    this.webhooks.target = target;
  }

  /** Charges, refunds and disputes. */
  get charges(): ChargeBook {
    return this.ledger.charges;
  }

  get events(): StripeEvent[] {
    return this.webhooks.events;
  }

  /** Options for `new StripePaymentProvider(…)` pointed at this stand-in. */
  get providerOptions() {
    return {
      secretKey: STAND_IN_SECRET_KEY,
      webhookSecret: this.webhookSecret,
      host: this.options.host ?? "127.0.0.1",
      port: this.port,
      protocol: "http" as const,
    };
  }

  /** The shop's environment for a server process that uses this stand-in as Stripe. */
  get env(): Record<string, string> {
    return {
      PAYMENT_PROVIDER: "stripe",
      STRIPE_API_URL: this.url,
      STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: STAND_IN_PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: this.webhookSecret,
    };
  }

  // ── What a test (or the browser stub, over HTTP) does to Stripe ─────────────────────────────

  /** A ConfirmationToken (`ctoken_…`) for a test card, as the Payment Element creates one; `funding` overrides the card's. */
  confirmationToken(card: string | { card: string; funding?: CardFunding; returnUrl?: string }): string {
    return this.ledger.createConfirmationToken(typeof card === "string" ? { card } : card).id;
  }

  /** The cardholder answers the 3D Secure challenge: the intent succeeds, or goes back to requires_payment_method. */
  authenticate(paymentIntentId: string, outcome: "approve" | "fail"): Json {
    return this.ledger.renderPaymentIntent(this.ledger.authenticate(paymentIntentId, outcome), ["payment_method"]);
  }

  /** A refund made in Stripe's dashboard: the whole remainder unless an amount is given. */
  refund(paymentIntentId: string, amount?: number): Json {
    return this.charges.createRefund({ payment_intent: paymentIntentId, ...(amount ? { amount: String(amount) } : {}) });
  }

  dispute(paymentIntentId: string, reason = "fraudulent"): Json {
    return this.charges.createDispute(paymentIntentId, reason);
  }

  closeDispute(disputeOrPaymentIntentId: string, status: "won" | "lost"): Json {
    return this.charges.closeDispute(this.charges.dispute(disputeOrPaymentIntentId).id, status);
  }

  /** A payment intent as Stripe holds it now, its payment method expanded. */
  paymentIntent(id: string): Omit<PaymentIntent, "payment_method"> & { payment_method: Json | null } {
    return this.ledger.renderPaymentIntent(this.ledger.paymentIntent(id), ["payment_method"]) as Omit<PaymentIntent, "payment_method"> & {
      payment_method: Json | null;
    };
  }

  /** The API calls made so far, optionally only those of one method and path (`"POST", "/v1/payment_intents"`). */
  calls(method?: string, path?: string): RecordedRequest[] {
    return this.http.requests.filter((r) => (!method || r.method === method) && (!path || r.path === path));
  }

  /** The next call(s) to `method path` fail: refused with `status` before running, or run and their answer lost (`when: "after"`, status 0 drops the connection). */
  failNext(rule: FailRule): void {
    this.http.faults.push({ status: 500, times: 1, when: "before", ...rule });
  }

  /**
   * Answers to these calls wait `ms` after the call has run, while its webhooks go out: a slow
   * network on the way back, so an event can overtake the answer (as it can with Stripe).
   */
  get slowAnswers(): Array<{ method: string; path: string; ms: number }> {
    return this.http.slowAnswers;
  }

  set slowAnswers(rules: Array<{ method: string; path: string; ms: number }>) {
    this.http.slowAnswers = rules;
  }

  lastEvent(type?: string): StripeEvent | undefined {
    return this.events.findLast((e) => !type || e.type === type);
  }

  /**
   * An event and its signed body, for a test to hand to the shop's webhook handler itself: an event
   * already recorded, or a new one of `type` about `object` (an object, or the id of the payment
   * intent, charge, refund or dispute the stand-in holds; a payment intent id also names its charge
   * or dispute). New events are recorded but not sent to the webhook target.
   */
  signed(eventOrType: StripeEvent | string, object?: Json | string, secret?: string): { event: StripeEvent; payload: string; signature: string } {
    const event = typeof eventOrType === "string" ? this.newEvent(eventOrType, object) : eventOrType;
    return { event, ...this.webhooks.signed(event, secret) };
  }

  /** Signs an event as Stripe does and POSTs it to `${shopUrl}/api/payments/stripe/webhook` (or hands it to a function). */
  async sendWebhook(
    target: WebhookTarget,
    eventOrType: StripeEvent | string,
    object?: Json | string,
  ): Promise<{ status: number; body: unknown; event: StripeEvent }> {
    const event = typeof eventOrType === "string" ? this.newEvent(eventOrType, object) : eventOrType;
    return { event, ...(await this.webhooks.post(target, event)) };
  }

  /** Resolves when every webhook sent so far has been delivered (or its retries given up). */
  idle(): Promise<void> {
    return this.webhooks.idle();
  }

  private newEvent(type: string, object?: Json | string): StripeEvent {
    const event = this.webhooks.build(type, typeof object === "object" ? object : this.objectFor(type, object));
    this.webhooks.events.push(event);
    return event;
  }

  private objectFor(type: string, id: string | undefined): Json {
    if (!id) throw new Error(`an event of type ${type} needs an object or an id`);
    const { ledger, charges } = this;
    if (type.startsWith("payment_intent.")) return structuredClone(ledger.paymentIntent(id));
    if (type.startsWith("charge.dispute.")) return structuredClone(charges.dispute(id));
    if (type.startsWith("charge.")) return charges.renderCharge(charges.charge(id.startsWith("pi_") ? (ledger.paymentIntent(id).latest_charge ?? "") : id));
    if (type.startsWith("refund.")) return charges.refund(id);
    throw new Error(`the stand-in cannot make a ${type} event from an id`);
  }
}

/** Starts a stand-in on a free loopback port; `close()` it when done. */
export function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  return new StripeStandIn(options).listen();
}

// ── As its own process ────────────────────────────────────────────────────────────────────────

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const standIn = await startStripeStandIn({
    port: Number(argument("port") ?? process.env.STRIPE_STAND_IN_PORT ?? 0),
    host: argument("host") ?? "127.0.0.1",
    webhookSecret: argument("webhook-secret") ?? process.env.STRIPE_WEBHOOK_SECRET ?? STAND_IN_WEBHOOK_SECRET,
    webhookTarget: argument("webhook-target") ?? process.env.SHOP_URL ?? null,
    chargeRefunds: argument("charge-refunds") === "expandable" ? "expandable" : "included",
    log: (line) => process.stderr.write(`[stripe-stand-in] ${line}\n`),
  });
  process.stdout.write(
    `${JSON.stringify({ url: standIn.url, secretKey: STAND_IN_SECRET_KEY, publishableKey: STAND_IN_PUBLISHABLE_KEY, webhookSecret: standIn.webhookSecret, webhookTarget: standIn.webhookTarget })}\n`,
  );
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
