import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first } from "../../db/client";
import { auditLog, competitions, draws, entries, mailOutbox, notifications, orders, refunds, releasedTicketNumbers, tickets } from "../../db/schema";
import { noopMailer } from "../../src/server/mail/mailer";
import type { PaymentEvent, RefundRequest } from "../../src/server/payments/provider";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import type { Actor } from "../../src/server/services/audit";
import { closeSales, freezePool } from "../../src/server/services/draws";
import { handlePaymentEvent, placeOrder, refundOrder, type OrderDeps } from "../../src/server/services/purchase";
import { poolHashOf, sortPool } from "../../src/shared/draw";
import { createCompetition } from "../factories/competitions";
import { createUser } from "../factories/users";
import { CLEAN_LEDGER, ledgerProblems, refusal } from "../helpers/assertions";
import { createTestDb, sqlRows } from "../helpers/db";

/**
 * Money going back: an admin's refund through the provider, one made in the provider's dashboard,
 * and a dispute (chargeback). Before a competition's draw pool is frozen the order's tickets leave
 * the draw; after, the pool (and its published hash) stays exactly as it was and only money moves.
 */
const db = createTestDb();

/** The simulated provider, counting the refunds asked of it; `onRefund` runs before it answers (a webhook that overtakes the answer). */
class RefundingProvider extends SimulatedPaymentProvider {
  asked: RefundRequest[] = [];
  onRefund: ((r: RefundRequest, refundId: string) => Promise<void>) | null = null;
  override async refund(r: RefundRequest) {
    this.asked.push(r);
    const made = await super.refund(r);
    await this.onRefund?.(r, made.refundId);
    return made;
  }
}
const payments = new RefundingProvider(0);
const deps: OrderDeps = { db, payments, mailer: noopMailer };
const admin = await createUser(db, { role: "admin" });
const actor: Actor = { id: admin.id, email: admin.email };
const REASON = "The customer asked for their money back";

async function paidOrder(competitionId: string, quantity = 3) {
  const buyer = await createUser(db);
  const view = await placeOrder(deps, {
    userId: buyer.id,
    customerName: "Owen Rees",
    customerEmail: buyer.email,
    lines: [{ competitionId, quantity, answer: "green" }],
    method: { token: "sim_approve" },
    returnUrl: "/checkout/complete",
  });
  expect(view.status).toBe("paid");
  const row = (await first(db.select().from(orders).where(eq(orders.id, view.id))))!;
  return { view, buyer, orderId: view.id, paymentId: row.paymentId!, numbers: view.lines[0]!.ticketNumbers, entryId: view.lines[0]!.entryId };
}

