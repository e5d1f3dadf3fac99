import { describe, expect, it } from "vitest";
import { CashflowsPaymentProvider } from "../../src/server/payments/cashflows";
import type { RefundRequest } from "../../src/server/payments/provider";
import { placeOrder, refreshOrder, refundOrder, sweepPendingOrders } from "../../src/server/services/purchase";
import { createCompetition } from "../factories/competitions";
import { createUser } from "../factories/users";
import { CLEAN_LEDGER, count, ledgerProblems } from "../helpers/assertions";
import { sqlRows } from "../helpers/db";
import { CARD, CASHFLOWS_STAND_IN_RESERVE_CONFIGURATION } from "../helpers/cashflows-stand-in";
import { CASHFLOWS_TEST_ORIGIN, startCashflowsServices } from "../helpers/cashflows-services";

/**
 * A hostile or unlucky world around the shop's Cashflows payments, through the services: races
 * between notifications, the buyer's own page, the sweep and the admin; an acquirer that fails
 * mid-capture or says it captured when it did not; refunds made in two places at once.
 */
const ORIGIN = CASHFLOWS_TEST_ORIGIN;
const { standIn, db, lines, deps, reserveDeps, payments, deliver } = await startCashflowsServices();
type Deps = typeof deps;

async function buy(d: Deps = deps, userId: string | null = null, pricePence = 250, quantity = 2) {
  const competition = await createCompetition(db, { maxTickets: 50, pricePence });
  const email = `buyer-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const view = await placeOrder(d, {
    userId,
    customerName: "Sam Buyer",
    customerEmail: email,
    lines: [{ competitionId: competition.id, quantity, answer: "green" }],
    method: { token: "cashflows" },
    returnUrl: `${ORIGIN}/checkout/complete`,
    useSdk: true,
  });
  expect(view).toMatchObject({ status: "requires_action" });
  return { view, competition, email, job: (await orderRow(view.id)).payment_id };
}

async function orderRow(id: string) {
  const rows = await sqlRows<{
    status: string;
    payment_id: string;
    refunded_pence: number;
    failure_reason: string | null;
    dispute_status: string | null;
  }>(db, "select status, payment_id, refunded_pence, failure_reason, dispute_status from orders where id = ?", [id]);
  return rows[0]!;
}
const ticketsOf = (orderId: string) => count(db, "tickets", `entry_id in (select id from entries where order_id = '${orderId}')`);
const mailsTo = (email: string) => count(db, "mail_outbox", `"to" = '${email}'`);
const counters = async (competitionId: string) =>
  (await sqlRows(db, "select sold_tickets as sold, held_tickets as held from competitions where id = ?", [competitionId]))[0];
const captures = (job: string) => standIn.calls("POST", `/api/gateway/payment-jobs/${job}/`).filter((c) => c.path.endsWith("/captures"));
const refundsOf = (orderId: string) =>
  sqlRows<{ amount: number; id: string }>(db, "select amount_pence as amount, provider_refund_id as id from refunds where order_id = ? order by id", [orderId]);
/** Orders left waiting on their payment keep their numbers held: not a ledger fault here. */
async function ledgerOf() {
  const problems = await ledgerProblems(db);
  const kept = new Set(
    (
      await sqlRows<{ id: number }>(
        db,
        "select t.id from tickets t join entries e on e.id = t.entry_id join orders o on o.id = e.order_id where (o.status = 'partially_refunded' and e.payment_status = 'paid') or (o.status in ('requires_action', 'pending') and e.payment_status = 'pending')",
      )
    ).map((t) => t.id),
  );
  return { ...problems, ticketsWithoutPaidOrder: (problems.ticketsWithoutPaidOrder as Array<{ id: number }>).filter((t) => !kept.has(t.id)) };
}
const admin = await createUser(db, { role: "admin" });
const adminActor = { id: admin.id, email: admin.email };

describe("races on one payment", () => {
  it("ten notifications at once, the buyer's page and the sweep, on a reserved payment: one capture, one settlement, one mail", async () => {
    const { view, job, email, competition } = await buy(reserveDeps);
    standIn.pay(job, CARD.visaDebit);
    const sent = standIn.lastNotification(job)!;
    const expiredNow = new Date(Date.now() + 2 * 60 * 60 * 1000);
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => deliver(sent, reserveDeps)),
      refreshOrder(reserveDeps, view.id),
      sweepPendingOrders(reserveDeps, expiredNow),
    ]);
    await standIn.idle();
    // A retry of anything refused settles nothing more.
    for (const a of answers.slice(0, 10) as Array<{ status: number }>) if (a.status !== 200) await deliver(sent, reserveDeps);
    await deliver(standIn.lastNotification(job), reserveDeps);
    expect((await orderRow(view.id)).status).toBe("paid");
    expect(captures(job).filter((c) => c.status < 300)).toHaveLength(1);
    expect(standIn.job(job).payments[0]).toMatchObject({ status: "Paid", capturedPence: 500 });
    expect(await mailsTo(email)).toBe(1);
    expect(await ticketsOf(view.id)).toBe(2);
    expect(await counters(competition.id)).toEqual({ sold: 2, held: 0 });
    expect(await ledgerOf()).toEqual(CLEAN_LEDGER);
  });

  it("ten notifications at once for a payment made after the hold ended: refunded exactly once", async () => {
    const { view, job } = await buy();
    standIn.failNext({ method: "PATCH", path: `/api/gateway/payment-jobs/${job}/cancel`, status: 500 });
    await sweepPendingOrders(deps, new Date(Date.now() + 2 * 60 * 60 * 1000));
    expect((await orderRow(view.id)).status).toBe("failed");
    standIn.pay(job, CARD.visaDebit);
    const sent = standIn.lastNotification(job)!;
    await Promise.all(Array.from({ length: 10 }, () => deliver(sent)));
    await standIn.idle();
    await Promise.all(Array.from({ length: 10 }, () => deliver(standIn.lastNotification(job))));
    expect(standIn.job(job).payments[0]!.refunds).toHaveLength(1);
    expect(await orderRow(view.id)).toMatchObject({ status: "refunded", refunded_pence: 500 });
    expect(await refundsOf(view.id)).toHaveLength(1);
    expect(await ticketsOf(view.id)).toBe(0);
    expect(await ledgerOf()).toEqual(CLEAN_LEDGER);
  });

  it("a payment made after the hold ended whose refund Cashflows answers 5xx is refunded when Cashflows retries its notification", async () => {
    const { view, job } = await buy();
    standIn.failNext({ method: "PATCH", path: `/api/gateway/payment-jobs/${job}/cancel`, status: 500 });
    await sweepPendingOrders(deps, new Date(Date.now() + 2 * 60 * 60 * 1000));
    standIn.pay(job, CARD.visaDebit);
    const sent = standIn.lastNotification(job)!;
    standIn.failNext({ method: "POST", path: `/api/gateway/payment-jobs/${job}/*`, status: 503 });
    // Not answered 200: Cashflows sends it again, and the money must still go back.
    expect((await deliver(sent)).status).toBe(500);
    expect(lines.at(-1)).toMatchObject({ level: "error", msg: "cashflows notification not processed" });
    expect(standIn.job(job).payments[0]!.refunds).toEqual([]);
    expect((await deliver(sent)).status).toBe(200);
    expect(standIn.job(job).payments[0]!.refunds).toEqual([expect.objectContaining({ amountPence: 500 })]);
    expect(await orderRow(view.id)).toMatchObject({ status: "refunded", refunded_pence: 500 });
    await standIn.idle();
    await deliver(standIn.lastNotification(job));
    expect(await refundsOf(view.id)).toHaveLength(1);
  });

  it("a repeated submit of the same order opens no second payment job", async () => {
    const competition = await createCompetition(db, { maxTickets: 50, pricePence: 250 });
    const args = {
      userId: null,
      customerName: "Sam Buyer",
      customerEmail: `twice-${crypto.randomUUID().slice(0, 8)}@example.test`,
      lines: [{ competitionId: competition.id, quantity: 1, answer: "green" }],
      method: { token: "cashflows" },
      returnUrl: `${ORIGIN}/checkout/complete`,
      useSdk: true,
      idempotencyKey: `k-${crypto.randomUUID()}`,
    };
    const before = standIn.calls("POST", "/api/gateway/payment-intents/").length;
    const [a, b] = await Promise.all([placeOrder(deps, args), placeOrder(deps, args)]);
    const c = await placeOrder(deps, args);
    expect(new Set([a.id, b.id, c.id]).size).toBe(1);
    expect(standIn.calls("POST", "/api/gateway/payment-intents/").length - before).toBe(1);
  });
});

describe("the credit-card cap under concurrency", () => {
  it("two reserved credit-card orders of one buyer settled at once cannot both fit under £250: one is paid, the other's money is never kept", async () => {
    const user = await createUser(db);
    const one = await buy(reserveDeps, user.id, 5_000, 3);
    const two = await buy(reserveDeps, user.id, 5_000, 3);
    standIn.pay(one.job, CARD.mastercardCredit);
    standIn.pay(two.job, CARD.mastercardCredit);
    await Promise.all([deliver(standIn.lastNotification(one.job), reserveDeps), deliver(standIn.lastNotification(two.job), reserveDeps)]);
    await standIn.idle();
    for (const o of [one, two]) await deliver(standIn.lastNotification(o.job), reserveDeps);
    const statuses = [(await orderRow(one.view.id)).status, (await orderRow(two.view.id)).status];
    expect(statuses.filter((st) => st === "paid")).toHaveLength(1);
    expect(["failed", "refunded"]).toContain(statuses.find((st) => st !== "paid"));
    const kept = [one.job, two.job]
      .map((j) => standIn.job(j).payments[0]!)
      .reduce((sum, p) => sum + p.capturedPence - p.refunds.reduce((r, x) => r + x.amountPence, 0), 0);
    expect(kept).toBe(15_000);
  });
});

describe("a refused card under concurrency", () => {
  it("a credit card on an instant win, taken at once, with ten notifications and the buyer's page at once: refunded exactly once", async () => {
    const competition = await createCompetition(db, { maxTickets: 50, pricePence: 250, instantWin: true });
    const view = await placeOrder(deps, {
      userId: null,
      customerName: "Sam Buyer",
      customerEmail: `iw-${crypto.randomUUID().slice(0, 8)}@example.test`,
      lines: [{ competitionId: competition.id, quantity: 2, answer: "green" }],
      method: { token: "cashflows" },
      returnUrl: `${ORIGIN}/checkout/complete`,
      useSdk: true,
    });
    const job = (await orderRow(view.id)).payment_id;
    standIn.pay(job, CARD.mastercardCredit);
    const sent = standIn.lastNotification(job)!;
    const answers = await Promise.all([...Array.from({ length: 10 }, () => deliver(sent)), refreshOrder(deps, view.id).catch(() => null)]);
    await standIn.idle();
    for (const a of answers.slice(0, 10) as Array<{ status: number }>) if (a.status !== 200) await deliver(sent);
    await deliver(standIn.lastNotification(job));
    expect(standIn.job(job).payments[0]!.refunds).toHaveLength(1);
    expect(await orderRow(view.id)).toMatchObject({ status: "refunded", refunded_pence: 500 });
    expect(await refundsOf(view.id)).toHaveLength(1);
    expect(await counters(competition.id)).toEqual({ sold: 0, held: 0 });
  });
});

describe("the acquirer failing during capture", () => {
  it("a capture answered 5xx sells nothing; the next look captures it and sells once", async () => {
    const { view, job, email } = await buy(reserveDeps);
    standIn.pay(job, CARD.visaDebit);
    standIn.failNext({ method: "POST", path: `/api/gateway/payment-jobs/${job}/*`, status: 503 });
    expect(await deliver(standIn.lastNotification(job), reserveDeps)).toMatchObject({ status: 500 });
    expect((await orderRow(view.id)).status).toBe("requires_action");
    expect(await mailsTo(email)).toBe(0);
    expect(await refreshOrder(reserveDeps, view.id)).toMatchObject({ status: "paid" });
    expect(captures(job).filter((c) => c.status < 300)).toHaveLength(1);
    expect(await mailsTo(email)).toBe(1);
  });

  it("a capture made whose answer was lost is found captured, and sold once", async () => {
    const { view, job, email } = await buy(reserveDeps);
    standIn.pay(job, CARD.visaDebit);
    standIn.failNext({ method: "POST", path: `/api/gateway/payment-jobs/${job}/*`, status: 0, when: "after" });
    expect(await deliver(standIn.lastNotification(job), reserveDeps)).toMatchObject({ status: 500 });
    expect(standIn.job(job).payments[0]!.status).toBe("Paid");
    expect((await orderRow(view.id)).status).toBe("requires_action");
    await standIn.idle();
    expect(await deliver(standIn.lastNotification(job), reserveDeps)).toMatchObject({ status: 200 });
    expect((await orderRow(view.id)).status).toBe("paid");
    expect(captures(job)).toHaveLength(1);
    expect(await mailsTo(email)).toBe(1);
  });

  it("a capture that times out (Cashflows makes it later) sells nothing then, and once when the job is read again", async () => {
    const impatient = {
      ...reserveDeps,
      payments: new CashflowsPaymentProvider(standIn.providerOptions(ORIGIN, { configurationId: CASHFLOWS_STAND_IN_RESERVE_CONFIGURATION, timeoutMs: 100 })),
    };
    const { view, job, email } = await buy(impatient);
    standIn.pay(job, CARD.visaDebit);
    standIn.failNext({ method: "POST", path: `/api/gateway/payment-jobs/${job}/*`, delayMs: 300 });
    expect(await deliver(standIn.lastNotification(job), impatient)).toMatchObject({ status: 500 });
    expect((await orderRow(view.id)).status).toBe("requires_action");
    expect(await mailsTo(email)).toBe(0);
    await new Promise((r) => setTimeout(r, 400));
    await standIn.idle();
    expect(standIn.job(job).payments[0]!.status).toBe("Paid");
    expect(await refreshOrder(impatient, view.id)).toMatchObject({ status: "paid" });
    expect(await deliver(standIn.lastNotification(job), impatient)).toMatchObject({ status: 200 });
    expect(captures(job)).toHaveLength(1);
    expect(await mailsTo(email)).toBe(1);
  });

  it("a capture answered 2xx that took nothing (the job still only reserved) sells no ticket", async () => {
    const { view, job, email } = await buy(reserveDeps);
    standIn.pay(job, CARD.visaDebit);
    // The acquirer answers the capture without making it.
    standIn.failNext({ method: "POST", path: `/api/gateway/payment-jobs/${job}/*`, status: 202 });
    await deliver(standIn.lastNotification(job), reserveDeps);
    expect(standIn.job(job).payments[0]!.status).toBe("Reserved");
    expect((await orderRow(view.id)).status).toBe("requires_action");
    expect(await mailsTo(email)).toBe(0);
    // Asked again, it is captured and sold.
    expect(await refreshOrder(reserveDeps, view.id)).toMatchObject({ status: "paid" });
    expect(standIn.job(job).payments[0]!.status).toBe("Paid");
  });

  it("a reservation that can never be captured is cancelled and the order failed, its numbers back, a day after its hold", async () => {
    const { view, job, competition } = await buy(reserveDeps);
    standIn.pay(job, CARD.visaDebit);
    const expired = new Date(Date.now() + 2 * 60 * 60 * 1000);
    standIn.failNext({ method: "POST", path: `/api/gateway/payment-jobs/${job}/*`, status: 503, times: 1000 });
    await sweepPendingOrders(reserveDeps, expired);
    expect((await orderRow(view.id)).status).toBe("requires_action");
    await sweepPendingOrders(reserveDeps, new Date(expired.getTime() + 25 * 60 * 60 * 1000));
    standIn.http.faults.length = 0;
    expect((await orderRow(view.id)).status).toBe("failed");
    expect(standIn.job(job).payments[0]!.status).toBe("Cancelled");
    expect(await counters(competition.id)).toEqual({ sold: 0, held: 0 });
    expect(await ticketsOf(view.id)).toBe(0);
  });
});

describe("refunds from two places", () => {
  it("an admin's refund racing a Portal refund's notification is recorded once each: the order's refunds match Cashflows'", async () => {
    const { view, job } = await buy();
    standIn.pay(job, CARD.visaDebit);
    await deliver(standIn.lastNotification(job));
    expect((await orderRow(view.id)).status).toBe("paid");
    // Cashflows makes the admin's refund; before its answer reaches the shop, an operator refunds
    // more in the Portal, and Cashflows' notification (naming both) arrives.
    const racing = Object.create(payments) as CashflowsPaymentProvider;
    racing.refund = async (request: RefundRequest) => {
      const made = await payments.refund(request);
      standIn.refundInPortal(job, 200);
      await standIn.idle();
      await deliver(standIn.lastNotification(job));
      return made;
    };
    await refundOrder({ ...deps, payments: racing }, adminActor, { id: view.id, amount: "1.00", reason: "Asked by the customer" });
    const atCashflows = standIn.job(job).payments[0]!.refunds.reduce((s, r) => s + r.amountPence, 0);
    expect(atCashflows).toBe(300);
    expect(await orderRow(view.id)).toMatchObject({ status: "partially_refunded", refunded_pence: 300 });
    expect((await refundsOf(view.id)).map((r) => r.amount).sort()).toEqual([100, 200]);
    // Every notification again: nothing more.
    await deliver(standIn.lastNotification(job));
    expect((await orderRow(view.id)).refunded_pence).toBe(300);
  });

  it("Portal refunds and an admin's together never record more than the order's total", async () => {
    const { view, job } = await buy();
    standIn.pay(job, CARD.visaDebit);
    await deliver(standIn.lastNotification(job));
    // A Portal refund whose notification has not arrived yet: the shop does not know of it.
    standIn.refundInPortal(job, 300);
    await refundOrder(deps, adminActor, { id: view.id, amount: "2.00", reason: "Rest" });
    // Asking for more than Cashflows has left is refused by Cashflows, and nothing is recorded.
    await expect(refundOrder(deps, adminActor, { id: view.id, amount: "1.00", reason: "More" })).rejects.toThrow(
      /did not make the refund.*Nothing was changed/,
    );
    expect((await orderRow(view.id)).refunded_pence).toBe(200);
    await standIn.idle();
    for (const n of standIn.notifications.filter((x) => x.paymentJobReference === job)) await deliver(n);
    expect(await orderRow(view.id)).toMatchObject({ status: "refunded", refunded_pence: 500 });
    expect((await refundsOf(view.id)).reduce((s, r) => s + r.amount, 0)).toBe(500);
    expect(await ledgerOf()).toEqual(CLEAN_LEDGER);
  });

  it("an admin's refund whose answer is lost (made at Cashflows, the connection dropped) is recorded once, not left for a second refund", async () => {
    const { view, job } = await buy();
    standIn.pay(job, CARD.visaDebit);
    await deliver(standIn.lastNotification(job));
    const refundsPath = `/api/gateway/payment-jobs/${job}/payments/${standIn.job(job).payments[0]!.reference}/refunds`;
    standIn.failNext({ method: "POST", path: refundsPath, status: 0, when: "after" });
    await refundOrder(deps, adminActor, { id: view.id, amount: "2.00", reason: "Asked by the customer", idempotencyKey: "dialog-1" });
    expect(standIn.job(job).payments[0]!.refunds.map((r) => r.amountPence)).toEqual([200]);
    expect(await orderRow(view.id)).toMatchObject({ status: "partially_refunded", refunded_pence: 200 });
    // The admin, seeing it done, does not refund again; Cashflows' notification of it changes nothing.
    await standIn.idle();
    await deliver(standIn.lastNotification(job));
    expect(await refundsOf(view.id)).toHaveLength(1);
    expect((await orderRow(view.id)).refunded_pence).toBe(200);
  });

  it("a chargeback on a refunded order is recorded for the operator and refunds nothing more", async () => {
    const { view, job } = await buy();
    standIn.pay(job, CARD.visaDebit);
    await deliver(standIn.lastNotification(job));
    await refundOrder(deps, adminActor, { id: view.id, reason: "Cancelled" });
    standIn.chargeback(job);
    expect((await deliver(standIn.lastNotification(job))).status).toBe(200);
    const row = await orderRow(view.id);
    expect(row.refunded_pence).toBe(500);
    expect(row.dispute_status).toBe("Open");
    expect(await refundsOf(view.id)).toHaveLength(1);
    expect(standIn.job(job).payments[0]!.refunds).toHaveLength(1);
    // The admins are told the money already went back: the refund is the answer to the bank.
    const [told] = await sqlRows<{ message: string }>(
      db,
      "select message from notifications where user_id = ? and title = 'A payment was disputed' order by id desc",
      [admin.id],
    );
    expect(told!.message).toContain(view.id);
    expect(told!.message).toContain("already refunded £5.00");
  });
});

describe("a stale or out-of-order notification", () => {
  it("a 'failed' state seen after 'paid' (a later failed attempt on the same job) does not unpay the order", async () => {
    const { view, job, email } = await buy();
    standIn.pay(job, CARD.visaDebit);
    const paid = standIn.lastNotification(job)!;
    await deliver(paid);
    // The job as Cashflows answers it later: a failed payment after the paid one.
    const j = standIn.job(job);
    j.payments.push({ ...j.payments[0]!, reference: "P-late", status: "Failed", error: "Dx05", refunds: [], chargebacks: [], capturedPence: 0 });
    j.status = "Failed";
    expect((await deliver(paid)).status).toBe(200);
    expect((await orderRow(view.id)).status).toBe("paid");
    expect(await ticketsOf(view.id)).toBe(2);
    expect(await mailsTo(email)).toBe(1);
  });

  it("a job declined, then paid with the same intent (Cashflows let the buyer try again) after the order failed: refunded once", async () => {
    const { view, job } = await buy();
    standIn.pay(job, CARD.declined);
    expect((await deliver(standIn.lastNotification(job))).status).toBe(200);
    expect((await orderRow(view.id)).status).toBe("failed");
    // The buyer's card form still has the intent's token, and the job takes another attempt.
    standIn.job(job).status = "Pending";
    standIn.pay(job, CARD.visaDebit);
    const paid = standIn.lastNotification(job)!;
    await Promise.all([deliver(paid), deliver(paid), refreshOrder(deps, view.id)]);
    await standIn.idle();
    await deliver(standIn.lastNotification(job));
    expect(standIn.job(job).payments[1]!.refunds).toEqual([expect.objectContaining({ amountPence: 500 })]);
    expect(await orderRow(view.id)).toMatchObject({ status: "refunded", refunded_pence: 500 });
    expect(await ticketsOf(view.id)).toBe(0);
    expect(await ledgerOf()).toEqual(CLEAN_LEDGER);
  });
});

describe("two payments on one job", () => {
  it("a job that took a second payment (the buyer paid in the card form and on the hosted page): the second is refunded, the order paid once", async () => {
    const { view, job, email } = await buy();
    standIn.pay(job, CARD.visaDebit);
    await deliver(standIn.lastNotification(job));
    expect((await orderRow(view.id)).status).toBe("paid");
    // Cashflows took a second payment on the same job.
    const j = standIn.job(job);
    j.status = "Pending";
    standIn.pay(job, CARD.mastercardCredit);
    expect(j.payments.map((p) => p.status)).toEqual(["Paid", "Paid"]);
    await standIn.idle();
    await deliver(standIn.lastNotification(job));
    const kept = j.payments.reduce((sum, p) => sum + p.capturedPence - p.refunds.reduce((r, x) => r + x.amountPence, 0), 0);
    expect(kept).toBe(500);
    // The payment the order was settled on stays; the second (a credit card the rules never checked) goes back.
    expect(j.payments[0]!.refunds).toEqual([]);
    expect(j.payments[1]!.refunds).toEqual([expect.objectContaining({ amountPence: 500, refundNumber: `extra-${j.payments[1]!.reference}` })]);
    expect(await orderRow(view.id)).toMatchObject({ status: "paid", refunded_pence: 0 });
    expect(lines.at(-1)).toMatchObject({ level: "warn", msg: "cashflows: a second payment on one payment job was refunded" });
    // Its refund's notification, and every replay, change nothing more.
    await standIn.idle();
    await deliver(standIn.lastNotification(job));
    await deliver(standIn.lastNotification(job));
    expect(j.payments[1]!.refunds).toHaveLength(1);
    expect(await orderRow(view.id)).toMatchObject({ status: "paid", refunded_pence: 0 });
    expect(await refundsOf(view.id)).toEqual([]);
    expect(await mailsTo(email)).toBe(1);
    // The admin's refund goes to the payment the order was paid with.
    await refundOrder(deps, adminActor, { id: view.id, reason: "Asked" });
    expect(j.payments[0]!.refunds).toEqual([expect.objectContaining({ amountPence: 500 })]);
  });
});

describe("a reserved payment for another amount than the order's", () => {
  it("is released, never captured: nothing is taken and nothing sold", async () => {
    const { view, job, competition } = await buy(reserveDeps);
    // The job Cashflows holds asks for more than the order's £5.00.
    standIn.job(job).amountPence = 900;
    standIn.pay(job, CARD.visaDebit);
    expect(standIn.job(job).payments[0]).toMatchObject({ status: "Reserved", amountPence: 900 });
    expect((await deliver(standIn.lastNotification(job), reserveDeps)).status).toBe(200);
    expect(captures(job)).toEqual([]);
    expect(standIn.job(job).payments[0]).toMatchObject({ status: "Cancelled", capturedPence: 0 });
    expect(await orderRow(view.id)).toMatchObject({ status: "failed", failure_reason: expect.stringContaining("amount mismatch") });
    expect(await counters(competition.id)).toEqual({ sold: 0, held: 0 });
    expect(await ledgerOf()).toEqual(CLEAN_LEDGER);
  });
});
