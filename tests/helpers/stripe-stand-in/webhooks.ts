import Stripe from "stripe";
import { newId, nowSeconds, type Json } from "./objects";

export interface StripeEvent extends Json {
  id: string;
  object: "event";
  type: string;
  created: number;
  data: { object: Json; previous_attributes?: Json };
  request: { id: string | null; idempotency_key: string | null };
}

/** One POST of an event to the shop, as the stand-in's event log shows it. */
export interface DeliveryAttempt {
  at: string;
  status: number;
  body: string;
}

/**
 * Where events go: the shop's base URL (the path /api/payments/stripe/webhook is added when the
 * URL has none), or, in-process, a function that takes the signed payload and answers a status.
 */
export type WebhookTarget =
  string | ((delivery: { payload: string; signature: string; event: StripeEvent }) => Promise<number | { status: number; body?: unknown }>);

export const WEBHOOK_PATH = "/api/payments/stripe/webhook";

/** How long after a failed delivery each retry comes: Stripe spreads them over three days; tests cannot wait that long. */
const RETRY_DELAYS_MS = [100, 500, 2_000];

/**
 * Stripe's event log and webhook sender. Events are signed with the SDK's own test helper
 * (`stripe.webhooks.generateTestHeaderString`), so the shop verifies them exactly as it verifies
 * Stripe's. First deliveries go out one after another in the order the events happened; a failed
 * one (non-2xx or no answer) is retried a few times, like Stripe, without holding up the rest.
 */
export class WebhookSender {
  readonly events: StripeEvent[] = [];
  readonly deliveries = new Map<string, DeliveryAttempt[]>();
  private readonly signer = new Stripe("sk_test_stand_in_signer");
  private queue: Promise<void> = Promise.resolve();
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    readonly secret: string,
    public target: WebhookTarget | null,
    private readonly log: (line: string) => void = () => {},
  ) {}

  /** Records an event and, when there is a target, sends it there. */
  record(type: string, object: Json, previousAttributes?: Json, request: StripeEvent["request"] = { id: null, idempotency_key: null }): StripeEvent {
    const event = this.build(type, object, previousAttributes, request);
    this.events.push(event);
    if (this.target) {
      const target = this.target;
      this.queue = this.queue.then(() => this.deliverWithRetries(target, event));
      this.track(this.queue);
    }
    return event;
  }

  build(type: string, object: Json, previousAttributes?: Json, request: StripeEvent["request"] = { id: null, idempotency_key: null }): StripeEvent {
    return {
      id: newId("evt"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      data: previousAttributes ? { object, previous_attributes: previousAttributes } : { object },
      livemode: false,
      pending_webhooks: this.target ? 1 : 0,
      request,
      type,
    };
  }

  /** The body Stripe posts and its Stripe-Signature header. */
  signed(event: StripeEvent, secret = this.secret): { payload: string; signature: string } {
    const payload = JSON.stringify(event, null, 2);
    return { payload, signature: this.signer.webhooks.generateTestHeaderString({ payload, secret }) };
  }

  /** One POST of the event, answered with the shop's status and body. */
  async post(target: WebhookTarget, event: StripeEvent): Promise<{ status: number; body: unknown }> {
    const { payload, signature } = this.signed(event);
    if (typeof target === "function") {
      const answer = await target({ payload, signature, event });
      const result = typeof answer === "number" ? { status: answer, body: undefined } : { status: answer.status, body: answer.body };
      this.note(event.id, result.status, JSON.stringify(result.body ?? null));
      return result;
    }
    const url = new URL(target);
    if (url.pathname === "/" || url.pathname === "") url.pathname = WEBHOOK_PATH;
    const res = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json; charset=utf-8",
        "stripe-signature": signature,
        "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      },
      body: payload,
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    this.note(event.id, res.status, text);
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: res.status, body };
  }

  /** Resolves once every delivery so far (retries included) has been made or given up. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private async deliverWithRetries(target: WebhookTarget, event: StripeEvent, attempt = 0): Promise<void> {
    let status = 0;
    try {
      status = (await this.post(target, event)).status;
    } catch (err) {
      this.note(event.id, 0, err instanceof Error ? err.message : String(err));
    }
    if (status >= 200 && status < 300) return;
    const delay = RETRY_DELAYS_MS[attempt];
    this.log(`webhook ${event.type} ${event.id} answered ${status || "nothing"}${delay === undefined ? "; giving up" : `; retrying in ${delay} ms`}`);
    if (delay === undefined) return;
    this.track(new Promise<void>((resolve) => setTimeout(resolve, delay)).then(() => this.deliverWithRetries(target, event, attempt + 1)));
  }

  private track(p: Promise<unknown>): void {
    const tracked = p.catch(() => {});
    this.running.add(tracked);
    void tracked.finally(() => this.running.delete(tracked));
  }

  private note(eventId: string, status: number, body: string): void {
    const list = this.deliveries.get(eventId) ?? [];
    list.push({ at: new Date().toISOString(), status, body: body.slice(0, 2_000) });
    this.deliveries.set(eventId, list);
  }
}
