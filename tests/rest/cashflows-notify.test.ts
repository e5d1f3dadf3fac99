import { afterAll, describe, expect, it } from "vitest";
import type { Logger } from "../../src/server/logger";
import { CashflowsPaymentProvider, notificationSignature } from "../../src/server/payments/cashflows";
import { createCompetition } from "../factories/competitions";
import { count } from "../helpers/assertions";
import { CARD, CASHFLOWS_STAND_IN_NOTIFICATION_SECRET, startCashflowsStandIn } from "../helpers/cashflows-stand-in";
import { allowGuestCheckout, createTestDb, sqlRows } from "../helpers/db";
import { startTestServer } from "../helpers/http";

/**
 * POST /api/payments/cashflows/notify over real HTTP, as Cashflows (and anyone else) can reach it:
 * the stand-in posts its notifications to the shop's address; an attacker posts forgeries.
 */
const standIn = await startCashflowsStandIn();
afterAll(() => standIn.close());
const db = createTestDb();
await allowGuestCheckout(db);
const logged: Array<{ level: string; msg: string; fields?: Record<string, unknown> }> = [];
const logger: Logger = {
  debug: () => {},
  info: () => {},
  warn: (msg, fields) => logged.push({ level: "warn", msg, fields }),
  error: (msg, fields) => logged.push({ level: "error", msg, fields }),
};
const ORIGIN = "https://shop.example.test";
const payments = new CashflowsPaymentProvider(standIn.providerOptions(ORIGIN));
const shop = await startTestServer(db, { services: { payments }, logger, config: { trustProxy: true } });
const budgeted = await startTestServer(db, { services: { payments }, logger, config: { trustProxy: true }, requestBudget: { perSecond: 1, burst: 5 } });
const simulated = await startTestServer(createTestDb());
// Cashflows posts each notification to the address it was given, here the shop under test.
standIn.notificationTarget = shop.url;

let addresses = 0;
const freshAddress = () => `198.51.100.${++addresses}`;

const notify = (query: string, body: string, address = freshAddress(), origin = shop.origin) =>
  fetch(`${origin}/api/payments/cashflows/notify${query}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body,
  });

const signed = (orderId: string) => `?order=${encodeURIComponent(orderId)}&signature=${notificationSignature(CASHFLOWS_STAND_IN_NOTIFICATION_SECRET, orderId)}`;

/** An order placed over REST as a client without the card form places it: a payment job on Cashflows' hosted page. */
async function order() {
  const c = await createCompetition(db, { pricePence: 300 });
  // One buyer each: a buyer may have one payment waiting at a time.
  const email = `buyer-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const res = await shop.request("/api/entries", {
    headers: { "x-forwarded-for": freshAddress() },
    body: { competitionId: c.id, customerName: "Sam Buyer", customerEmail: email, answer: "green", quantity: 1, paymentToken: "cashflows" },
  });
  expect(res.json).toMatchObject({ status: "requires_action", nextAction: { type: "redirect" } });
  const orderId = (res.json as { orderId: string }).orderId;
  const job = (await sqlRows<{ payment_id: string }>(db, "select payment_id from orders where id = ?", [orderId]))[0]!.payment_id;
  return { orderId, job, email };
}
const statusOf = async (orderId: string) => (await sqlRows<{ status: string }>(db, "select status from orders where id = ?", [orderId]))[0]!.status;

describe("POST /api/payments/cashflows/notify", () => {
  it("Cashflows' own notification pays the order and is answered 200 echoing its references; a replay changes nothing", async () => {
    const { orderId, job, email } = await order();
    standIn.pay(job, CARD.visaDebit);
    await standIn.idle();
    const sent = standIn.lastNotification(job)!;
    expect(sent.deliveries).toEqual([{ status: 200, body: sent.body }]);
    expect(await statusOf(orderId)).toBe("paid");
    const mails = await count(db, "mail_outbox", `"to" = '${email}'`);
    expect(mails).toBe(1);

    await standIn.replay(sent);
    expect(sent.deliveries.at(-1)).toEqual({ status: 200, body: sent.body });
    expect(await statusOf(orderId)).toBe("paid");
    expect(await count(db, "mail_outbox", `"to" = '${email}'`)).toBe(mails);
  });

  it("refuses a wrong, missing or another order's signature 401 before reading anything, with a log line naming the address", async () => {
    const { orderId, job } = await order();
    const body = JSON.stringify({ paymentJobReference: job, paymentReference: "P0" });
    const reads = standIn.calls("GET").length;
    const other = await order();
    for (const query of [
      `?order=${orderId}&signature=${"0".repeat(64)}`,
      `?order=${orderId}`,
      `?signature=${notificationSignature(CASHFLOWS_STAND_IN_NOTIFICATION_SECRET, orderId)}`,
      `?order=${orderId}&signature=${notificationSignature(CASHFLOWS_STAND_IN_NOTIFICATION_SECRET, other.orderId)}`,
      "",
    ]) {
      const res = await notify(query, body, "203.0.113.80");
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "Invalid signature", code: "UNAUTHORIZED" });
    }
    expect(logged.at(-1)).toMatchObject({ level: "warn", msg: "cashflows notification refused: invalid signature", fields: { address: "203.0.113.80" } });
    expect(standIn.calls("GET").length).toBe(reads);
    expect(await statusOf(orderId)).toBe("requires_action");
  });

  it("refuses a body that is not a notification 400, a huge one 413, an unknown order 404 and another order's job 409", async () => {
    const { orderId, job } = await order();
    for (const body of ["{", "[]", '{"paymentReference":"P1"}', ""]) {
      const res = await notify(signed(orderId), body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "BAD_REQUEST" });
    }
    const huge = await notify(signed(orderId), JSON.stringify({ paymentJobReference: job, pad: "x".repeat(100_000) }));
    expect(huge.status).toBe(413);

    const unknown = await notify(signed("no-such-order"), JSON.stringify({ paymentJobReference: job, paymentReference: null }));
    expect(unknown.status).toBe(404);

    const other = await order();
    const wrongJob = await notify(signed(orderId), JSON.stringify({ paymentJobReference: other.job, paymentReference: null }));
    expect(wrongJob.status).toBe(409);
    expect(logged.at(-1)).toMatchObject({ level: "error", msg: "cashflows notification refused: a payment job of another order" });
    expect([await statusOf(orderId), await statusOf(other.orderId)]).toEqual(["requires_action", "requires_action"]);
  });

  it("charges forgeries to the sender's budget", async () => {
    const { orderId, job } = await order();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await notify(`?order=${orderId}&signature=bad`, JSON.stringify({ paymentJobReference: job }), "203.0.113.90", budgeted.origin);
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(statuses).toContain(429);
  });

  it("does not exist when the shop's provider is not Cashflows", async () => {
    const res = await notify("?order=x&signature=y", "{}", freshAddress(), simulated.origin);
    expect(res.status).toBe(404);
  });
});
