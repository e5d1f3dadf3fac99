import { describe, expect, it } from "vitest";
import { CashflowsPaymentProvider, notificationSignature } from "../../src/server/payments/cashflows";
import { placeOrder, refreshOrder, refundOrder, sweepPendingOrders } from "../../src/server/services/purchase";
import { createCompetition } from "../factories/competitions";
import { createUser } from "../factories/users";
import { CLEAN_LEDGER, count, ledgerProblems, refusal } from "../helpers/assertions";
import { sqlRows } from "../helpers/db";
import { CARD, type Notification } from "../helpers/cashflows-stand-in";
import { CASHFLOWS_TEST_ORIGIN, startCashflowsServices } from "../helpers/cashflows-services";

/**
 * The shop's payment services with Cashflows as the provider, offline: orders placed as the web
 * checkout places them (the card comes after the order, in Cashflows' form), paid in the Gateway
 * API's stand-in, and Cashflows' notifications handed to the shop's handler as they were sent.
 */
const ORIGIN = CASHFLOWS_TEST_ORIGIN;
const { standIn, db, lines, deps, reserveDeps, deliver } = await startCashflowsServices();
type Deps = typeof deps;

async function buy(opts: { userId?: string; quantity?: number; pricePence?: number; instantWin?: boolean; d?: Deps } = {}) {
  const competition = await createCompetition(db, { maxTickets: 50, pricePence: opts.pricePence ?? 250, ...(opts.instantWin ? { instantWin: true } : {}) });
  const email = `buyer-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const view = await placeOrder(opts.d ?? deps, {
    userId: opts.userId ?? null,
    customerName: "Sam Buyer",
    customerEmail: email,
    lines: [{ competitionId: competition.id, quantity: opts.quantity ?? 2, answer: "green" }],
    method: { token: "cashflows" },
    returnUrl: `${ORIGIN}/checkout/complete`,
    useSdk: true,
  });
  expect(view).toMatchObject({ status: "requires_action", nextAction: { type: "embedded", provider: "cashflows" } });
  return { view, competition, email, job: (await orderRow(view.id)).payment_id! };
}

async function orderRow(id: string) {
  const rows = await sqlRows<{
    status: string;
    payment_provider: string | null;
    payment_id: string | null;
    card_brand: string | null;
    card_last4: string | null;
    card_funding: string | null;
    refunded_pence: number;
    dispute_id: string | null;
    dispute_status: string | null;
    failure_reason: string | null;
  }>(
    db,
    "select status, payment_provider, payment_id, card_brand, card_last4, card_funding, refunded_pence, dispute_id, dispute_status, failure_reason from orders where id = ?",
    [id],
  );
  return rows[0]!;
}
const ticketsOf = (orderId: string) => count(db, "tickets", `entry_id in (select id from entries where order_id = '${orderId}')`);
const mailsTo = (email: string) => count(db, "mail_outbox", `"to" = '${email}'`);
const counters = async (competitionId: string) =>
  (await sqlRows(db, "select sold_tickets as sold, held_tickets as held from competitions where id = ?", [competitionId]))[0];
/**
 * The ledger's invariants (as tests/integration/stripe-orders.test.ts): a partly refunded order keeps
 * its tickets, and so do the orders other tests here leave waiting on their payment (their numbers held).
 */
async function ledgerOf() {
  const problems = await ledgerProblems(db);
  const kept = await sqlRows<{ id: number }>(
    db,
    "select t.id from tickets t join entries e on e.id = t.entry_id join orders o on o.id = e.order_id where (o.status = 'partially_refunded' and e.payment_status = 'paid') or (o.status = 'requires_action' and e.payment_status = 'pending')",
  );
  const keptIds = new Set(kept.map((t) => t.id));
  return { ...problems, ticketsWithoutPaidOrder: (problems.ticketsWithoutPaidOrder as Array<{ id: number }>).filter((t) => !keptIds.has(t.id)) };
}

/** A paid order: the buyer pays in Cashflows' form, Cashflows notifies. */
async function paidOrder(card: string = CARD.visaDebit) {
  const bought = await buy();
  standIn.pay(bought.job, card);
  expect(await deliver(standIn.lastNotification(bought.job))).toMatchObject({ status: 200 });
  expect((await orderRow(bought.view.id)).status).toBe("paid");
  return bought;
}

describe("an order paid in Cashflows' card form", () => {
  it("waits with its numbers held, then is paid once from Cashflows' notification, with the card recorded", async () => {
    const { view, email, job, competition } = await buy();
    expect(view.nextAction).toEqual({ type: "embedded", provider: "cashflows", clientSecret: standIn.job(job).token });
    expect(standIn.job(job)).toMatchObject({ amountPence: 500, currency: "GBP", orderNumber: view.id, email });
    expect(await ticketsOf(view.id)).toBe(2);
    expect(await counters(competition.id)).toEqual({ sold: 0, held: 2 });

    standIn.pay(job, CARD.visaDebit);
    const sent = standIn.lastNotification(job)!;
    expect(JSON.parse(sent.body)).toEqual({ paymentJobReference: job, paymentReference: standIn.job(job).payments[0]!.reference });
    const answer = await deliver(sent);
    expect(answer).toMatchObject({ status: 200, body: JSON.parse(sent.body), outcomes: ["paid"] });
    expect(await orderRow(view.id)).toMatchObject({
      status: "paid",
      payment_provider: "cashflows",
      payment_id: job,
      card_brand: "visa",
      card_last4: "0002",
      card_funding: "debit",
    });
    const paid = await refreshOrder(deps, view.id);
    expect(paid).toMatchObject({ status: "paid", payment: { provider: "cashflows", brand: "visa", last4: "0002", funding: "debit" } });
    expect(paid.lines[0]!.ticketNumbers).toHaveLength(2);
    expect(await counters(competition.id)).toEqual({ sold: 2, held: 0 });
    expect(await mailsTo(email)).toBe(1);

    // Cashflows repeats a notification until it hears 200, sometimes after it did: the repeat changes nothing.
    expect(await deliver(sent)).toMatchObject({ status: 200, body: JSON.parse(sent.body), outcomes: ["duplicate"] });
    expect(await mailsTo(email)).toBe(1);
    expect(await ledgerOf()).toEqual(CLEAN_LEDGER);
  });

  it("the buyer back before the notification is settled by asking Cashflows; the notification then changes nothing", async () => {
    const { view, job, email } = await buy();
    // Still in the card form: waiting, and sent to the hosted page to finish if they left it.
    expect(await refreshOrder(deps, view.id)).toMatchObject({
      status: "requires_action",
      nextAction: { type: "redirect", url: standIn.hostedPageUrl(standIn.job(job)) },
    });
    standIn.pay(job, CARD.mastercardCredit);
    expect(await refreshOrder(deps, view.id)).toMatchObject({ status: "paid", payment: { brand: "mastercard", last4: "4444", funding: "credit" } });
    expect((await deliver(standIn.lastNotification(job))).outcomes).toEqual(["paid"]);
    expect(await mailsTo(email)).toBe(1);
  });

  it("a decline, insufficient funds and a failed 3-D Secure fail the order with the reason and give its numbers back", async () => {
    for (const [card, reason] of [
      [CARD.declined, "card_declined"],
      [CARD.insufficientFunds, "insufficient_funds"],
      [CARD.threeDSecureFails, "authentication_failed"],
    ] as const) {
      const { view, job, competition } = await buy();
      standIn.pay(job, card);
      expect((await deliver(standIn.lastNotification(job))).outcomes).toEqual(["failed"]);
      expect(await orderRow(view.id)).toMatchObject({ status: "failed", failure_reason: reason });
      expect(await ticketsOf(view.id)).toBe(0);
      expect(await counters(competition.id)).toEqual({ sold: 0, held: 0 });
    }
    const challenged = await buy();
    standIn.pay(challenged.job, CARD.challenge);
    expect(await refreshOrder(deps, challenged.view.id)).toMatchObject({
      status: "requires_action",
      nextAction: { type: "redirect", url: standIn.challengeUrl(standIn.job(challenged.job)) },
    });
    standIn.authenticate(challenged.job, "fail");
    expect((await deliver(standIn.lastNotification(challenged.job))).outcomes).toEqual(["failed"]);
    expect(await orderRow(challenged.view.id)).toMatchObject({ status: "failed", failure_reason: "authentication_failed" });
    expect(await ledgerOf()).toEqual(CLEAN_LEDGER);
  });

  it("a payment only reserved is captured once the card is checked, then the order is paid", async () => {
    const { view, job } = await buy({ d: reserveDeps });
    standIn.pay(job, CARD.visaDebit);
    expect(standIn.job(job).payments[0]!.status).toBe("Reserved");
    expect((await deliver(standIn.lastNotification(job), reserveDeps)).outcomes).toEqual(["paid"]);
    expect(standIn.job(job)).toMatchObject({ status: "Paid", payments: [expect.objectContaining({ status: "Paid", capturedPence: 500 })] });
    expect(await orderRow(view.id)).toMatchObject({ status: "paid", card_funding: "debit" });
    // The capture's own notification finds the order paid.
    await standIn.idle();
    expect((await deliver(standIn.lastNotification(job), reserveDeps)).outcomes).toEqual(["paid"]);
    expect(await ledgerOf()).toEqual(CLEAN_LEDGER);
  });
});

describe("notifications the shop refuses", () => {
  it("a wrong or missing signature is refused before anything is read, with a log line naming the address", async () => {
    const { view, job } = await buy();
    standIn.pay(job, CARD.visaDebit);
    const sent = standIn.lastNotification(job)!;
    const before = standIn.calls("GET").length;
    for (const signature of ["0".repeat(64), "", notificationSignature("another-secret-entirely-0123456789abcdef", view.id)]) {
      expect(await deliver(sent, deps, { signature })).toEqual({ status: 401, body: { message: "Invalid signature", code: "UNAUTHORIZED" } });
    }
    expect(lines.at(-1)).toEqual({
      level: "warn",
      msg: "cashflows notification refused: invalid signature",
      fields: { address: "203.0.113.7", orderId: view.id },
    });
    expect(standIn.calls("GET").length).toBe(before);
    expect((await orderRow(view.id)).status).toBe("requires_action");
    expect(await deliver(sent)).toMatchObject({ status: 200 });
  });

  it("a malformed body or one without the job's reference is refused 400", async () => {
    const { view, job } = await buy();
    const sent = { url: standIn.job(job).parameters.webhookUrl!, body: "" } as Notification;
    for (const body of ["{not json", "[]", "{}", '{"paymentJobReference": 42}', "null"]) {
      expect(await deliver(sent, deps, { body })).toMatchObject({ status: 400, body: { code: "BAD_REQUEST" } });
    }
    expect((await orderRow(view.id)).status).toBe("requires_action");
  });

  it("a payment job of another order is refused 409 with an error log line, and nothing is recorded", async () => {
    const mine = await buy();
    const other = await buy();
    standIn.pay(other.job, CARD.visaDebit);
    // Another order's job, announced at this order's (correctly signed) address.
    const forged = { url: standIn.job(mine.job).parameters.webhookUrl!, body: standIn.lastNotification(other.job)!.body } as Notification;
    expect(await deliver(forged)).toEqual({ status: 409, body: { message: "This payment job is not this order's", code: "CONFLICT" } });
    expect(lines.at(-1)).toMatchObject({
      level: "error",
      msg: "cashflows notification refused: a payment job of another order",
      fields: { orderId: mine.view.id },
    });
    expect(await orderRow(mine.view.id)).toMatchObject({ status: "requires_action", payment_id: mine.job });
    expect((await orderRow(other.view.id)).status).toBe("requires_action");
  });

  it("a job whose amount or currency differs from the order's is not sold on: the order fails and the money goes back", async () => {
    // What was taken is given back, all of it. Taken for another amount than the order's, it refunds nothing of
    // the order's price: the order stays failed (the admins are told); for the whole amount, the order reads refunded.
    for (const [change, status, refunded, orderRefunded] of [
      [{ amountPence: 100 }, "failed", 100, 0],
      [{ currency: "EUR" }, "refunded", 500, 500],
    ] as const) {
      const { view, job, competition } = await buy();
      standIn.pay(job, CARD.visaDebit);
      Object.assign(standIn.job(job), change);
      expect((await deliver(standIn.lastNotification(job))).status).toBe(200);
      expect(await orderRow(view.id)).toMatchObject({ status, refunded_pence: orderRefunded, failure_reason: expect.stringContaining("amount mismatch") });
      expect(await counters(competition.id)).toEqual({ sold: 0, held: 0 });
      expect(await ticketsOf(view.id)).toBe(0);
      expect(standIn.job(job).payments[0]!.refunds).toEqual([expect.objectContaining({ amountPence: refunded })]);
    }
    expect(await ledgerOf()).toEqual(CLEAN_LEDGER);
  });

  it("Cashflows timing out or answering 5xx when the job is read leaves the order waiting (500: Cashflows retries); the retry settles it", async () => {
    const { view, job } = await buy();
    standIn.pay(job, CARD.visaDebit);
    const sent = standIn.lastNotification(job)!;
    standIn.failNext({ method: "GET", path: `/api/gateway/payment-jobs/${job}`, status: 503, times: 2 });
    expect(await deliver(sent)).toMatchObject({ status: 500 });
    expect(lines.at(-1)).toMatchObject({ level: "error", msg: "cashflows notification not processed: the payment job could not be read" });
    expect((await orderRow(view.id)).status).toBe("requires_action");
    const impatient = { ...deps, payments: new CashflowsPaymentProvider(standIn.providerOptions(ORIGIN, { timeoutMs: 100 })) };
    standIn.failNext({ method: "GET", path: `/api/gateway/payment-jobs/${job}`, delayMs: 300, times: 2 });
    expect(await deliver(sent, impatient)).toMatchObject({ status: 500 });
    expect((await orderRow(view.id)).status).toBe("requires_action");
    expect(await deliver(sent)).toMatchObject({ status: 200, outcomes: ["paid"] });
    expect((await orderRow(view.id)).status).toBe("paid");
  });
});

describe("the credit-card rules, checked when Cashflows says what the card is", () => {
  const CREDIT_MESSAGE = "Credit cards cannot be used for instant-win competitions. Please use a debit card.";

  it("a credit card on an instant-win competition: a reserved payment is released, never captured", async () => {
    const { view, job, competition } = await buy({ instantWin: true, d: reserveDeps });
    standIn.pay(job, CARD.mastercardCredit);
    expect((await deliver(standIn.lastNotification(job), reserveDeps)).outcomes).toEqual(["failed"]);
    expect(await orderRow(view.id)).toMatchObject({ status: "failed", failure_reason: CREDIT_MESSAGE });
    expect(standIn.job(job)).toMatchObject({ status: "Cancelled", payments: [expect.objectContaining({ status: "Cancelled", capturedPence: 0 })] });
    expect(standIn.calls("POST", `/api/gateway/payment-jobs/${job}/`).filter((c) => c.path.endsWith("/captures"))).toEqual([]);
    expect(await counters(competition.id)).toEqual({ sold: 0, held: 0 });
  });

  it("a credit card on an instant-win competition: money taken at once is refunded", async () => {
    const { view, job } = await buy({ instantWin: true });
    standIn.pay(job, CARD.mastercardCredit);
    expect((await deliver(standIn.lastNotification(job))).status).toBe(200);
    expect(await orderRow(view.id)).toMatchObject({ status: "refunded", refunded_pence: 500, failure_reason: CREDIT_MESSAGE });
    expect(standIn.job(job).payments[0]!.refunds).toEqual([expect.objectContaining({ amountPence: 500, refundNumber: `unwanted-${job}` })]);
    expect(await ticketsOf(view.id)).toBe(0);
    expect(await ledgerOf()).toEqual(CLEAN_LEDGER);
  });

  it("the £250 a month credit-card cap the same; a debit card may pay", async () => {
    const user = await createUser(db);
    const over = await buy({ userId: user.id, quantity: 6, pricePence: 5_000, d: reserveDeps });
    standIn.pay(over.job, CARD.challengeCredit);
    standIn.authenticate(over.job, "approve");
    expect((await deliver(standIn.lastNotification(over.job), reserveDeps)).outcomes).toEqual(["failed"]);
    expect(await orderRow(over.view.id)).toMatchObject({ status: "failed", failure_reason: expect.stringContaining("limited to £250.00 a month") });
    expect(standIn.job(over.job).status).toBe("Cancelled");

    const taken = await buy({ userId: user.id, quantity: 6, pricePence: 5_000 });
    standIn.pay(taken.job, CARD.mastercardCredit);
    await deliver(standIn.lastNotification(taken.job));
    expect(await orderRow(taken.view.id)).toMatchObject({ status: "refunded", refunded_pence: 30_000 });

    const debit = await buy({ userId: user.id, quantity: 6, pricePence: 5_000 });
    standIn.pay(debit.job, CARD.visaDebit);
    expect((await deliver(standIn.lastNotification(debit.job))).outcomes).toEqual(["paid"]);
    expect(await orderRow(debit.view.id)).toMatchObject({ status: "paid", card_funding: "debit" });
  });
});

describe("a job nobody finishes", () => {
  it("keeps the order waiting while it is pending; the sweep fails it after its hold and cancels the job", async () => {
    const { view, job, competition } = await buy();
    expect(await sweepPendingOrders(deps)).toEqual({ settled: 0, failed: 0 });
    expect((await orderRow(view.id)).status).toBe("requires_action");
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    await sweepPendingOrders(deps, later);
    expect(await orderRow(view.id)).toMatchObject({ status: "failed", failure_reason: "authentication not completed in time" });
    expect(standIn.job(job).status).toBe("Cancelled");
    expect(await counters(competition.id)).toEqual({ sold: 0, held: 0 });
    // The buyer who comes back to the form can no longer pay.
    expect(() => standIn.pay(job, CARD.visaDebit)).toThrow(/Cancelled/);
  });

  it("a payment approved after the hold expired (the cancel did not reach Cashflows) is refunded", async () => {
    const { view, job } = await buy();
    standIn.failNext({ method: "PATCH", path: `/api/gateway/payment-jobs/${job}/cancel`, status: 500 });
    await sweepPendingOrders(deps, new Date(Date.now() + 2 * 60 * 60 * 1000));
    expect((await orderRow(view.id)).status).toBe("failed");
    expect(standIn.job(job).status).toBe("Pending");
    standIn.pay(job, CARD.visaDebit);
    expect((await deliver(standIn.lastNotification(job))).outcomes).toEqual(["gone"]);
    expect(await orderRow(view.id)).toMatchObject({ status: "refunded", refunded_pence: 500 });
    expect(standIn.job(job).payments[0]!.refunds).toEqual([expect.objectContaining({ amountPence: 500 })]);
    expect(await ticketsOf(view.id)).toBe(0);
    // The refund's own notification is the same refund, recorded once.
    await standIn.idle();
    expect((await deliver(standIn.lastNotification(job))).outcomes).toEqual(["duplicate", "ignored"]);
    expect(await count(db, "refunds", `order_id = '${view.id}'`)).toBe(1);
    expect(await ledgerOf()).toEqual(CLEAN_LEDGER);
  });
});

describe("refunds and chargebacks", () => {
  it("an admin's partial then full refund goes to Cashflows and the ledger; Cashflows' notifications of them change nothing", async () => {
    const { view, job, competition } = await paidOrder();
    const admin = await createUser(db, { role: "admin" });
    await refundOrder(deps, { id: admin.id, email: admin.email }, { id: view.id, amount: "1.50", reason: "Asked by the customer" });
    expect(await orderRow(view.id)).toMatchObject({ status: "partially_refunded", refunded_pence: 150 });
    expect(standIn.job(job).payments[0]!.refunds).toEqual([expect.objectContaining({ amountPence: 150, refundNumber: expect.stringMatching(/^refund-/) })]);
    expect((await deliver(standIn.lastNotification(job))).outcomes).toEqual(["duplicate", "ignored"]);

    await refundOrder(deps, { id: admin.id, email: admin.email }, { id: view.id, reason: "Competition cancelled" });
    expect(await orderRow(view.id)).toMatchObject({ status: "refunded", refunded_pence: 500 });
    expect(standIn.job(job).payments[0]!.refunds.map((r) => r.amountPence)).toEqual([150, 350]);
    expect((await deliver(standIn.lastNotification(job))).outcomes).toEqual(["duplicate", "ignored"]);
    expect(await count(db, "refunds", `order_id = '${view.id}'`)).toBe(2);
    expect(await ticketsOf(view.id)).toBe(0);
    expect(await counters(competition.id)).toEqual({ sold: 0, held: 0 });
    expect(await ledgerOf()).toEqual(CLEAN_LEDGER);
  });

  it("a refund made in the Cashflows Portal is recorded once; a notification sent late for it changes nothing", async () => {
    const { view, job } = await paidOrder();
    const paidNotice = standIn.lastNotification(job)!;
    standIn.refundInPortal(job, 200);
    const refundNotice = standIn.lastNotification(job)!;
    expect((await deliver(refundNotice)).outcomes).toEqual(["duplicate", "refunded"]);
    expect(await orderRow(view.id)).toMatchObject({ status: "partially_refunded", refunded_pence: 200 });
    expect((await deliver(refundNotice)).outcomes).toEqual(["duplicate", "duplicate"]);
    // The payment's own notification, arriving only now (the job has moved on since): nothing new.
    expect((await deliver(paidNotice)).outcomes).toEqual(["duplicate", "duplicate"]);
    expect(await count(db, "refunds", `order_id = '${view.id}'`)).toBe(1);

    standIn.refundInPortal(job);
    expect((await deliver(standIn.lastNotification(job))).outcomes).toEqual(["duplicate", "refunded"]);
    expect(await orderRow(view.id)).toMatchObject({ status: "refunded", refunded_pence: 500 });
    expect(await ticketsOf(view.id)).toBe(0);
    expect(await ledgerOf()).toEqual(CLEAN_LEDGER);
  });

  it("a chargeback marks the order disputed and voids its tickets; its close is recorded", async () => {
    const admin = await createUser(db, { role: "admin" });
    const { view, job, competition } = await paidOrder();
    const chargeback = standIn.chargeback(job);
    const opened = standIn.lastNotification(job)!;
    expect((await deliver(opened)).outcomes).toEqual(["duplicate", "disputed"]);
    expect(await orderRow(view.id)).toMatchObject({ status: "disputed", dispute_id: chargeback.reference, dispute_status: "Open" });
    expect(await ticketsOf(view.id)).toBe(0);
    expect(await counters(competition.id)).toEqual({ sold: 0, held: 0 });
    expect(await count(db, "notifications", `user_id = '${admin.id}' and title = 'A payment was disputed'`)).toBe(1);
    expect((await deliver(opened)).outcomes).toEqual(["duplicate", "duplicate"]);

    standIn.closeChargeback(job, "Won");
    expect((await deliver(standIn.lastNotification(job))).outcomes).toEqual(["duplicate", "duplicate", "dispute closed"]);
    expect(await orderRow(view.id)).toMatchObject({ status: "disputed", dispute_status: "Won" });
    expect(await count(db, "notifications", `user_id = '${admin.id}' and title = 'A payment was disputed'`)).toBe(1);
  });
});

describe("a REST client", () => {
  it("is sent to Cashflows' hosted payment page, and the order is paid from its notification", async () => {
    const competition = await createCompetition(db, { maxTickets: 50, pricePence: 250 });
    const view = await placeOrder(deps, {
      userId: null,
      customerName: "Sam Buyer",
      customerEmail: "rest-buyer@example.test",
      lines: [{ competitionId: competition.id, quantity: 1, answer: "green" }],
      method: { token: "cashflows" },
      returnUrl: `${ORIGIN}/checkout/complete`,
    });
    const job = (await orderRow(view.id)).payment_id!;
    expect(view).toMatchObject({ status: "requires_action", nextAction: { type: "redirect", url: standIn.hostedPageUrl(standIn.job(job)) } });
    standIn.pay(job, CARD.visaDebit);
    expect((await deliver(standIn.lastNotification(job))).outcomes).toEqual(["paid"]);
    expect(await orderRow(view.id)).toMatchObject({ status: "paid", card_last4: "0002" });
  });

  it("an order Cashflows could not open fails at once with nothing taken", async () => {
    standIn.failNext({ method: "POST", path: "/api/gateway/payment-intents/", status: 500 });
    const competition = await createCompetition(db, { maxTickets: 50, pricePence: 250 });
    const refused = await refusal(
      placeOrder(deps, {
        userId: null,
        customerName: "Sam Buyer",
        customerEmail: "unlucky@example.test",
        lines: [{ competitionId: competition.id, quantity: 1, answer: "green" }],
        method: { token: "cashflows" },
        returnUrl: `${ORIGIN}/checkout/complete`,
        useSdk: true,
      }),
    );
    expect(refused).toMatchObject({ code: "PAYMENT_DECLINED" });
    expect(await counters(competition.id)).toEqual({ sold: 0, held: 0 });
  });
});
