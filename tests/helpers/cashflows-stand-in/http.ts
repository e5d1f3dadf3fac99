import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { CashflowsStandIn } from "../cashflows-stand-in";
import { errorReport } from "./cards";
import { GatewayError, parsePence, type StandInJob } from "./ledger";
import { challengeDonePage, challengePage, hostedPage, preparationPage } from "./pages";

/*
 * The stand-in's HTTP side: the Gateway API the shop's server calls (signed: ConfigurationId and
 * Hash), the endpoints Cashflows' browser library calls (authenticated by the intent's token), the
 * pages a browser shows, and the test controls under /_test.
 */

export interface RecordedCall {
  method: string;
  path: string;
  configurationId: string | null;
  hash: string | null;
  /** The body exactly as received. */
  body: string;
  status: number;
  /** The hash matched the configuration's API key. False: refused 401. */
  signed: boolean;
}

/** A fault to inject on the next call(s) to `method path` (path: exact, or a prefix ending in "*"): answer `status` (0: drop the connection), after `delayMs`. */
export interface FailRule {
  method: string;
  path: string;
  status?: number;
  times?: number;
  /** Wait this long first (longer than the adapter's timeout: a call that times out); with no status, then answer normally. */
  delayMs?: number;
  /** "after": the call runs, then its answer is lost (the connection dropped). */
  when?: "before" | "after";
}

type Answer = { status: number; json: unknown } | { status: number; html: string } | { status: 303; location: string } | { status: 204 };

type Route = {
  method: string;
  pattern: RegExp;
  signed: boolean;
  run: (s: CashflowsStandIn, m: string[], body: Record<string, unknown>, req: Req) => Answer | Promise<Answer>;
};

interface Req {
  url: URL;
  /** The caller's configuration (signed calls). */
  configurationId: string | null;
  raw: string;
  form: URLSearchParams;
  wantsHtml: boolean;
}

const json = (value: unknown, status = 200): Answer => ({ status, json: value });

