import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first } from "../../db/client";
import { orders } from "../../db/schema";
import { noopMailer } from "../../src/server/mail/mailer";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import { createPurchaseGuard, sweepPendingOrders } from "../../src/server/services/purchase";
import { countersFor } from "../../src/server/limits";
import { createCompetition } from "../factories/competitions";
import { createUserWithSession } from "../factories/users";
import { count } from "../helpers/assertions";
import { createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";

/**
 * Holding a competition's numbers with 3-D Secure orders whose challenge is never answered (issue 28,
 * item 5): real HTTP, real SQLite. The tester's account placed two `sim_3ds_required` orders for all
 * 50 numbers of a 50-ticket competition and an honest buyer was refused 95 times in 104 over five hold
 * periods. The sweep runs here on a controlled clock, as the shop's timer would run it later.
 */
const db = createTestDb();
const payments = new SimulatedPaymentProvider(0);
const guard = createPurchaseGuard(countersFor(db));
const api = await startTestServer(db, { config: { trustProxy: true }, services: { payments, purchaseGuard: guard } });
// The provider answers after a while, so an order is still being charged when the sweep runs.
const slowPayments = new SimulatedPaymentProvider({ latencyMs: 1500 });
const slow = await startTestServer(db, {
  config: { trustProxy: true },
  services: { payments: slowPayments, purchaseGuard: createPurchaseGuard(countersFor(db)) },
});

const MINUTE = 60_000;
let addresses = 0;
const freshAddress = () => ({ "x-forwarded-for": `192.0.2.${++addresses}` });

const entry = (competitionId: string, paymentToken: string, quantity: number, over: Record<string, unknown> = {}) => ({
  competitionId,
  customerName: "Mallory Vance",
  customerEmail: "mallory@example.test",
  answer: "green",
  quantity,
  paymentToken,
  ...over,
});

/** The sweep as the shop's timer runs it, `minutes` from now. */
const sweepAt = (minutes: number, provider = payments) =>
  sweepPendingOrders({ db, payments: provider, mailer: noopMailer, guard }, new Date(Date.now() + minutes * MINUTE));

async function answerChallenge(url: string, outcome: "approve" | "fail") {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ outcome }) });
  return res.json();
}

