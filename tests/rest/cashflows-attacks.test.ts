import { afterAll, describe, expect, it } from "vitest";
import type { Logger } from "../../src/server/logger";
import { CashflowsPaymentProvider, notificationSignature } from "../../src/server/payments/cashflows";
import { createCompetition } from "../factories/competitions";
import { createUserWithSession } from "../factories/users";
import { count } from "../helpers/assertions";
import {
  CARD,
  CASHFLOWS_STAND_IN_API_KEY,
  CASHFLOWS_STAND_IN_NOTIFICATION_SECRET,
  CASHFLOWS_STAND_IN_RESERVE_CONFIGURATION,
  startCashflowsStandIn,
} from "../helpers/cashflows-stand-in";
import { allowGuestCheckout, createTestDb, sqlRows } from "../helpers/db";
import { startTestServer } from "../helpers/http";

/**
 * A hostile party against the shop's Cashflows notification address and checkout, over real HTTP:
 * forgeries, replays, races and malformed requests. Every log line the shop writes is kept, to
 * check that each refusal is logged once and that no secret (API key, notification secret, an
 * address's signature) is ever logged or answered.
 */
const standIn = await startCashflowsStandIn();
afterAll(() => standIn.close());
const db = createTestDb();
await allowGuestCheckout(db);
const logged: Array<{ level: string; msg: string; fields?: Record<string, unknown> }> = [];
const logger: Logger = {
  debug: (msg, fields) => logged.push({ level: "debug", msg, fields }),
  info: (msg, fields) => logged.push({ level: "info", msg, fields }),
  warn: (msg, fields) => logged.push({ level: "warn", msg, fields }),
  error: (msg, fields) => logged.push({ level: "error", msg, fields }),
};
const ORIGIN = "https://shop.example.test";
const payments = new CashflowsPaymentProvider({ ...standIn.providerOptions(ORIGIN), logger });
const shop = await startTestServer(db, { services: { payments }, logger, config: { trustProxy: true } });
/** The same shop with Cashflows configured to reserve payments (the shop captures them). */
const reserving = new CashflowsPaymentProvider({
  ...standIn.providerOptions(ORIGIN, { configurationId: CASHFLOWS_STAND_IN_RESERVE_CONFIGURATION }),
  logger,
});
const reserveShop = await startTestServer(db, { services: { payments: reserving }, logger, config: { trustProxy: true } });

let addresses = 0;
const freshAddress = () => `198.51.100.${++addresses}`;
const sig = (orderId: string) => notificationSignature(CASHFLOWS_STAND_IN_NOTIFICATION_SECRET, orderId);
const signed = (orderId: string) => `?order=${encodeURIComponent(orderId)}&signature=${sig(orderId)}`;
const notify = (query: string, body: string, opts: { contentType?: string; origin?: string; address?: string } = {}) =>
  fetch(`${opts.origin ?? shop.origin}/api/payments/cashflows/notify${query}`, {
    method: "POST",
    headers: { "content-type": opts.contentType ?? "application/json", "x-forwarded-for": opts.address ?? freshAddress() },
    body,
  });
const noticeOf = (job: string, payment: string | null = null) => JSON.stringify({ paymentJobReference: job, paymentReference: payment });