const ROUTES: Route[] = [
  // The Gateway API, as the shop's server calls it.
  {
    method: "POST",
    pattern: /^\/api\/gateway\/payment-intents\/?$/,
    signed: true,
    run: (s, _, body, req) => {
      const job = s.ledger.create("intent", req.configurationId!, body);
      return json({ data: { paymentJobReference: job.reference, token: job.token, paymentStatus: job.status } }, 201);
    },
  },
  {
    method: "POST",
    pattern: /^\/api\/gateway\/payment-jobs\/?$/,
    signed: true,
    run: (s, _, body, req) => {
      const job = s.ledger.create("job", req.configurationId!, body);
      return json({ data: { reference: job.reference, paymentStatus: job.status }, links: { action: { url: s.hostedPageUrl(job) } } }, 201);
    },
  },
  { method: "GET", pattern: /^\/api\/gateway\/payment-jobs\/([^/]+)$/, signed: true, run: (s, [ref]) => json(s.ledger.renderJob(s.ledger.job(ref!))) },
  {
    method: "POST",
    pattern: /^\/api\/gateway\/payment-jobs\/([^/]+)\/payments\/([^/]+)\/captures$/,
    signed: true,
    run: (s, [ref, p], body) => {
      const job = s.ledger.job(ref!);
      return json({ data: s.ledger.renderPayment(s.ledger.capture(job, p!, body)) });
    },
  },
  {
    method: "POST",
    pattern: /^\/api\/gateway\/payment-jobs\/([^/]+)\/payments\/([^/]+)\/refunds$/,
    signed: true,
    run: (s, [ref, p], body) => {
      const job = s.ledger.job(ref!);
      const refundNumber = typeof body.refundNumber === "string" ? body.refundNumber : null;
      const refund = s.ledger.refund(job, p!, parsePence(body.amountToRefund, "amountToRefund"), refundNumber);
      return json({ data: { reference: refund.reference, refundNumber, amountToRefund: body.amountToRefund, status: refund.status } }, 201);
    },
  },
  {
    method: "PATCH",
    pattern: /^\/api\/gateway\/payment-jobs\/([^/]+)\/payments\/([^/]+)\/cancel$/,
    signed: true,
    run: (s, [ref, p]) => json({ data: s.ledger.renderPayment(s.ledger.cancelPayment(s.ledger.job(ref!), p!)) }),
  },
  {
    method: "PATCH",
    pattern: /^\/api\/gateway\/payment-jobs\/([^/]+)\/cancel$/,
    signed: true,
    run: (s, [ref]) => json(s.ledger.renderJob(s.ledger.cancelJob(s.ledger.job(ref!)))),
  },
  // The browser library's calls (the intent's token is their credential).
  {
    method: "GET",
    pattern: /^\/api\/gateway\/payment-intents\/([^/]+)$/,
    signed: false,
    run: (s, [token]) => json(s.ledger.renderIntent(s.ledger.intent(token!))),
  },
  { method: "GET", pattern: /^\/api\/gateway\/payment-intents\/([^/]+)\/stored-cards$/, signed: false, run: () => json({ data: [] }) },
  {
    method: "POST",
    pattern: /^\/api\/gateway\/payment-intents\/([^/]+)\/payments$/,
    signed: false,
    run: (s, [token], body) => {
      const job = s.ledger.intent(token!);
      const ids = Array.isArray(body.preparationIds) ? body.preparationIds.filter((x): x is string => typeof x === "string") : [];
      const fields = Object.fromEntries(ids.map((id) => s.ledger.preparations.get(id)).flatMap((p) => (p ? [[p.inputtype, p.value]] : [])));
      if (!fields.cardnumber) throw new GatewayError(400, "InvalidPreparation", "The card details were not received.");
      s.ledger.pay(job, { number: fields.cardnumber, expiry: fields.cardexpiry, cvc: fields.cardcvc, name: fields.cardholdername });
      return json(s.ledger.renderIntent(job));
    },
  },
  // The card form's frames.
  {
    method: "GET",
    pattern: /^\/preparations\/([A-Za-z0-9-]{8,64})$/,
    signed: false,
    run: (_, [uuid], __, req) => {
      const page = preparationPage(uuid!, req.url.searchParams.get("inputtype") ?? "");
      return page ? { status: 200, html: page } : json({ errorReport: errorReport("InvalidInputType", "Unknown inputtype") }, 400);
    },
  },
  {
    method: "POST",
    pattern: /^\/preparations\/([A-Za-z0-9-]{8,64})$/,
    signed: false,
    run: (s, [uuid], body) => {
      if (typeof body.inputtype !== "string" || typeof body.value !== "string") throw new GatewayError(400, "InvalidPreparation", "inputtype and value");
      s.ledger.preparations.set(uuid!, { inputtype: body.inputtype, value: body.value });
      return { status: 204 };
    },
  },
  // 3-D Secure, and the hosted payment page.
  {
    method: "GET",
    pattern: /^\/_stand-in\/3ds\/([^/]+)$/,
    signed: false,
    run: (s, [ref]) => {
      const job = s.ledger.job(ref!);
      return { status: 200, html: challengePage(job, job.status === "Pending" && s.ledger.lastPayment(job)?.status === "Pending") };
    },
  },
  {
    method: "POST",
    pattern: /^\/_stand-in\/3ds\/([^/]+)$/,
    signed: false,
    run: (s, [ref], body, req) => {
      const job = s.ledger.job(ref!);
      const outcome = (req.form.get("outcome") ?? body.outcome) === "approve" ? "approve" : "fail";
      s.ledger.authenticate(job, outcome);
      if (job.kind === "job" || req.url.searchParams.get("via") === "hosted") return { status: 303, location: s.returnUrl(job) };
      return req.wantsHtml ? { status: 200, html: challengeDonePage(job) } : json(s.ledger.renderIntent(job));
    },
  },
  { method: "GET", pattern: /^\/_stand-in\/pay\/([^/]+)$/, signed: false, run: (s, [ref]) => ({ status: 200, html: hostedPage(s.ledger.job(ref!), null) }) },
  {
    method: "POST",
    pattern: /^\/_stand-in\/pay\/([^/]+)$/,
    signed: false,
    run: (s, [ref], body, req) => {
      const job = s.ledger.job(ref!);
      const field = (name: string) => req.form.get(name) ?? (typeof body[name] === "string" ? (body[name] as string) : undefined);
      if (field("cancel")) {
        if (job.status === "Pending") s.ledger.cancelJob(job);
        return { status: 303, location: s.returnUrl(job) };
      }
      try {
        const payment = s.ledger.pay(job, {
          number: field("cardnumber") ?? "",
          expiry: field("cardexpiry"),
          cvc: field("cardcvc"),
          name: field("cardholdername"),
        });
        if (payment.status === "Pending") return { status: 303, location: `${s.challengeUrl(job)}?via=hosted` };
      } catch (err) {
        if (err instanceof GatewayError) return { status: 400, html: hostedPage(job, err.message) };
        throw err;
      }
      return { status: 303, location: s.returnUrl(job) };
    },
  },
  // Test controls.
  { method: "GET", pattern: /^\/_test\/jobs\/([^/]+)$/, signed: false, run: (s, [ref]) => json(s.ledger.renderJob(s.ledger.job(ref!))) },
  {
    method: "POST",
    pattern: /^\/_test\/pay\/([^/]+)$/,
    signed: false,
    run: (s, [ref], body) => json(s.ledger.renderPayment(s.pay(ref!, typeof body.card === "string" ? body.card : "", body))),
  },
  {
    method: "POST",
    pattern: /^\/_test\/authenticate\/([^/]+)$/,
    signed: false,
    run: (s, [ref], body) => json(s.ledger.renderPayment(s.authenticate(ref!, body.outcome === "fail" ? "fail" : "approve"))),
  },
  {
    method: "POST",
    pattern: /^\/_test\/refunds\/([^/]+)$/,
    signed: false,
    run: (s, [ref], body) => json(s.refundInPortal(ref!, typeof body.amount === "number" ? body.amount : undefined)),
  },
  { method: "POST", pattern: /^\/_test\/chargebacks\/([^/]+)$/, signed: false, run: (s, [ref]) => json(s.chargeback(ref!)) },
  {
    method: "POST",
    pattern: /^\/_test\/chargebacks\/([^/]+)\/close$/,
    signed: false,
    run: (s, [ref], body) => json(s.closeChargeback(ref!, body.status === "Lost" ? "Lost" : "Won")),
  },
  { method: "POST", pattern: /^\/_test\/expire\/([^/]+)$/, signed: false, run: (s, [ref]) => json(s.ledger.renderJob(s.ledger.expire(s.ledger.job(ref!)))) },
  { method: "POST", pattern: /^\/_test\/notify\/([^/]+)$/, signed: false, run: async (s, [ref]) => json(await s.notify(ref!)) },
  {
    method: "POST",
    pattern: /^\/_test\/capture-mode$/,
    signed: false,
    run: (s, _, body) => {
      s.captureMode = body.capture === "reserve" ? "reserve" : "immediate";
      return json({ capture: s.captureMode });
    },
  },
  { method: "GET", pattern: /^\/_test\/requests$/, signed: false, run: (s) => json(s.http.calls) },
  { method: "GET", pattern: /^\/_test\/notifications$/, signed: false, run: (s) => json(s.notifications) },
  {
    method: "POST",
    pattern: /^\/_test\/fail_next$/,
    signed: false,
    run: (s, _, body) => {
      s.failNext(body as unknown as FailRule);
      return json({ ok: true });
    },
  },
];