describe("3-D Secure orders that never complete cannot block a sale", () => {
  it("the tester's attack: one account's two 3-D Secure orders for all 50 numbers leave the honest buyer able to buy, hold period after hold period", async () => {
    const c = await createCompetition(db, { maxTickets: 50, maxTicketsPerPerson: null });
    const attacker = await createUserWithSession(db);
    const attackerFrom = freshAddress();
    const honest = await createUserWithSession(db);
    const honestFrom = freshAddress();
    const refusedHonest: number[] = [];
    let clock = 0;
    for (let period = 0; period < 5; period++) {
      // The attacker asks for the whole competition in two orders, then for what the shop still lets it hold.
      const statuses: number[] = [];
      for (const quantity of [25, 25, 10, 10, 5]) {
        const res = await api.request("/api/entries", { token: attacker.token, headers: attackerFrom, body: entry(c.id, "sim_3ds_required", quantity) });
        statuses.push(res.status);
      }
      expect(statuses.filter((s) => s === 202).length).toBeLessThanOrEqual(1);
      for (let i = 0; i < 3; i++) {
        const res = await api.request("/api/entries", {
          token: honest.token,
          headers: honestFrom,
          body: entry(c.id, "sim_approve", 1, { customerName: "Hannah Honest", customerEmail: "hannah@example.test" }),
        });
        if (res.status !== 201) refusedHonest.push(res.status);
      }
      // The challenge is never answered: the sweep ends the hold (a 3-D Secure hold lasts 5 minutes).
      clock += 6;
      await sweepAt(clock);
    }
    expect(refusedHonest).toEqual([]);
    expect(await count(db, "entries", `competition_id = '${c.id}' and user_id = '${honest.user.id}' and payment_status = 'paid'`)).toBe(15);
    // No unpaid hold of the attacker's ever took more than a fifth of the competition.
    expect(await count(db, "orders", `user_id = '${attacker.user.id}' and status = 'paid'`)).toBe(0);
  });

  it("refuses a hold over a fifth of the competition with a message naming the limit, and lets the buyer buy that many", async () => {
    const c = await createCompetition(db, { maxTickets: 50, maxTicketsPerPerson: null, title: "Fifty Ticket Quad" });
    const buyer = await createUserWithSession(db);
    const from = freshAddress();
    const tooMany = await api.request("/api/entries", { token: buyer.token, headers: from, body: entry(c.id, "sim_3ds_required", 11) });
    expect(tooMany.status).toBe(409);
    expect(tooMany.json.appCode).toBe("HOLD_LIMIT");
    expect(tooMany.json.message).toBe(
      'At most 10 tickets for "Fifty Ticket Quad" can wait on payment for one buyer at once (20% of its 50 tickets). Choose 10 or fewer; once they are paid you may buy more.',
    );
    const ten = await api.request("/api/entries", { token: buyer.token, headers: from, body: entry(c.id, "sim_3ds_required", 10) });
    expect(ten.status).toBe(202);
    // While those ten wait on the bank, not one more.
    const more = await api.request("/api/entries", { token: buyer.token, headers: from, body: entry(c.id, "sim_approve", 1) });
    expect(more.status).toBe(409);
    expect(more.json.message).toBe(
      'At most 10 tickets for "Fifty Ticket Quad" can wait on payment for one buyer at once (20% of its 50 tickets); you have 10 waiting. Complete those payments (or let them expire) and try again.',
    );
    // Once paid they no longer count: the buyer may hold ten more.
    await answerChallenge(ten.json.nextAction.url, "approve");
    const after = await api.request("/api/entries", { token: buyer.token, headers: from, body: entry(c.id, "sim_approve", 10) });
    expect(after.status).toBe(201);
  });

  it("one address cannot hold more than the share either, with fresh accounts or fresh guest emails", async () => {
    const c = await createCompetition(db, { maxTickets: 50, maxTicketsPerPerson: null, title: "Shared Line Quad" });
    const from = freshAddress();
    const first = await createUserWithSession(db);
    expect((await api.request("/api/entries", { token: first.token, headers: from, body: entry(c.id, "sim_3ds_required", 8) })).status).toBe(202);
    const second = await createUserWithSession(db);
    const res = await api.request("/api/entries", { token: second.token, headers: from, body: entry(c.id, "sim_3ds_required", 3) });
    expect(res.status).toBe(409);
    expect(res.json.appCode).toBe("HOLD_LIMIT");
    expect(res.json.message).toBe(
      'At most 10 tickets for "Shared Line Quad" can wait on payment from one network at once (20% of its 50 tickets); 8 are waiting. Choose 2 or fewer, or try again in a few minutes.',
    );
    expect((await api.request("/api/entries", { token: second.token, headers: from, body: entry(c.id, "sim_3ds_required", 2) })).status).toBe(202);
    // Another network is not held up by this one.
    const elsewhere = await createUserWithSession(db);
    expect((await api.request("/api/entries", { token: elsewhere.token, headers: freshAddress(), body: entry(c.id, "sim_approve", 10) })).status).toBe(201);
  });

  it("takes the per-person cap when it is smaller than the share", async () => {
    const c = await createCompetition(db, { maxTickets: 1000, maxTicketsPerPerson: 5 });
    const buyer = await createUserWithSession(db);
    const res = await api.request("/api/entries", { token: buyer.token, headers: freshAddress(), body: entry(c.id, "sim_3ds_required", 6) });
    expect(res.status).toBe(403);
    expect(res.json.appCode).toBe("PER_PERSON_LIMIT");
  });
});