const competition = async (id: string) => (await first(db.select().from(competitions).where(eq(competitions.id, id))))!;
const order = async (id: string) => (await first(db.select().from(orders).where(eq(orders.id, id))))!;
const entryStatus = async (id: string) => (await first(db.select().from(entries).where(eq(entries.id, id))))!.paymentStatus;
const ticketsOf = async (entryId: string) => (await db.select().from(tickets).where(eq(tickets.entryId, entryId))).map((t) => t.number);
const refundRows = async (orderId: string) => await db.select().from(refunds).where(eq(refunds.orderId, orderId));
const refundMails = async (email: string) =>
  (await db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter((m) => m.subject.startsWith("Your refund"));
const released = async (competitionId: string) =>
  (await db.select().from(releasedTicketNumbers).where(eq(releasedTicketNumbers.competitionId, competitionId))).map((r) => String(r.number)).sort();

async function frozen(competitionId: string) {
  await closeSales(db, competitionId);
  // The freeze answers false while something changed under it; the scheduler would simply try again.
  for (let i = 0; i < 5 && !(await freezePool(db, competitionId)); i++);
  return (await first(db.select().from(draws).where(eq(draws.competitionId, competitionId))))!;
}

/** The pool as the tickets say it is now: paid online entries and postal ones. */
async function poolNow(competitionId: string): Promise<string[]> {
  const rows = await sqlRows<{ number: string }>(
    db,
    "select t.number from tickets t join entries e on e.id = t.entry_id where t.competition_id = ? and (e.entry_method = 'postal' or e.payment_status = 'paid')",
    [competitionId],
  );
  return sortPool(rows.map((r) => r.number));
}

describe("an admin's full refund", () => {
  it("before the pool is frozen: voids the tickets, gives the numbers back, tells the customer and keeps the reason", async () => {
    const c = await createCompetition(db, { maxTickets: 10, pricePence: 250 });
    const { orderId, entryId, buyer, numbers } = await paidOrder(c.id);
    expect((await competition(c.id)).soldTickets).toBe(3);
    const view = await refundOrder(deps, actor, { id: orderId, reason: REASON });
    expect(view).toMatchObject({
      status: "refunded",
      refunded: "7.50",
      refundable: "0.00",
      refunds: [{ amount: "7.50", reason: REASON }],
      lines: [{ ticketNumbers: [], status: "refunded" }],
      pools: [{ competitionId: c.id, frozen: false }],
    });
    expect(await order(orderId)).toMatchObject({ status: "refunded", refundedPence: 750 });
    expect(await entryStatus(entryId)).toBe("refunded");
    expect((await competition(c.id)).soldTickets).toBe(0);
    expect(await ticketsOf(entryId)).toEqual([]);
    expect(await released(c.id)).toEqual([...numbers].sort());
    const note = await db.select().from(notifications).where(eq(notifications.userId, buyer.id));
    expect(note).toMatchObject([{ title: "Refund on its way" }]);
    expect(note[0]!.message).toContain("£7.50");
    expect(await refundMails(buyer.email)).toMatchObject([{ subject: "Your refund of £7.50 from Harvest Draws" }]);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, orderId), eq(auditLog.action, "admin.orders.refund")));
    expect(audit).toMatchObject([{ actorId: admin.id, actorEmail: admin.email, reason: REASON, details: { amount: "7.50", ticketsVoided: true } }]);
    // The numbers are on sale again.
    const next = await paidOrder(c.id);
    expect([...next.numbers].sort()).toEqual([...numbers].sort());
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });

  it("after the pool is frozen: gives the money back and leaves the pool, its hash and the tickets as they were", async () => {
    const c = await createCompetition(db, { maxTickets: 10, pricePence: 250 });
    const { orderId, entryId, numbers } = await paidOrder(c.id);
    await paidOrder(c.id, 2);
    const before = await frozen(c.id);
    expect(before.pool).toEqual(await poolNow(c.id));
    const view = await refundOrder(deps, actor, { id: orderId, reason: REASON });
    expect(view).toMatchObject({ status: "refunded", refunded: "7.50", pools: [{ competitionId: c.id, frozen: true }] });
    expect(view.lines[0]!.ticketNumbers).toEqual(numbers);
    const after = (await first(db.select().from(draws).where(eq(draws.competitionId, c.id))))!;
    expect(after).toEqual(before);
    expect(await poolNow(c.id)).toEqual(before.pool);
    expect(after.poolHash).toBe(await poolHashOf(after.pool));
    expect(await entryStatus(entryId)).toBe("paid");
    expect(await ticketsOf(entryId)).toEqual(numbers);
    expect((await competition(c.id)).soldTickets).toBe(5);
    const audit = await db.select().from(auditLog).where(eq(auditLog.targetId, orderId));
    expect(audit).toMatchObject([{ action: "admin.orders.refund", details: { ticketsVoided: false } }]);
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });
});

