import { statSync } from "node:fs";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { count, inArray } from "drizzle-orm";
import { databaseBytes, databaseFile, type Db } from "../../db/client";
import { orders } from "../../db/schema";
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
    // Shown at 0 from the start, so a rate over them works before the first sale.
    for (const outcome of ["paid", "three_ds"] as const) this.#purchases.inc({ outcome }, 0);
    this.#provider = new Histogram({
      name: "harvest_payment_provider_seconds",
      help: "Time the payment provider took to answer, by operation and outcome (its answer's status, ok, or exception).",
      labelNames: ["provider", "operation", "outcome"],
      buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
      registers,
    });
    new Gauge({
      name: "harvest_holds_in_progress",
      help: "Unpaid orders holding ticket numbers: pending (being paid) and requires_action (waiting on the buyer's bank).",
      labelNames: ["status"],
      registers,
      async collect() {
        const counts = { pending: 0, requires_action: 0 };
        const holds = await db
          .select({ status: orders.status, n: count() })
          .from(orders)
          .where(inArray(orders.status, ["pending", "requires_action"]))
          .groupBy(orders.status);
        for (const row of holds) counts[row.status as keyof typeof counts] = row.n;
        this.set({ status: "pending" }, counts.pending);
        this.set({ status: "requires_action" }, counts.requires_action);
      },
    });
    new Gauge({
      name: "harvest_mail_outbox",
      help: "Mail in the outbox not sent: queued (waiting or retrying) and failed (given up on, for an admin to retry).",
      labelNames: ["status"],
      registers,
      async collect() {
        const counts = await outboxCounts(db);
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
    const file = databaseFile(db);
    new Gauge({
      name: "harvest_database_bytes",
      help: "Size of the database: on SQLite its files (main, and the write-ahead log: wal); on PostgreSQL the database (main).",
      labelNames: ["file"],
      registers,
      async collect() {
        if (file) {
          this.set({ file: "main" }, sizeOf(file));
          this.set({ file: "wal" }, sizeOf(`${file}-wal`));
        } else this.set({ file: "main" }, await databaseBytes(db).catch(() => 0));
      },
    });
    // Event-loop lag, memory, CPU, handles: prom-client's standard process_* and nodejs_* series.
    if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry });
  }

  /** Each series' child, found by one string look-up instead of prom-client hashing the labels on every call (the labels are bounded). */
  readonly #requestSeries = new Map<string, { observe(value: number): void }>();
  readonly #purchaseSeries = new Map<string, { inc(): void }>();

  /** One answered request; `route` is a bounded label (never the raw URL). */
  request(method: string, route: string, status: number, seconds: number): void {
    const statusClass = STATUS_CLASSES[Math.floor(status / 100)] ?? "other";
    const known = METHODS.has(method) ? method : "other";
    const key = `${known} ${route} ${statusClass}`;
    let series = this.#requestSeries.get(key);
    if (!series) {
      series = this.#requests.labels({ method: known, route, status_class: statusClass });
      this.#requestSeries.set(key, series);
    }
    series.observe(seconds);
  }

  /** What became of an order (or of an attempt to place one). */
  purchase(outcome: PurchaseOutcome, reason?: string): void {
    const key = reason ? `${outcome} ${reason}` : outcome;
    let series = this.#purchaseSeries.get(key);
    if (!series) {
      series = this.#purchases.labels(reason ? { outcome, reason } : { outcome });
      this.#purchaseSeries.set(key, series);
    }
    series.inc();
  }

  /**
   * The provider with each call timed. Everything else reaches the provider itself (bound to it),
   * so `instanceof` and the provider's own methods (the simulator's onEvent, Stripe's webhook
   * verification) work as before.
   */
  instrument(provider: PaymentProvider): PaymentProvider {
    if (instrumented.has(provider)) return provider;
    const histogram = this.#provider;
    const series = new Map<string, { observe(value: number): void }>();
    const observe = (operation: string, outcome: string, seconds: number) => {
      const key = `${operation} ${outcome}`;
      let child = series.get(key);
      if (!child) {
        child = histogram.labels({ provider: provider.name, operation, outcome });
        series.set(key, child);
      }
      child.observe(seconds);
    };
    const bound = new Map<PropertyKey, unknown>();
    const proxy = new Proxy(provider, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop, target);
        if (typeof value !== "function") return value;
        let fn = bound.get(prop);
        if (!fn) {
          const method = value as (...args: unknown[]) => unknown;
          fn = TIMED.has(prop as string)
            ? (...args: unknown[]) => timed(observe, prop as string, () => method.apply(target, args) as Promise<unknown>)
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

const STATUS_CLASSES = ["0xx", "1xx", "2xx", "3xx", "4xx", "5xx"];
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const TIMED = new Set(["cardFunding", "charge", "retrieve", "capture", "cancel", "refund", "lookup"]);
const instrumented = new WeakSet<object>();

/** The call's time, from when it is made to its answer (plain promise callbacks: no async wrapper on the purchase path). */
function timed(observe: (operation: string, outcome: string, seconds: number) => void, operation: string, call: () => Promise<unknown>): Promise<unknown> {
  const started = performance.now();
  let pending: Promise<unknown>;
  try {
    pending = call();
  } catch (err) {
    observe(operation, "exception", (performance.now() - started) / 1000);
    throw err;
  }
  return Promise.resolve(pending).then(
    (result) => {
      const status = result && typeof result === "object" && "status" in result && typeof result.status === "string" ? result.status : "ok";
      observe(operation, status, (performance.now() - started) / 1000);
      return result;
    },
    (err: unknown) => {
      observe(operation, "exception", (performance.now() - started) / 1000);
      throw err;
    },
  );
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