async function order(opts: { token?: string; origin?: string; idempotencyKey?: string } = {}) {
  const c = await createCompetition(db, { pricePence: 300 });
  const email = `buyer-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const res = await fetch(`${opts.origin ?? shop.origin}/api/entries`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": freshAddress(), ...(opts.token ? { "x-session-token": opts.token } : {}) },
    body: JSON.stringify({
      competitionId: c.id,
      customerName: "Sam Buyer",
      customerEmail: email,
      answer: "green",
      quantity: 1,
      paymentToken: "cashflows",
      ...(opts.idempotencyKey ? { idempotencyKey: opts.idempotencyKey } : {}),
    }),
  });
  const json = (await res.json()) as { orderId: string; status: string };
  expect(json).toMatchObject({ status: "requires_action" });
  const [row] = await sqlRows<{ payment_id: string; customer_email: string }>(db, "select payment_id, customer_email from orders where id = ?", [json.orderId]);
  return { orderId: json.orderId, job: row!.payment_id, email: row!.customer_email, competitionId: c.id, json };
}
const statusOf = async (orderId: string) => (await sqlRows<{ status: string }>(db, "select status from orders where id = ?", [orderId]))[0]!.status;
const mailsTo = (email: string) => count(db, "mail_outbox", `"to" = '${email}'`);
const ticketsOf = (orderId: string) => count(db, "tickets", `entry_id in (select id from entries where order_id = '${orderId}')`);
const refusalsSince = (from: number, msg: string) => logged.slice(from).filter((l) => l.msg === msg);

describe("forged notifications", () => {
  it("a job of another Cashflows configuration, named with the right order's signature, is refused 409 without reading it", async () => {
    const victim = await order();
    // The attacker's own job, in another configuration of the merchant account, for the same order number.
    const theirs = await order({ origin: reserveShop.origin });
    standIn.pay(theirs.job, CARD.visaDebit);
    const reads = standIn.calls("GET").length;
    const from = logged.length;
    const res = await notify(signed(victim.orderId), noticeOf(theirs.job));
    expect(res.status).toBe(409);
    expect(standIn.calls("GET").length).toBe(reads);
    expect(await statusOf(victim.orderId)).toBe("requires_action");
    expect(refusalsSince(from, "cashflows notification refused: a payment job of another order")).toHaveLength(1);
  });

  it("a job Cashflows answers for another order number than the signed order's is refused 409, and nothing is recorded", async () => {
    const a = await order();
    const b = await order();
    standIn.pay(a.job, CARD.visaDebit);
    standIn.job(a.job).orderNumber = b.orderId;
    const from = logged.length;
    const res = await notify(signed(a.orderId), noticeOf(a.job));
    expect(res.status).toBe(409);
    expect(refusalsSince(from, "cashflows notification refused: a payment job of another order")).toHaveLength(1);
    expect([await statusOf(a.orderId), await statusOf(b.orderId)]).toEqual(["requires_action", "requires_action"]);
    standIn.job(a.job).orderNumber = a.orderId;
  });

  it("query-string tricks: two orders, two signatures, encoded characters, upper case, a very long signature: refused 401 once each", async () => {
    const a = await order();
    const b = await order();
    const body = noticeOf(a.job);
    for (const query of [
      `?order=${b.orderId}&order=${a.orderId}&signature=${sig(a.orderId)}`,
      `?order=${a.orderId}&signature=${"0".repeat(64)}&signature=${sig(a.orderId)}`,
      `?order=${a.orderId}%00&signature=${sig(a.orderId)}`,
      `?order=${encodeURIComponent(` ${a.orderId}`)}&signature=${sig(a.orderId)}`,
      `?order=${a.orderId}&signature=${sig(a.orderId).toUpperCase()}`,
      `?order=${a.orderId}&signature=${sig(a.orderId)}${"0".repeat(8000)}`,
      `?ORDER=${a.orderId}&SIGNATURE=${sig(a.orderId)}`,
    ]) {
      const from = logged.length;
      const res = await notify(query, body);
      expect(res.status, query.slice(0, 120)).toBe(401);
      expect(await res.json()).toEqual({ message: "Invalid signature", code: "UNAUTHORIZED" });
      expect(refusalsSince(from, "cashflows notification refused: invalid signature")).toHaveLength(1);
    }
    expect([await statusOf(a.orderId), await statusOf(b.orderId)]).toEqual(["requires_action", "requires_action"]);
    // The right order first, with a second one after it: the first is the one signed and processed.
    standIn.pay(a.job, CARD.visaDebit);
    const ok = await notify(`${signed(a.orderId)}&order=${b.orderId}`, body);
    expect(ok.status).toBe(200);
    expect([await statusOf(a.orderId), await statusOf(b.orderId)]).toEqual(["paid", "requires_action"]);
  });

  it("a notification far too long for its address is refused (431 or 413) and changes nothing", async () => {
    const a = await order();
    standIn.pay(a.job, CARD.visaDebit);
    const res = await notify(`?order=${a.orderId}&signature=${"f".repeat(100_000)}`, noticeOf(a.job)).catch(() => null);
    expect(res === null || res.status === 431 || res.status === 413 || res.status === 414).toBe(true);
    expect(await statusOf(a.orderId)).toBe("requires_action");
  });

  it("deeply nested, non-object, wrong-typed and wrong content-type bodies are refused 400 with one log line each", async () => {
    const a = await order();
    standIn.pay(a.job, CARD.visaDebit);
    const nested = `${"[".repeat(1500)}${"]".repeat(1500)}`;
    const bodies: Array<[string, string]> = [
      [nested, "application/json"],
      [`{"paymentJobReference":${"{".repeat(600)}${"}".repeat(600)}}`, "application/json"],
      ['{"paymentJobReference":{"$ne":null}}', "application/json"],
      ['{"paymentJobReference":["x"]}', "application/json"],
      ["null", "application/json"],
      ['"paymentJobReference"', "application/json"],
      [`paymentJobReference=${a.job}`, "application/x-www-form-urlencoded"],
      [`<notification><paymentJobReference>${a.job}</paymentJobReference></notification>`, "application/xml"],
    ];
    for (const [body, contentType] of bodies) {
      const from = logged.length;
      const res = await notify(signed(a.orderId), body, { contentType });
      expect(res.status, body.slice(0, 60)).toBe(400);
      expect(await res.json()).toMatchObject({ code: "BAD_REQUEST" });
      expect(refusalsSince(from, "cashflows notification refused: not a notification")).toHaveLength(1);
    }
    expect(await statusOf(a.orderId)).toBe("requires_action");
    // Cashflows' own notification, even labelled as text, is read: only the job as Cashflows answers it is trusted.
    const res = await notify(signed(a.orderId), noticeOf(a.job), { contentType: "text/plain" });
    expect(res.status).toBe(200);
    expect(await statusOf(a.orderId)).toBe("paid");
  });

  it("a signed notification for an order whose job has taken nothing changes nothing (a forged 'paid')", async () => {
    const a = await order();
    const res = await notify(signed(a.orderId), JSON.stringify({ paymentJobReference: a.job, paymentReference: "P-FORGED", paymentStatus: "Paid" }));
    expect(res.status).toBe(200);
    expect(await statusOf(a.orderId)).toBe("requires_action");
    expect(await ticketsOf(a.orderId)).toBe(1);
    expect(await count(db, "entries", `order_id = '${a.orderId}' and payment_status = 'paid'`)).toBe(0);
  });
});

describe("replays and races over HTTP", () => {
  it("ten notifications at once for one paid job: one settlement, one set of tickets, one confirmation mail", async () => {
    const a = await order();
    standIn.pay(a.job, CARD.visaDebit);
    const res = await Promise.all(Array.from({ length: 10 }, () => notify(signed(a.orderId), noticeOf(a.job, standIn.job(a.job).payments[0]!.reference))));
    expect(res.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await statusOf(a.orderId)).toBe("paid");
    expect(await ticketsOf(a.orderId)).toBe(1);
    expect(await mailsTo(a.email)).toBe(1);
    expect(await count(db, "entries", `order_id = '${a.orderId}' and payment_status = 'paid'`)).toBe(1);
  });

  it("ten notifications at once with the buyer's own page, on a reserved payment: one capture, one settlement, one mail", async () => {
    const buyer = await createUserWithSession(db);
    const a = await order({ origin: reserveShop.origin, token: buyer.token });
    standIn.pay(a.job, CARD.visaDebit);
    const page = () => fetch(`${reserveShop.origin}/api/orders/${a.orderId}`, { headers: { "x-session-token": buyer.token } });
    const res = await Promise.all([
      ...Array.from({ length: 10 }, () => notify(signed(a.orderId), noticeOf(a.job), { origin: reserveShop.origin })),
      page(),
      page(),
    ]);
    expect(res.slice(10).map((r) => r.status)).toEqual([200, 200]);
    await standIn.idle();
    // Whatever was refused (500: Cashflows retries) is retried.
    await notify(signed(a.orderId), noticeOf(a.job), { origin: reserveShop.origin });
    expect(await statusOf(a.orderId)).toBe("paid");
    expect(standIn.calls("POST", `/api/gateway/payment-jobs/${a.job}/`).filter((c) => c.path.endsWith("/captures") && c.status < 300)).toHaveLength(1);
    expect(await ticketsOf(a.orderId)).toBe(1);
    expect(await mailsTo(a.email)).toBe(1);
  });

  it("a stale notification after a refund does not unrefund or resell", async () => {
    const a = await order();
    standIn.pay(a.job, CARD.visaDebit);
    const paidNotice = noticeOf(a.job, standIn.job(a.job).payments[0]!.reference);
    expect((await notify(signed(a.orderId), paidNotice)).status).toBe(200);
    standIn.refundInPortal(a.job);
    expect((await notify(signed(a.orderId), paidNotice)).status).toBe(200);
    expect(await statusOf(a.orderId)).toBe("refunded");
    for (let i = 0; i < 3; i++) expect((await notify(signed(a.orderId), paidNotice)).status).toBe(200);
    expect(await statusOf(a.orderId)).toBe("refunded");
    expect(await count(db, "refunds", `order_id = '${a.orderId}'`)).toBe(1);
    expect(await ticketsOf(a.orderId)).toBe(0);
  });
});

describe("the notification address itself", () => {
  it("only POST reaches it: GET, PUT, a trailing slash or another case of the path process nothing", async () => {
    const a = await order();
    standIn.pay(a.job, CARD.visaDebit);
    for (const [method, path] of [
      ["GET", "/api/payments/cashflows/notify"],
      ["PUT", "/api/payments/cashflows/notify"],
      ["POST", "/api/payments/cashflows/notify/"],
      ["POST", "/api/payments/Cashflows/notify"],
    ] as const) {
      const res = await fetch(`${shop.origin}${path}${signed(a.orderId)}`, {
        method,
        headers: { "content-type": "application/json", "x-forwarded-for": freshAddress() },
        ...(method === "GET" ? {} : { body: noticeOf(a.job) }),
      });
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(await statusOf(a.orderId)).toBe("requires_action");
    }
  });
});

describe("the REST checkout with Cashflows", () => {
  it("a card token of another provider is not a Cashflows payment: refused, or sent to Cashflows' own page, never charged", async () => {
    const c = await createCompetition(db, { pricePence: 300 });
    for (const paymentToken of ["pm_card_visa", "sim_tok_visa", "4000000000000002"]) {
      const res = await shop.request("/api/entries", {
        headers: { "x-forwarded-for": freshAddress() },
        body: {
          competitionId: c.id,
          customerName: "Sam Buyer",
          customerEmail: `tok-${crypto.randomUUID().slice(0, 6)}@example.test`,
          answer: "green",
          quantity: 1,
          paymentToken,
        },
      });
      if (res.status < 300) expect(res.json).toMatchObject({ status: "requires_action", nextAction: { type: "redirect" } });
      else expect(res.status).toBe(400);
      expect(res.text).not.toContain("4000000000000002");
    }
    expect(await count(db, "entries", `competition_id = '${c.id}' and payment_status = 'paid'`)).toBe(0);
  });

  it("a job paid and refunded in the Portal before the shop heard of either: paid, then refunded, from one notification", async () => {
    const a = await order();
    standIn.pay(a.job, CARD.visaDebit);
    standIn.refundInPortal(a.job);
    expect((await notify(signed(a.orderId), noticeOf(a.job))).status).toBe(200);
    expect(await statusOf(a.orderId)).toBe("refunded");
    expect(await count(db, "refunds", `order_id = '${a.orderId}'`)).toBe(1);
    expect(await ticketsOf(a.orderId)).toBe(0);
    expect(await mailsTo(a.email)).toBe(2);
  });

  it("another user's idempotency key opens their own order, never the other's payment, and the other's order is not theirs to read", async () => {
    const alice = await createUserWithSession(db);
    const mallory = await createUserWithSession(db);
    const key = `key-${crypto.randomUUID()}`;
    const a = await order({ token: alice.token, idempotencyKey: key });
    const m = await order({ token: mallory.token, idempotencyKey: key });
    expect(m.orderId).not.toBe(a.orderId);
    expect(m.job).not.toBe(a.job);
    const peek = await fetch(`${shop.origin}/api/orders/${a.orderId}`, { headers: { "x-session-token": mallory.token } });
    expect(peek.status).toBe(404);
    const text = await peek.text();
    expect(text).not.toContain(a.job);
    expect(text).not.toContain(standIn.hostedPageUrl(standIn.job(a.job)));
  });

  it("Cashflows refusing our credentials fails the order with a plain message: the buyer is told nothing of the settings or keys", async () => {
    standIn.failNext({ method: "POST", path: "/api/gateway/payment-intents/", status: 401 });
    standIn.failNext({ method: "POST", path: "/api/gateway/payment-jobs", status: 401 });
    const c = await createCompetition(db, { pricePence: 300 });
    const res = await shop.request("/api/entries", {
      headers: { "x-forwarded-for": freshAddress() },
      body: { competitionId: c.id, customerName: "Sam Buyer", customerEmail: "nokey@example.test", answer: "green", quantity: 1, paymentToken: "cashflows" },
    });
    expect(res.status).toBe(402);
    expect(res.text).not.toMatch(/CASHFLOWS|Hash|ConfigurationId|api\/gateway/i);
    standIn.http.faults.length = 0;
  });
});

describe("the log", () => {
  it("a forgery's invented order id is logged cut short, not as the sender wrote it", async () => {
    const from = logged.length;
    const junk = `${"A".repeat(3000)}\n{"level":"info","msg":"cashflows notification processed"}`;
    expect((await notify(`?order=${encodeURIComponent(junk)}&signature=${"0".repeat(64)}`, "{}")).status).toBe(401);
    const lines = refusalsSince(from, "cashflows notification refused: invalid signature");
    expect(lines).toHaveLength(1);
    expect(String(lines[0]!.fields!.orderId).length).toBeLessThanOrEqual(100);
  });

  it("the payment settings the shop answers hold no secret", async () => {
    const res = await shop.request("/api/payments/config");
    expect(res.json).toMatchObject({ provider: "cashflows" });
    expect(res.text).not.toContain(CASHFLOWS_STAND_IN_API_KEY);
    expect(res.text).not.toContain(CASHFLOWS_STAND_IN_NOTIFICATION_SECRET);
  });

  it("a payment refused at settlement (another amount, another currency) has one clear warning naming the order and why", async () => {
    for (const change of [{ amountPence: 100 }, { currency: "EUR" }]) {
      const a = await order();
      standIn.pay(a.job, CARD.visaDebit);
      Object.assign(standIn.job(a.job), change);
      const from = logged.length;
      expect((await notify(signed(a.orderId), noticeOf(a.job))).status).toBe(200);
      expect(await statusOf(a.orderId)).not.toBe("paid");
      const warnings = logged.slice(from).filter((l) => l.level === "warn" || l.level === "error");
      expect(warnings).toEqual([
        {
          level: "warn",
          msg: "cashflows payment refused: not this order's amount or currency",
          fields: expect.objectContaining({ orderId: a.orderId, paymentJobReference: a.job, reason: expect.stringContaining("amount mismatch") }),
        },
      ]);
      // Cashflows' retry of the same notification adds nothing.
      const again = logged.length;
      await notify(signed(a.orderId), noticeOf(a.job));
      expect(logged.slice(again).filter((l) => l.level === "warn" || l.level === "error")).toEqual([]);
    }
  });

  it("never holds the API key, the notification secret or an address's signature, and no answer does", async () => {
    const a = await order();
    standIn.pay(a.job, CARD.visaDebit);
    await notify(signed(a.orderId), noticeOf(a.job));
    await notify(`?order=${a.orderId}&signature=${sig(a.orderId).slice(0, 63)}x`, noticeOf(a.job));
    const text = JSON.stringify(logged);
    expect(logged.length).toBeGreaterThan(10);
    expect(text).not.toContain(CASHFLOWS_STAND_IN_API_KEY);
    expect(text).not.toContain(CASHFLOWS_STAND_IN_NOTIFICATION_SECRET);
    expect(text).not.toContain("signature=");
    const signatures = (await sqlRows<{ id: string }>(db, "select id from orders")).map((o) => sig(o.id));
    for (const s of signatures) expect(text).not.toContain(s);
    expect(text).not.toContain(sig(a.orderId).slice(0, 63));
  });
});