describe("a partial refund", () => {
  it("keeps the tickets; refunding the rest then voids them", async () => {
    const c = await createCompetition(db, { maxTickets: 10, pricePence: 250 });
    const { orderId, entryId, numbers, buyer } = await paidOrder(c.id);
    const part = await refundOrder(deps, actor, { id: orderId, amount: "2.50", reason: "One ticket was bought by mistake" });
    expect(part).toMatchObject({ status: "partially_refunded", refunded: "2.50", refundable: "5.00", lines: [{ ticketNumbers: numbers, status: "paid" }] });
    expect((await competition(c.id)).soldTickets).toBe(3);
    const rest = await refundOrder(deps, actor, { id: orderId, reason: REASON });
    expect(rest).toMatchObject({ status: "refunded", refunded: "7.50", refundable: "0.00", lines: [{ ticketNumbers: [], status: "refunded" }] });
    expect(rest.refunds.map((r) => r.amount)).toEqual(["2.50", "5.00"]);
    expect(await entryStatus(entryId)).toBe("refunded");
    expect((await competition(c.id)).soldTickets).toBe(0);
    expect((await refundMails(buyer.email)).map((m) => m.subject)).toEqual([
      "Your refund of £2.50 from Harvest Draws",
      "Your refund of £5.00 from Harvest Draws",
    ]);
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });

  it("is refused for more than is left, for an order refunded in full and for an unpaid order, changing nothing", async () => {
    const c = await createCompetition(db, { pricePence: 250 });
    const { orderId } = await paidOrder(c.id);
    await refundOrder(deps, actor, { id: orderId, amount: "5.00", reason: REASON });
    const asked = payments.asked.length;
    const tooMuch = await refusal(refundOrder(deps, actor, { id: orderId, amount: "2.51", reason: REASON }));
    expect(tooMuch).toMatchObject({ code: "REFUND_NOT_ALLOWED", message: "At most £2.50 can still be refunded on this order." });
    expect(await order(orderId)).toMatchObject({ status: "partially_refunded", refundedPence: 500 });
    await refundOrder(deps, actor, { id: orderId, reason: REASON });
    // The same request again is the same refund: answered with the order as it stands, nothing refunded.
    expect(await refundOrder(deps, actor, { id: orderId, reason: REASON })).toMatchObject({ status: "refunded", refunded: "7.50" });
    const again = await refusal(refundOrder(deps, actor, { id: orderId, reason: "Another reason, so another refund" }));
    expect(again).toMatchObject({ code: "REFUND_NOT_ALLOWED", message: "This order has already been refunded in full." });
    const declined = await refusal(
      placeOrder(deps, {
        userId: (await createUser(db)).id,
        customerName: "Owen Rees",
        customerEmail: "declined-refund@example.test",
        lines: [{ competitionId: c.id, quantity: 1, answer: "green" }],
        method: { token: "sim_decline" },
        returnUrl: "/checkout/complete",
      }),
    );
    const unpaid = await refusal(refundOrder(deps, actor, { id: String(declined.details!.orderId), reason: REASON }));
    expect(unpaid).toMatchObject({ code: "REFUND_NOT_ALLOWED", message: "Only a paid order can be refunded." });
    expect(await refundRows(orderId)).toHaveLength(2);
    // Only the one refund that was allowed reached the provider.
    expect(payments.asked.length).toBe(asked + 1);
  });
});

describe("the same refund submitted twice at once", () => {
  it("refunds once", async () => {
    const c = await createCompetition(db, { maxTickets: 10, pricePence: 250 });
    const { orderId, buyer } = await paidOrder(c.id);
    const input = { id: orderId, reason: REASON };
    const [a, b] = await Promise.all([refundOrder(deps, actor, input), refundOrder(deps, actor, input)]);
    expect(a).toMatchObject({ status: "refunded", refunded: "7.50" });
    expect(b).toMatchObject({ status: "refunded", refunded: "7.50" });
    expect(await refundRows(orderId)).toHaveLength(1);
    expect((await order(orderId)).refundedPence).toBe(750);
    // Both reached the provider with the same idempotency key: it made one refund.
    const { paymentId } = await order(orderId);
    expect(new Set(payments.asked.filter((r) => r.paymentId === paymentId).map((r) => r.idempotencyKey)).size).toBe(1);
    expect(await refundMails(buyer.email)).toHaveLength(1);
    expect((await competition(c.id)).soldTickets).toBe(0);
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });
});

