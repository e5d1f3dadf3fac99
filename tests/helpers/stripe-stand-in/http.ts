import type { IncomingMessage, ServerResponse } from "node:http";
import type { StripeStandIn } from "../stripe-stand-in";
import { challengeDonePage, challengePage } from "./challenge-page";
import { invalidRequest, noSuch, StripeApiError } from "./errors";
import { listOf, newId } from "./objects";
import { jsonParams, list, parseParams, str, type Params } from "./params";
import type { StripeEvent } from "./webhooks";

/*
 * The stand-in's HTTP side: Stripe's API under /v1 (keys, Idempotency-Key, errors as Stripe answers
 * them), the test controls under /_test, and the faults and slow answers a test can inject.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  params: Params;
  idempotencyKey: string | null;
  status: number;
  replayed: boolean;
}

/** A fault to inject: answer `status` (0: drop the connection) before the call runs, or run it and lose the answer ("after"). */
export interface FailRule {
  method: string;
  path: string;
  status?: number;
  times?: number;
  when?: "before" | "after";
}

type Answer = { status: number; json: unknown; headers?: Record<string, string> } | { status: number; html: string } | { status: 303; location: string };

const API_ROUTES: Array<{ method: string; pattern: RegExp; publishable?: boolean; run: (s: StripeStandIn, id: string, p: Params) => unknown }> = [
  { method: "POST", pattern: /^\/v1\/payment_intents$/, run: (s, _, p) => s.ledger.createPaymentIntent(p) },
  { method: "GET", pattern: /^\/v1\/payment_intents\/search$/, run: (s, _, p) => s.ledger.search(p) },
  {
    method: "GET",
    pattern: /^\/v1\/payment_intents\/([^/]+)$/,
    publishable: true,
    run: (s, id, p) => s.ledger.renderPaymentIntent(s.ledger.paymentIntent(id), list(p, "expand")),
  },
  {
    method: "POST",
    pattern: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
    run: (s, id, p) => s.ledger.renderPaymentIntent(s.ledger.cancel(id, p), list(p, "expand")),
  },
  { method: "GET", pattern: /^\/v1\/payment_methods\/([^/]+)$/, run: (s, id) => structuredClone(s.ledger.paymentMethod(id)) },
  { method: "GET", pattern: /^\/v1\/confirmation_tokens\/([^/]+)$/, run: (s, id) => s.ledger.confirmationToken(id) },
  { method: "POST", pattern: /^\/v1\/test_helpers\/confirmation_tokens$/, run: (s, _, p) => s.ledger.confirmationTokenFrom(p) },
  { method: "POST", pattern: /^\/v1\/confirmation_tokens$/, publishable: true, run: (s, _, p) => s.ledger.confirmationTokenFrom(p) },
  { method: "POST", pattern: /^\/v1\/refunds$/, run: (s, _, p) => s.charges.createRefund(p) },
  { method: "GET", pattern: /^\/v1\/refunds$/, run: (s, _, p) => s.charges.list(p) },
  { method: "GET", pattern: /^\/v1\/refunds\/([^/]+)$/, run: (s, id) => s.charges.refund(id) },
  { method: "GET", pattern: /^\/v1\/charges\/([^/]+)$/, run: (s, id, p) => s.charges.renderCharge(s.charges.charge(id), list(p, "expand")) },
  { method: "GET", pattern: /^\/v1\/disputes\/([^/]+)$/, run: (s, id) => structuredClone(s.charges.dispute(id)) },
  {
    method: "GET",
    pattern: /^\/v1\/events$/,
    run: (s, _, p) => listOf(s.events.filter((e) => !str(p, "type") || e.type === str(p, "type")).reverse(), "/v1/events"),
  },
  {
    method: "GET",
    pattern: /^\/v1\/events\/([^/]+)$/,
    run: (s, id) =>
      s.events.find((e) => e.id === id) ??
      (() => {
        throw noSuch("event", id);
      })(),
  },
];

/** Stripe's API and the test controls over HTTP, for one stand-in. */
export class StandInHttp {
  readonly requests: RecordedRequest[] = [];
  /** See StripeStandIn.slowAnswers. */
  slowAnswers: Array<{ method: string; path: string; ms: number }> = [];
  readonly faults: Array<Required<FailRule>> = [];
  /** The API call being run, named in the events it causes (`request.id`, `request.idempotency_key`). */
  currentRequest: StripeEvent["request"] = { id: null, idempotency_key: null };
  private readonly idempotent = new Map<string, { method: string; path: string; canonical: string; answer: Answer & { json: unknown } }>();