const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, PATCH, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type, ConfigurationId, Hash",
};

export class CashflowsHttp {
  readonly calls: RecordedCall[] = [];
  readonly faults: Array<Required<Omit<FailRule, "status">> & { status: number | null }> = [];

  constructor(
    private readonly standIn: CashflowsStandIn,
    private readonly log?: (line: string) => void,
  ) {}

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const method = req.method ?? "GET";
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    if (method === "OPTIONS") {
      res.writeHead(204, CORS).end();
      return;
    }
    const fault = this.faults.find(
      (f) => f.method === method && (f.path.endsWith("*") ? url.pathname.startsWith(f.path.slice(0, -1)) : f.path === url.pathname),
    );
    if (fault) {
      if (--fault.times <= 0) this.faults.splice(this.faults.indexOf(fault), 1);
      if (fault.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
    }
    if (fault && fault.when === "before") {
      if (fault.status === 0) {
        req.socket.destroy();
        return;
      }
      if (fault.status !== null) {
        this.record(req, url, raw, fault.status, true);
        this.send(res, json({ errorReport: errorReport("InternalServerError", "The stand-in was told to fail this call") }, fault.status));
        return;
      }
    }
    const route = ROUTES.map((r) => ({ r, m: r.method === method ? r.pattern.exec(url.pathname) : null })).find((x) => x.m);
    if (!route) {
      this.send(res, json({ errorReport: errorReport("NotFound", `No route ${method} ${url.pathname}`) }, 404));
      return;
    }
    const contentType = req.headers["content-type"] ?? "";
    const form = contentType.includes("application/x-www-form-urlencoded") ? new URLSearchParams(raw) : new URLSearchParams();
    let body: Record<string, unknown> = {};
    if (raw && !contentType.includes("application/x-www-form-urlencoded")) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        this.send(res, json({ errorReport: errorReport("InvalidRequest", "The body is not JSON") }, 400));
        return;
      }
    }
    if (route.r.signed && !this.verify(req, raw)) {
      this.record(req, url, raw, 401, false);
      this.log?.(`refused ${method} ${url.pathname}: wrong ConfigurationId or Hash`);
      this.send(res, json({ errorReport: errorReport("Unauthorised", "The request could not be authenticated: check the configuration id and hash.") }, 401));
      return;
    }
    let answer: Answer;
    try {
      answer = await route.r.run(this.standIn, route.m!.slice(1), body, {
        url,
        configurationId: header(req, "configurationid"),
        raw,
        form,
        wantsHtml: form.size > 0 || (req.headers.accept ?? "").includes("text/html"),
      });
    } catch (err) {
      answer = err instanceof GatewayError ? json(err.body, err.status) : json({ errorReport: errorReport("InternalServerError", String(err)) }, 500);
    }
    if (route.r.signed) this.record(req, url, raw, answer.status, true);
    if (fault?.when === "after") {
      req.socket.destroy();
      return;
    }
    this.send(res, answer);
  }

  private verify(req: IncomingMessage, raw: string): boolean {
    const configurationId = header(req, "configurationid");
    const config = configurationId ? this.standIn.configurations.get(configurationId) : undefined;
    if (!config) return false;
    const expected = createHash("sha512")
      .update(config.apiKey + raw, "utf8")
      .digest("hex")
      .toUpperCase();
    return header(req, "hash") === expected;
  }

  private record(req: IncomingMessage, url: URL, raw: string, status: number, signed: boolean): void {
    this.calls.push({
      method: req.method ?? "GET",
      path: url.pathname,
      configurationId: header(req, "configurationid"),
      hash: header(req, "hash"),
      body: raw,
      status,
      signed,
    });
  }

  private send(res: ServerResponse, answer: Answer): void {
    if ("location" in answer) res.writeHead(303, { Location: answer.location, ...CORS }).end();
    else if ("html" in answer) res.writeHead(answer.status, { "Content-Type": "text/html; charset=utf-8", ...CORS }).end(answer.html);
    else if ("json" in answer) res.writeHead(answer.status, { "Content-Type": "application/json; charset=utf-8", ...CORS }).end(JSON.stringify(answer.json));
    else res.writeHead(answer.status, CORS).end();
  }
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === "string" ? value : null;
}

export type { StandInJob };
