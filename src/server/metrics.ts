import { statSync } from "node:fs";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Db } from "../../db/client";
import type { Mailer } from "./mail/mailer";
import { outboxCounts } from "./mail/outbox";
import type { PaymentProvider } from "./payments/provider";
import type { PurchaseOutcome } from "./services/purchase";

/**
 * What GET /metrics exports, in one registry per app (never prom-client's global one, so two shops
 * in one process, as in the tests, count apart). The hot paths only add to counters and histograms;
 * the gauges (holds, the mail queue, the database's files) are read when Prometheus scrapes, each
 * through an index or a stat call.
 */
export class ShopMetrics {
  readonly registry = new Registry();
  readonly #requests: Histogram<"method" | "route" | "status_class">;
  readonly #purchases: Counter<"outcome" | "reason">;
  readonly #provider: Histogram<"provider" | "operation" | "outcome">;

  constructor(db: Db, opts: { mailer?: () => Mailer; defaultMetrics?: boolean } = {}) {
    const registers = [this.registry];
    this.#requests = new Histogram({
      name: "harvest_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by route (the REST pattern, the tRPC procedure, static, other).",
      labelNames: ["method", "route", "status_class"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.#purchases = new Counter({
      name: "harvest_purchases_total",
      help: "Orders by what became of them: paid, three_ds (a challenge began), declined and error (with the reason), expired, refused (with the error code).",
      labelNames: ["outcome", "reason"],
      registers,
    });
    this.#provider = new Histogram({
      name: "harvest_payment_provider_seconds",
      help: "Time the payment provider took to answer, by operation and outcome (its answer's status, ok, or exception).",
      labelNames: ["provider", "operation", "outcome"],
      buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
      registers,
    });
    const statements = {
      holds: db.$client.prepare<[], { status: string; n: number }>(
        "select status, count(*) as n from orders where status in ('pending', 'requires_action') group by status",
      ),
    };
    new Gauge({
      name: "harvest_holds_in_progress",
      help: "Unpaid orders holding ticket numbers: pending (being paid) and requires_action (waiting on the buyer's bank).",
      labelNames: ["status"],
      registers,
      collect() {
        const counts = { pending: 0, requires_action: 0 };
        for (const row of statements.holds.all()) counts[row.status as keyof typeof counts] = row.n;
        this.set({ status: "pending" }, counts.pending);
        this.set({ status: "requires_action" }, counts.requires_action);
      },
    });
    new Gauge({
      name: "harvest_mail_outbox",
      help: "Mail in the outbox not sent: queued (waiting or retrying) and failed (given up on, for an admin to retry).",
      labelNames: ["status"],
      registers,
      collect() {
        const counts = outboxCounts(db);
        this.set({ status: "queued" }, counts.queued);
        this.set({ status: "failed" }, counts.failed);
      },
    });
    const mailer = opts.mailer;
    if (mailer) {
      new Gauge({
        name: "harvest_mail_sending",
        help: "1 while mail leaves the shop (an SMTP server is configured and taking mail), else 0.",
        registers,
        collect() {
          const d = mailer().delivery();
          this.set(d.configured && d.failingSince === null ? 1 : 0);
        },
      });
      new Counter({
        name: "harvest_mail_send_failures_total",
        help: "Attempts to send a mail that failed (each is retried later, up to the last attempt).",
        registers,
        collect() {
          this.reset();
          this.inc(mailer().delivery().failedAttempts ?? 0);
        },
      });
      new Counter({
        name: "harvest_mail_sent_total",
        help: "Mail handed to the SMTP server.",
        registers,
        collect() {
          this.reset();
          this.inc(mailer().delivery().sentCount ?? 0);
        },
      });
    }
    const file = db.$client.name;
    if (file && file !== ":memory:") {
      new Gauge({
        name: "harvest_database_bytes",
        help: "Size of the database's files: the main file and its write-ahead log (wal).",
        labelNames: ["file"],
        registers,
        collect() {
          this.set({ file: "main" }, sizeOf(file));
          this.set({ file: "wal" }, sizeOf(`${file}-wal`));
        },
      });
    }
    // Event-loop lag, memory, CPU, handles: prom-client's standard process_* and nodejs_* series.
    if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry });
  }

  /** One answered request; `route` is a bounded label (never the raw URL). */
  request(method: string, route: string, status: number, seconds: number): void {
    this.#requests.observe({ method: METHODS.has(method) ? method : "other", route, status_class: `${Math.floor(status / 100)}xx` }, seconds);
  }

  /** What became of an order (or of an attempt to place one). */
  purchase(outcome: PurchaseOutcome, reason?: string): void {
    this.#purchases.inc(reason ? { outcome, reason } : { outcome });
  }

  /**
   * The provider with each call timed. Everything else reaches the provider itself (bound to it),
   * so `instanceof` and the provider's own methods (the simulator's onEvent, Stripe's webhook
   * verification) work as before.
   */
  instrument(provider: PaymentProvider): PaymentProvider {
    if (instrumented.has(provider)) return provider;
    const histogram = this.#provider;
    const bound = new Map<PropertyKey, unknown>();
    const proxy = new Proxy(provider, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop, target);
        if (typeof value !== "function") return value;
        let fn = bound.get(prop);
        if (!fn) {
          const method = value as (...args: unknown[]) => unknown;
          fn = TIMED.has(prop as string)
            ? (...args: unknown[]) => timed(histogram, target.name, prop as string, () => method.apply(target, args) as Promise<unknown>)
            : method.bind(target);
          bound.set(prop, fn);
        }
        return fn;
      },
    });
    instrumented.add(proxy);
    return proxy;
  }
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const TIMED = new Set(["cardFunding", "charge", "retrieve", "cancel", "refund", "lookup"]);
const instrumented = new WeakSet<object>();

async function timed(histogram: Histogram<"provider" | "operation" | "outcome">, provider: string, operation: string, call: () => Promise<unknown>) {
  const started = process.hrtime.bigint();
  const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
  try {
    const result = await call();
    const status = result && typeof result === "object" && "status" in result && typeof result.status === "string" ? result.status : "ok";
    histogram.observe({ provider, operation, outcome: status }, seconds());
    return result;
  } catch (err) {
    histogram.observe({ provider, operation, outcome: "exception" }, seconds());
    throw err;
  }
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