  constructor(
    private readonly standIn: StripeStandIn,
    private readonly log: (line: string) => void = () => {},
  ) {}

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url ?? "/", "http://stand-in");
    const method = req.method ?? "GET";
    res.setHeader("Access-Control-Allow-Origin", "*");
    if (method === "OPTIONS") {
      res.writeHead(204, {
        "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
        "Access-Control-Allow-Headers": "authorization, content-type, idempotency-key, stripe-version",
      });
      res.end();
      return;
    }
    let params: Params;
    try {
      params =
        method === "GET"
          ? parseParams(url.search.slice(1))
          : /json/.test(req.headers["content-type"] ?? "")
            ? jsonParams(raw ? JSON.parse(raw) : {})
            : parseParams(raw);
    } catch {
      return this.write(res, { status: 400, json: { error: { type: "invalid_request_error", message: "The request body could not be parsed." } } });
    }
    const fault = this.faults.find((f) => f.method === method && f.path === url.pathname);
    if (fault && --fault.times <= 0) this.faults.splice(this.faults.indexOf(fault), 1);
    if (fault?.when === "before") return this.fail(res, fault.status);
    const answer = url.pathname.startsWith("/v1/") ? this.api(req, method, url.pathname, params, raw) : await this.control(method, url.pathname, params);
    if (fault?.when === "after") return this.fail(res, fault.status);
    const slow = this.slowAnswers.find((a) => a.method === method && a.path === url.pathname);
    if (slow) await new Promise((r) => setTimeout(r, slow.ms));
    this.write(res, answer);
  }

  private api(req: IncomingMessage, method: string, path: string, params: Params, raw: string): Answer {
    const requestId = newId("req", 14);
    const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
    const record = (answer: Answer, replayed = false): Answer => {
      this.requests.push({ method, path, params, idempotencyKey, status: answer.status, replayed });
      return {
        ...answer,
        headers: {
          "Request-Id": requestId,
          "Stripe-Version": String(req.headers["stripe-version"] ?? ""),
          ...(replayed ? { "Idempotent-Replayed": "true" } : {}),
        },
      };
    };
    const route = API_ROUTES.find((r) => r.method === method && r.pattern.test(path));
    if (!route)
      return record(this.error(new StripeApiError(404, { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` })));
    const unauthorised = this.checkKey(req, params, route.publishable === true, path);
    if (unauthorised) return record(unauthorised);
    const canonical =
      [...new URLSearchParams(raw)]
        .map(([k, v]) => `${k}=${v}`)
        .sort()
        .join("&") || raw;
    if (method === "POST" && idempotencyKey) {
      const saved = this.idempotent.get(idempotencyKey);
      if (saved && saved.method === method && saved.path === path && saved.canonical === canonical) return record(saved.answer, true);
      if (saved) {
        return record(
          this.error(
            new StripeApiError(400, {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            }),
          ),
        );
      }
    }
    let answer: Answer & { json: unknown };
    this.currentRequest = { id: requestId, idempotency_key: idempotencyKey };
    try {
      answer = { status: 200, json: route.run(this.standIn, decodeURIComponent(route.pattern.exec(path)?.[1] ?? ""), params) };
    } catch (err) {
      answer = this.error(err);
    } finally {
      this.currentRequest = { id: null, idempotency_key: null };
    }
    // Stripe keeps the result of a call that ran (a decline too), not of one refused before it ran.
    if (method === "POST" && idempotencyKey && (answer.status < 400 || answer.status === 402))
      this.idempotent.set(idempotencyKey, { method, path, canonical, answer });
    return record(answer);
  }

  private checkKey(req: IncomingMessage, params: Params, publishableAllowed: boolean, path: string): (Answer & { json: unknown }) | null {
    const key = /^Bearer\s+(\S+)$/.exec(req.headers.authorization ?? "")?.[1] ?? str(params, "key");
    const refuse = (message: string) => this.error(new StripeApiError(401, { type: "invalid_request_error", message }));
    if (!key)
      return refuse(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
    if (/^(sk|rk)_test_/.test(key)) return null;
    if (/^pk_test_/.test(key) && publishableAllowed) {
      // With a publishable key, an intent is readable only with its client secret (as Stripe.js reads it).
      const id = path.split("/")[3];
      if (path.startsWith("/v1/payment_intents/") && this.standIn.ledger.paymentIntents.get(id ?? "")?.client_secret !== str(params, "client_secret")) {
        return this.error(noSuch("payment_intent", id ?? ""));
      }
      return null;
    }
    if (/^pk_test_/.test(key)) return refuse("This API call cannot be made with a publishable API key. Please use a secret API key.");
    return refuse(`Invalid API Key provided: ${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`);
  }

  private async control(method: string, path: string, p: Params): Promise<Answer> {
    const id = decodeURIComponent(path.split("/")[3] ?? "");
    const route = `${method} ${path.replace(/^(\/_test\/[a-z_0-9]+)\/[^/]+/, "$1/:id")}`;
    try {
      switch (route) {
        case "POST /_test/confirmation_tokens":
          return { status: 200, json: this.standIn.ledger.confirmationTokenFrom(p) };
        case "POST /_test/authenticate/:id": {
          const outcome = str(p, "outcome");
          if (outcome !== "approve" && outcome !== "fail") throw invalidRequest("outcome must be approve or fail", { param: "outcome" });
          const secret = str(p, "client_secret");
          if (secret && this.standIn.ledger.paymentIntent(id).client_secret !== secret) throw noSuch("payment_intent", id);
          return { status: 200, json: this.standIn.authenticate(id, outcome) };
        }
        case "GET /_test/3ds/:id":
          return { status: 200, html: challengePage(this.standIn.ledger.paymentIntent(id)) };
        case "POST /_test/3ds/:id":
          return this.answerChallenge(id, str(p, "outcome") === "approve" ? "approve" : "fail");
        case "GET /_test/payment_intents/:id":
          return { status: 200, json: this.standIn.paymentIntent(id) };
        case "POST /_test/refunds":
          return { status: 200, json: this.standIn.charges.createRefund(p) };
        case "POST /_test/disputes":
          return { status: 200, json: this.standIn.dispute(str(p, "payment_intent") ?? "", str(p, "reason")) };
        case "POST /_test/disputes/:id/close":
          return { status: 200, json: this.standIn.closeDispute(id, str(p, "status") === "won" ? "won" : "lost") };
        case "GET /_test/events":
          return { status: 200, json: { data: this.standIn.events.map((e) => ({ ...e, deliveries: this.standIn.webhooks.deliveries.get(e.id) ?? [] })) } };
        case "GET /_test/requests":
          return { status: 200, json: { data: this.requests } };
        case "POST /_test/webhook_target":
          this.standIn.webhookTarget = str(p, "url") || null;
          return { status: 200, json: { webhookTarget: this.standIn.webhookTarget } };
        case "POST /_test/fail_next":
          this.standIn.failNext({
            method: str(p, "method") ?? "POST",
            path: str(p, "path") ?? "",
            status: Number(str(p, "status") ?? 500),
            times: Number(str(p, "times") ?? 1),
            when: str(p, "when") === "after" ? "after" : "before",
          });
          return { status: 200, json: { faults: this.faults } };
        case "POST /_test/idle":
          await this.standIn.idle();
          return { status: 200, json: { pending: 0 } };
        default:
          return { status: 404, json: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` } } };
      }
    } catch (err) {
      return this.error(err);
    }
  }

  /** The challenge page's buttons: answer, then back to the shop (a redirect) or tell the frame's parent. */
  private answerChallenge(id: string, outcome: "approve" | "fail"): Answer {
    const pi = this.standIn.ledger.paymentIntent(id);
    const redirect = pi.next_action?.type === "redirect_to_url" ? pi.return_url : null;
    if (pi.status === "requires_action") this.standIn.ledger.authenticate(id, outcome);
    if (!redirect) return { status: 200, html: challengeDonePage(pi) };
    const back = new URL(redirect);
    back.searchParams.set("payment_intent", pi.id);
    back.searchParams.set("payment_intent_client_secret", pi.client_secret);
    back.searchParams.set("redirect_status", pi.status === "succeeded" ? "succeeded" : "failed");
    return { status: 303, location: back.toString() };
  }

  private error(err: unknown): Answer & { json: unknown } {
    if (err instanceof StripeApiError) return { status: err.status, json: { error: err.error } };
    this.log(`stand-in error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return { status: 500, json: { error: { type: "api_error", message: "An unknown error occurred in the Stripe stand-in." } } };
  }

  private fail(res: ServerResponse, status: number): void {
    if (status === 0) {
      res.socket?.destroy();
      return;
    }
    this.write(res, {
      status,
      json: { error: { type: "api_error", message: "An unknown error occurred (injected by the test)." } },
      headers: { "Stripe-Should-Retry": "false" },
    });
  }

  private write(res: ServerResponse, answer: Answer): void {
    if ("location" in answer) {
      res.writeHead(303, { Location: answer.location });
      res.end();
      return;
    }
    if ("html" in answer) {
      res.writeHead(answer.status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
      res.end(answer.html);
      return;
    }
    res.writeHead(answer.status, { "Content-Type": "application/json", "Cache-Control": "no-cache, no-store", ...answer.headers });
    res.end(JSON.stringify(answer.json, null, 2));
  }
}