describe("a refund racing the draw's pool freeze", () => {
  it("either voids the tickets before the freeze or leaves them in the frozen pool, never half of each", async () => {
    let voidedFirst = 0;
    let frozenFirst = 0;
    for (let i = 0; i < 24; i++) {
      const c = await createCompetition(db, { maxTickets: 20, pricePence: 100 });
      const kept = await paidOrder(c.id, 2);
      const { orderId, entryId, numbers } = await paidOrder(c.id, 3);
      await closeSales(db, c.id);
      // The provider answers after a varying delay, so the refund lands before, during and after the freeze's hashing.
      payments.onRefund = async () => {
        for (let t = 0; t < i % 6; t++) await new Promise((r) => setImmediate(r));
      };
      const refunding = refundOrder(deps, actor, { id: orderId, reason: REASON });
      const freezing = i % 2 === 0 ? freezePool(db, c.id) : Promise.resolve().then(() => freezePool(db, c.id));
      await Promise.all([refunding, freezing]);
      payments.onRefund = null;
      const draw = await frozen(c.id);
      expect(draw, `round ${i}: the pool was frozen`).toBeDefined();
      expect((await order(orderId)).status).toBe("refunded");
      expect(draw.poolHash).toBe(await poolHashOf(draw.pool));
      expect(draw.pool).toEqual(await poolNow(c.id));
      expect(draw.poolSize).toBe(draw.pool.length);
      for (const n of kept.numbers) expect(draw.pool).toContain(n);
      if ((await entryStatus(entryId)) === "refunded") {
        voidedFirst++;
        expect(await ticketsOf(entryId)).toEqual([]);
        for (const n of numbers) expect(draw.pool).not.toContain(n);
        expect((await competition(c.id)).soldTickets).toBe(2);
      } else {
        frozenFirst++;
        expect(await entryStatus(entryId)).toBe("paid");
        expect(await ticketsOf(entryId)).toEqual(numbers);
        for (const n of numbers) expect(draw.pool).toContain(n);
        expect((await competition(c.id)).soldTickets).toBe(5);
      }
    }
    expect(voidedFirst + frozenFirst).toBe(24);
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });
});

describe("a dispute (chargeback) reported by the provider", () => {
  it("voids the tickets while the pool is open, marks the order disputed and warns the admins; its close is recorded", async () => {
    const c = await createCompetition(db, { maxTickets: 10, pricePence: 250 });
    const { orderId, entryId, paymentId, numbers } = await paidOrder(c.id);
    const opened: PaymentEvent = {
      id: `evt_${crypto.randomUUID()}`,
      type: "dispute.created",
      paymentId,
      disputeId: "dp_1",
      disputeStatus: "needs_response",
      amountPence: 750,
    };
    expect(await handlePaymentEvent(deps, opened)).toBe("disputed");
    expect(await handlePaymentEvent(deps, opened)).toBe("duplicate");
    expect(await order(orderId)).toMatchObject({ status: "disputed", disputeId: "dp_1", disputeStatus: "needs_response" });
    expect(await entryStatus(entryId)).toBe("disputed");
    expect(await ticketsOf(entryId)).toEqual([]);
    expect(await released(c.id)).toEqual(expect.arrayContaining(numbers));
    expect((await competition(c.id)).soldTickets).toBe(0);
    const warned = await db.select().from(notifications).where(eq(notifications.userId, admin.id));
    expect(warned.filter((n) => n.message.includes(orderId))).toMatchObject([{ title: "A payment was disputed", priority: "urgent" }]);
    // The card issuer decides the money now: no refund on top.
    expect((await refusal(refundOrder(deps, actor, { id: orderId, reason: REASON }))).code).toBe("REFUND_NOT_ALLOWED");

    const closed: PaymentEvent = {
      id: `evt_${crypto.randomUUID()}`,
      type: "dispute.closed",
      paymentId,
      disputeId: "dp_1",
      disputeStatus: "lost",
      amountPence: 750,
    };
    expect(await handlePaymentEvent(deps, closed)).toBe("dispute closed");
    expect(await order(orderId)).toMatchObject({ status: "disputed", disputeStatus: "lost" });
    const audit = (await db.select().from(auditLog).where(eq(auditLog.targetId, orderId))).map((r) => r.action);
    expect(audit).toEqual(["provider.dispute.created", "provider.dispute.closed"]);
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });

  it("after the pool is frozen leaves the pool as it was", async () => {
    const c = await createCompetition(db, { maxTickets: 10 });
    const { orderId, entryId, paymentId, numbers } = await paidOrder(c.id);
    const before = await frozen(c.id);
    const event: PaymentEvent = {
      id: `evt_${crypto.randomUUID()}`,
      type: "dispute.created",
      paymentId,
      disputeId: "dp_2",
      disputeStatus: "needs_response",
      amountPence: 750,
    };
    expect(await handlePaymentEvent(deps, event)).toBe("disputed");
    expect((await order(orderId)).status).toBe("disputed");
    expect(await ticketsOf(entryId)).toEqual(numbers);
    expect(await first(db.select().from(draws).where(eq(draws.competitionId, c.id)))).toEqual(before);
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });
});