describe("an order waiting on 3-D Secure holds its numbers for less time than one being charged", () => {
  it("the sweep gives back a 3-D Secure order's numbers after 5 minutes while an order still being charged keeps its own", async () => {
    const c = await createCompetition(db, { maxTickets: 100, maxTicketsPerPerson: null });
    const waiting = await slow.request("/api/entries", {
      token: (await createUserWithSession(db)).token,
      headers: freshAddress(),
      body: entry(c.id, "sim_3ds_required", 2),
    });
    expect(waiting.status).toBe(202);
    const held = (await first(
      db.select({ createdAt: orders.createdAt, expires: orders.holdExpiresAt }).from(orders).where(eq(orders.id, waiting.json.orderId)),
    ))!;
    expect(held.expires!.getTime() - held.createdAt.getTime()).toBeGreaterThan(4 * MINUTE);
    expect(held.expires!.getTime() - held.createdAt.getTime()).toBeLessThanOrEqual(5 * MINUTE + 5_000);

    // A second buyer's payment is on its way to the provider (it answers in 1.5 s).
    const charging = slow.request("/api/entries", {
      token: (await createUserWithSession(db)).token,
      headers: freshAddress(),
      body: entry(c.id, "sim_approve", 3),
    });
    await expect.poll(() => count(db, "orders", `status = 'pending' and id in (select order_id from entries where competition_id = '${c.id}')`)).toBe(1);

    await sweepPendingOrders({ db, payments: slowPayments, mailer: noopMailer }, new Date(Date.now() + 6 * MINUTE));
    const status = async (id: string) => first(db.select({ status: orders.status, reason: orders.failureReason }).from(orders).where(eq(orders.id, id)));
    expect(await status(waiting.json.orderId)).toEqual({ status: "failed", reason: "authentication not completed in time" });
    expect(await count(db, "orders", `status = 'pending' and id in (select order_id from entries where competition_id = '${c.id}')`)).toBe(1);
    expect((await charging).status).toBe(201);
  });
});

describe("an abandoned or failed challenge is a failed payment", () => {
  it("an account whose challenges expire five times in ten minutes is refused the sixth order", async () => {
    const c = await createCompetition(db, { maxTickets: 1000, maxTicketsPerPerson: null });
    const buyer = await createUserWithSession(db);
    const from = freshAddress();
    for (let i = 0; i < 5; i++) {
      expect((await api.request("/api/entries", { token: buyer.token, headers: from, body: entry(c.id, "sim_3ds_required", 1) })).status).toBe(202);
      await sweepAt(6 + i * 0.1);
    }
    const sixth = await api.request("/api/entries", { token: buyer.token, headers: from, body: entry(c.id, "sim_approve", 1) });
    expect(sixth.status).toBe(429);
    expect(sixth.json.message).toMatch(/^Too many failed payments\. Please wait \d+ minutes? before trying again, or use another card\.$/);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("a challenge the cardholder fails counts too", async () => {
    const c = await createCompetition(db, { maxTickets: 1000, maxTicketsPerPerson: null });
    const buyer = await createUserWithSession(db);
    const from = freshAddress();
    for (let i = 0; i < 5; i++) {
      const res = await api.request("/api/entries", { token: buyer.token, headers: from, body: entry(c.id, "sim_3ds_required", 1) });
      expect(res.status).toBe(202);
      expect((await answerChallenge(res.json.nextAction.url, "fail")).orderStatus).toBe("failed");
    }
    const sixth = await api.request("/api/entries", { token: buyer.token, headers: from, body: entry(c.id, "sim_approve", 1) });
    expect(sixth.status).toBe(429);
    expect(sixth.json.message).toContain("Too many failed payments");
  });

  it("the address is counted too: after twenty abandoned challenges from one address, a fresh account there is refused", async () => {
    const c = await createCompetition(db, { maxTickets: 1000, maxTicketsPerPerson: null });
    const from = freshAddress();
    for (let i = 0; i < 20; i++) {
      const { token } = await createUserWithSession(db);
      expect((await api.request("/api/entries", { token, headers: from, body: entry(c.id, "sim_3ds_required", 1) })).status).toBe(202);
    }
    await sweepAt(6);
    const fresh = await createUserWithSession(db);
    const res = await api.request("/api/entries", { token: fresh.token, headers: from, body: entry(c.id, "sim_approve", 1) });
    expect(res.status).toBe(429);
    expect(res.json.message).toContain("Too many failed payments");
    // The same account elsewhere is not refused: it never failed a payment.
    expect((await api.request("/api/entries", { token: fresh.token, headers: freshAddress(), body: entry(c.id, "sim_approve", 1) })).status).toBe(201);
  });
});