describe("a refund made in the provider's dashboard (charge.refunded)", () => {
  it("is recorded once, and our own refund reported back is not counted again", async () => {
    const c = await createCompetition(db, { maxTickets: 10, pricePence: 250 });
    const { orderId, paymentId, buyer } = await paidOrder(c.id);
    const dashboard: PaymentEvent = {
      id: `evt_${crypto.randomUUID()}`,
      type: "charge.refunded",
      paymentId,
      amountRefundedPence: 250,
      refundId: "re_dashboard_1",
    };
    expect(await handlePaymentEvent(deps, dashboard)).toBe("refunded");
    expect(await handlePaymentEvent(deps, dashboard)).toBe("duplicate");
    // The same refund in another event (the provider's own retry with a new id) is not a second refund.
    expect(await handlePaymentEvent(deps, { ...dashboard, id: `evt_${crypto.randomUUID()}` })).toBe("ignored");
    expect(await order(orderId)).toMatchObject({ status: "partially_refunded", refundedPence: 250 });
    expect(await refundRows(orderId)).toMatchObject([{ amountPence: 250, reason: "Refunded by the payment provider", providerRefundId: "re_dashboard_1" }]);

    // Ours for the rest, then the provider's report of it (its total now the whole order).
    const view = await refundOrder(deps, actor, { id: orderId, reason: REASON });
    expect(view).toMatchObject({ status: "refunded", refunded: "7.50" });
    const ours = (await refundRows(orderId)).find((r) => r.providerRefundId !== "re_dashboard_1")!;
    const echoed: PaymentEvent = {
      id: `evt_${crypto.randomUUID()}`,
      type: "charge.refunded",
      paymentId,
      amountRefundedPence: 750,
      refundId: ours.providerRefundId,
    };
    expect(await handlePaymentEvent(deps, echoed)).toBe("ignored");
    expect(await order(orderId)).toMatchObject({ status: "refunded", refundedPence: 750 });
    expect(await refundRows(orderId)).toHaveLength(2);
    expect(await refundMails(buyer.email)).toHaveLength(2);
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });

  it("our refund reported by the provider before our own call has answered is recorded once", async () => {
    const c = await createCompetition(db, { maxTickets: 10, pricePence: 250 });
    const { orderId, paymentId, buyer } = await paidOrder(c.id);
    payments.onRefund = async (r, refundId) => {
      await handlePaymentEvent(deps, {
        id: `evt_${crypto.randomUUID()}`,
        type: "charge.refunded",
        paymentId: r.paymentId,
        amountRefundedPence: r.amountPence,
        refundId,
      });
    };
    try {
      const view = await refundOrder(deps, actor, { id: orderId, reason: REASON });
      expect(view).toMatchObject({ status: "refunded", refunded: "7.50", refunds: [{ amount: "7.50" }] });
    } finally {
      payments.onRefund = null;
    }
    expect(await order(orderId)).toMatchObject({ status: "refunded", refundedPence: 750, paymentId });
    expect(await refundRows(orderId)).toHaveLength(1);
    expect(await refundMails(buyer.email)).toHaveLength(1);
    expect((await competition(c.id)).soldTickets).toBe(0);
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });
  it("repeated with the same key refunds once, and two at once never give back more than was paid", async () => {
    const c = await createCompetition(db, { pricePence: 250 });
    const { orderId } = await paidOrder(c.id);
    const first = await refundOrder(deps, actor, { id: orderId, amount: "2.50", reason: REASON, idempotencyKey: "dialog-one-key" });
    const repeat = await refundOrder(deps, actor, { id: orderId, amount: "2.50", reason: REASON, idempotencyKey: "dialog-one-key" });
    expect(first.refunded).toBe("2.50");
    expect(repeat).toMatchObject({ status: "partially_refunded", refunded: "2.50", refundable: "5.00" });
    expect(await refundRows(orderId)).toHaveLength(1);
    // Two different refunds at once, together more than is left: one is made, the other is refused.
    const results = await Promise.allSettled([
      refundOrder(deps, actor, { id: orderId, amount: "3.00", reason: REASON, idempotencyKey: "dialog-two-key" }),
      refundOrder(deps, actor, { id: orderId, amount: "4.00", reason: REASON, idempotencyKey: "dialog-three-key" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "REFUND_NOT_ALLOWED" } });
    const rows = await refundRows(orderId);
    expect(rows).toHaveLength(2);
    expect((await order(orderId)).refundedPence).toBeLessThanOrEqual(750);
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });
});
