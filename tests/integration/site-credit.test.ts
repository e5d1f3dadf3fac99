import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { first as firstRow, type Db } from "../../db/client";
import { competitions, mailOutbox, notifications, orders, refunds, walletEntries, type User } from "../../db/schema";
import { type AppError } from "../../src/server/errors";
import { noopMailer } from "../../src/server/mail/mailer";
import { type SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import type { Actor } from "../../src/server/services/audit";
import { setLimit } from "../../src/server/services/protection";
import { HOLD_MS, placeOrder, refundOrder, sweepPendingOrders } from "../../src/server/services/purchase";
import { ensureDefaultSettings } from "../../src/server/services/settings";
import { addGoodwillCredit, walletOf } from "../../src/server/services/wallet";
import { createCompetition } from "../factories/competitions";
import { createUser, createUserWithSession } from "../factories/users";
import { CLEAN_LEDGER, eventually, ledgerProblems, refusal } from "../helpers/assertions";
import { callerAs } from "../helpers/caller";
import { allowGuestCheckout, createTestDb } from "../helpers/db";
import {
  appCodeOf,
  creditDeps,
  creditOrderArgs,
  customerWithCredit as creditCustomer,
  neverNegative as ledgerNeverNegative,
  RecordingProvider,
  SilentProvider,
} from "../helpers/site-credit";
import { startTestServer } from "../helpers/http";

/**
 * Spending site credit at checkout: credit first, the card for the rest; credit given back when an
 * order is not completed or is refunded; spending limits; credit that lapses; the REST and tRPC
 * checkouts. Asserted as the customer sees it: balances, what the card was charged, order statuses
 * and the words of the refund mail.
 */
const db = createTestDb();
await allowGuestCheckout(db);

const DAY = 24 * 60 * 60 * 1000;

const depsOf = (payments: SimulatedPaymentProvider, on: Db = db, now?: Date) => creditDeps(on, payments, now);

const admin = await createUser(db, { role: "admin" });
const actor: Actor = { id: admin.id, email: admin.email };
const REASON = "The customer asked for their money back";

const customerWithCredit = (amount: string | null, on: Db = db, by: Actor = actor) => creditCustomer(on, by, amount);
const orderArgs = creditOrderArgs;

const balance = async (user: User, on: Db = db, at?: Date) => (await walletOf(on, user, at)).balance;
const walletRows = async (user: User, on: Db = db) => await on.select().from(walletEntries).where(eq(walletEntries.userId, user.id));
const competition = async (id: string, on: Db = db) => (await firstRow(on.select().from(competitions).where(eq(competitions.id, id))))!;
const orderRow = async (id: string, on: Db = db) => (await firstRow(on.select().from(orders).where(eq(orders.id, id))))!;
const ordersOf = async (user: User, on: Db = db) => await on.select().from(orders).where(eq(orders.userId, user.id));
const refundMails = async (email: string) =>
  await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, "refund")));
const notes = async (user: User) => await db.select().from(notifications).where(eq(notifications.userId, user.id));

const neverNegative = (user: User) => ledgerNeverNegative(db, user);

describe("paying with site credit", () => {
  it("part by credit: credit first, the card is charged only the rest", async () => {
    const c = await createCompetition(db, { pricePence: 500 });
    const buyer = await customerWithCredit("3.00");
    const payments = new RecordingProvider(0);
    const view = await placeOrder(depsOf(payments), orderArgs(buyer, c.id, { useCredit: true }));
    expect(view).toMatchObject({ status: "paid", amount: "5.00", creditUsed: "3.00", payment: { provider: "simulated", brand: "visa", last4: "4242" } });
    expect(payments.charges.map((ch) => ch.amountPence)).toEqual([200]);
    expect(await balance(buyer)).toBe("0.00");
    const spends = (await walletRows(buyer)).filter((r) => r.kind === "spend");
    expect(spends).toMatchObject([{ amountPence: -300, reference: view.id }]);
    expect((await walletOf(db, buyer)).entries[0]).toMatchObject({ kind: "spend", amount: "-3.00", reference: view.id });
    expect(await orderRow(view.id)).toMatchObject({ status: "paid", totalPence: 500, creditPence: 300, paymentProvider: "simulated" });
    expect(view.lines[0]!.ticketNumbers).toHaveLength(1);
    // The confirmation says how it was paid.
    const confirmation = (await firstRow(
      db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, buyer.email), eq(mailOutbox.kind, "order_confirmation")))
        .limit(1),
    ))!;
    expect(confirmation.text).toContain("Total paid: £5.00\nSite credit used: £3.00\nPaid by card: £2.00");
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });

  it("never leaves the card less than 30p: £4.90 of credit on a £5.00 order spends £4.70 and charges the card 30p", async () => {
    const c = await createCompetition(db, { pricePence: 500 });
    const buyer = await customerWithCredit("4.90");
    const payments = new RecordingProvider(0);
    const view = await placeOrder(depsOf(payments), orderArgs(buyer, c.id, { useCredit: true }));
    expect(view).toMatchObject({ status: "paid", amount: "5.00", creditUsed: "4.70" });
    expect(payments.charges.map((ch) => ch.amountPence)).toEqual([30]);
    expect(await balance(buyer)).toBe("0.20");
  });

  it("fully by credit with no card: paid, no card payment, no provider call, tickets given", async () => {
    const c = await createCompetition(db, { pricePence: 250 });
    const buyer = await customerWithCredit("10.00");
    const payments = new RecordingProvider(0);
    const view = await placeOrder(depsOf(payments), orderArgs(buyer, c.id, { useCredit: true, method: null }, 2));
    expect(view).toMatchObject({ status: "paid", amount: "5.00", creditUsed: "5.00", payment: null });
    expect(view.lines[0]!.ticketNumbers).toHaveLength(2);
    expect(payments.charges).toEqual([]);
    expect(await balance(buyer)).toBe("5.00");
    expect(await orderRow(view.id)).toMatchObject({ status: "paid", creditPence: 500, paymentProvider: "site_credit" });
    expect(await competition(c.id)).toMatchObject({ soldTickets: 2, heldTickets: 0 });
    // The confirmation goes out as for any paid order.
    expect((await db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email))).filter((m) => m.kind === "order_confirmation")).toHaveLength(1);
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });

  it("refuses an order the credit does not cover when no card is given, and holds or spends nothing", async () => {
    const c = await createCompetition(db, { pricePence: 500 });
    const buyer = await customerWithCredit("2.00");
    const payments = new RecordingProvider(0);
    const refused = await refusal(placeOrder(depsOf(payments), orderArgs(buyer, c.id, { useCredit: true, method: null })));
    expect(refused).toMatchObject({
      code: "INVALID_INPUT",
      message: "Enter your card details",
      details: { fieldErrors: { paymentToken: ["Enter your card details"] } },
    });
    // Without using the credit, no card is no payment either.
    const without = await refusal(placeOrder(depsOf(payments), orderArgs(buyer, c.id, { method: null })));
    expect(without).toMatchObject({ code: "INVALID_INPUT", message: "Enter your card details" });
    expect(await competition(c.id)).toMatchObject({ soldTickets: 0, heldTickets: 0 });
    expect(await balance(buyer)).toBe("2.00");
    expect((await walletRows(buyer)).filter((r) => r.kind === "spend")).toEqual([]);
    expect(await ordersOf(buyer)).toEqual([]);
    expect(payments.charges).toEqual([]);
  });

  it("a retried submit (same idempotency key) answers the first order and spends the credit once", async () => {
    const c = await createCompetition(db, { pricePence: 500 });
    const buyer = await customerWithCredit("8.00");
    const payments = new RecordingProvider(0);
    const args = orderArgs(buyer, c.id, { useCredit: true, idempotencyKey: `credit-retry-${buyer.id.slice(-8)}` });
    const [a, b] = await Promise.all([placeOrder(depsOf(payments), args), placeOrder(depsOf(payments), args)]);
    const c2 = await placeOrder(depsOf(payments), args);
    expect(new Set([a.id, b.id, c2.id]).size).toBe(1);
    expect(c2).toMatchObject({ status: "paid", creditUsed: "5.00", payment: null });
    expect(await balance(buyer)).toBe("3.00");
    expect((await walletRows(buyer)).filter((r) => r.kind === "spend")).toHaveLength(1);
    expect(await ordersOf(buyer)).toHaveLength(1);
    expect(payments.charges).toEqual([]);
  });

  it("leaves the credit alone without useCredit, and for a guest (even one typing the account's email)", async () => {
    const c = await createCompetition(db, { pricePence: 500 });
    const buyer = await customerWithCredit("5.00");
    const payments = new RecordingProvider(0);
    const notAsked = await placeOrder(depsOf(payments), orderArgs(buyer, c.id));
    const declined = await placeOrder(depsOf(payments), orderArgs(buyer, c.id, { useCredit: false }));
    const guest = await placeOrder(depsOf(payments), orderArgs(null, c.id, { useCredit: true, customerEmail: buyer.email }));
    for (const view of [notAsked, declined, guest]) expect(view).toMatchObject({ status: "paid", creditUsed: "0.00", payment: { provider: "simulated" } });
    expect(payments.charges.map((ch) => ch.amountPence)).toEqual([500, 500, 500]);
    expect(await balance(buyer)).toBe("5.00");
    expect((await walletRows(buyer)).map((r) => r.kind)).toEqual(["goodwill"]);
  });
});

describe("credit given back when an order is not completed", () => {
  it.each(["sim_decline", "sim_error"])("a card refused (%s) on a part-credit order: the order fails and the credit comes back", async (token) => {
    const c = await createCompetition(db, { pricePence: 500 });
    const buyer = await customerWithCredit("3.00");
    const payments = new RecordingProvider(0);
    const refused = await refusal(placeOrder(depsOf(payments), orderArgs(buyer, c.id, { useCredit: true, method: { token } })));
    expect(refused.code).toBe("PAYMENT_DECLINED");
    const orderId = refused.details!.orderId as string;
    expect(payments.charges.map((ch) => ch.amountPence)).toEqual([200]);
    expect(await orderRow(orderId)).toMatchObject({ status: "failed", creditPence: 300 });
    expect(await balance(buyer)).toBe("3.00");
    expect((await walletOf(db, buyer)).entries[0]).toMatchObject({
      kind: "refund",
      amount: "3.00",
      reference: orderId,
      note: "Order not completed: credit returned",
    });
    expect(await competition(c.id)).toMatchObject({ soldTickets: 0, heldTickets: 0 });
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });

  it("an expired hold swept while the provider never answered: credit back once, even when the decline arrives later", async () => {
    const c = await createCompetition(db, { pricePence: 500 });
    const buyer = await customerWithCredit("3.00");
    const payments = new SilentProvider(0);
    const placing = refusal(placeOrder(depsOf(payments), orderArgs(buyer, c.id, { useCredit: true })));
    await eventually(() => payments.charges.length === 1);
    const [pending] = await ordersOf(buyer);
    expect(pending).toMatchObject({ status: "pending", creditPence: 300 });
    expect(await balance(buyer)).toBe("0.00");
    expect((await competition(c.id)).heldTickets).toBe(1);

    // Before the hold ends the sweep leaves it alone.
    await sweepPendingOrders({ db, payments, mailer: noopMailer }, new Date(Date.now() + HOLD_MS / 2));
    expect((await orderRow(pending!.id)).status).toBe("pending");

    await sweepPendingOrders({ db, payments, mailer: noopMailer }, new Date(Date.now() + HOLD_MS + 60_000));
    expect(await orderRow(pending!.id)).toMatchObject({ status: "failed", failureReason: "hold expired" });
    expect(await balance(buyer)).toBe("3.00");
    expect((await competition(c.id)).heldTickets).toBe(0);

    payments.answer({ status: "declined", reason: "card_declined", message: "Your card was declined." });
    expect((await placing).code).toBe("PAYMENT_DECLINED");
    expect(await balance(buyer)).toBe("3.00");
    expect((await walletRows(buyer)).filter((r) => r.kind === "refund")).toHaveLength(1);
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });

  it("an expired hold swept, then the card approves late: the card's part is refunded and the credit is not given back twice", async () => {
    const c = await createCompetition(db, { pricePence: 500 });
    const buyer = await customerWithCredit("3.00");
    const payments = new SilentProvider(0);
    const placing = refusal(placeOrder(depsOf(payments), orderArgs(buyer, c.id, { useCredit: true })));
    await eventually(() => payments.charges.length === 1);
    const [pending] = await ordersOf(buyer);
    await sweepPendingOrders({ db, payments, mailer: noopMailer }, new Date(Date.now() + HOLD_MS + 60_000));
    expect((await orderRow(pending!.id)).status).toBe("failed");
    expect(await balance(buyer)).toBe("3.00");

    payments.answer({ status: "succeeded", paymentId: `sim_pi_late_${pending!.id}`, cardBrand: "visa", last4: "4242", funding: "debit" });
    expect((await placing).code).toBe("PAYMENT_DECLINED");
    expect(payments.refunds.map((r) => r.amountPence)).toEqual([200]);
    expect(await orderRow(pending!.id)).toMatchObject({ status: "refunded", refundedPence: 500 });
    expect(await balance(buyer)).toBe("3.00");
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });

  it("an order waiting on 3-D Secure past its hold: the challenge is cancelled, the order fails, the credit comes back", async () => {
    const c = await createCompetition(db, { pricePence: 500 });
    const buyer = await customerWithCredit("3.00");
    const payments = new RecordingProvider(0);
    const view = await placeOrder(depsOf(payments), orderArgs(buyer, c.id, { useCredit: true, method: { token: "sim_3ds_required" } }));
    expect(view).toMatchObject({ status: "requires_action", creditUsed: "3.00" });
    expect(payments.charges.map((ch) => ch.amountPence)).toEqual([200]);
    expect(await balance(buyer)).toBe("0.00");
    await sweepPendingOrders({ db, payments, mailer: noopMailer }, new Date(Date.now() + HOLD_MS + 60_000));
    expect(await orderRow(view.id)).toMatchObject({ status: "failed", failureReason: "authentication not completed in time" });
    expect(await balance(buyer)).toBe("3.00");
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });
});

describe("orders at once", () => {
  it("£10 of credit and 20 orders of £1 with no card: exactly 10 paid, 10 asked for a card, never below zero", async () => {
    const c = await createCompetition(db, { pricePence: 100 });
    const buyer = await customerWithCredit("10.00");
    const payments = new RecordingProvider(0);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => placeOrder(depsOf(payments), orderArgs(buyer, c.id, { useCredit: true, method: null }))),
    );
    const paid = results.filter((r) => r.status === "fulfilled").map((r) => r.value);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => r.reason as AppError);
    expect(paid).toHaveLength(10);
    for (const v of paid) expect(v).toMatchObject({ status: "paid", creditUsed: "1.00", payment: null });
    expect(refused).toHaveLength(10);
    for (const e of refused) expect(e).toMatchObject({ code: "INVALID_INPUT", message: "Enter your card details" });
    expect(await balance(buyer)).toBe("0.00");
    expect(await neverNegative(buyer)).toBe(true);
    expect((await walletRows(buyer)).filter((r) => r.kind === "spend")).toHaveLength(10);
    expect(payments.charges).toEqual([]);
    expect(await competition(c.id)).toMatchObject({ soldTickets: 10, heldTickets: 0 });
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });

  it("£10 of credit and 20 orders of £3 with a card: the credit used adds up to exactly £10.00", async () => {
    const c = await createCompetition(db, { pricePence: 300 });
    const buyer = await customerWithCredit("10.00");
    const payments = new RecordingProvider(0);
    const views = await Promise.all(Array.from({ length: 20 }, () => placeOrder(depsOf(payments), orderArgs(buyer, c.id, { useCredit: true }))));
    expect(views.every((v) => v.status === "paid")).toBe(true);
    const creditPence = views.reduce((sum, v) => sum + Math.round(Number(v.creditUsed) * 100), 0);
    expect(creditPence).toBe(1000);
    expect(payments.charges.reduce((sum, ch) => sum + ch.amountPence, 0)).toBe(20 * 300 - 1000);
    expect(await balance(buyer)).toBe("0.00");
    expect(await neverNegative(buyer)).toBe(true);
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });
});

describe("refunds of orders paid partly or wholly by credit", () => {
  it("£5 = £2 credit + £3 card: a £2 refund goes to the card; the remaining £3 is £1 to the card and £2 to site credit", async () => {
    const c = await createCompetition(db, { pricePence: 500 });
    const buyer = await customerWithCredit("2.00");
    const payments = new RecordingProvider(0);
    const deps = depsOf(payments);
    const view = await placeOrder(deps, orderArgs(buyer, c.id, { useCredit: true }));
    expect(view).toMatchObject({ status: "paid", creditUsed: "2.00" });
    expect(payments.charges.map((ch) => ch.amountPence)).toEqual([300]);
    expect(await balance(buyer)).toBe("0.00");

    const first = await refundOrder(deps, actor, { id: view.id, amount: "2.00", reason: REASON });
    expect(first).toMatchObject({ status: "partially_refunded", refunded: "2.00", refundable: "3.00", refunds: [{ amount: "2.00", to: "card" }] });
    expect(payments.refunds.map((r) => r.amountPence)).toEqual([200]);
    expect(await balance(buyer)).toBe("0.00");
    expect((await refundMails(buyer.email)).map((m) => m.text)).toEqual([
      expect.stringContaining(`£2.00 of your order ${view.reference} has been refunded to your card.`),
    ]);

    const rest = await refundOrder(deps, actor, { id: view.id, amount: "3.00", reason: REASON });
    expect(rest).toMatchObject({ status: "refunded", refunded: "5.00", refundable: "0.00" });
    expect(rest.refunds.map((r) => `${r.amount} ${r.to}`).sort()).toEqual(["1.00 card", "2.00 card", "2.00 site_credit"]);
    expect(payments.refunds.map((r) => r.amountPence)).toEqual([200, 100]);
    expect(await balance(buyer)).toBe("2.00");
    expect((await walletOf(db, buyer)).entries[0]).toMatchObject({ kind: "refund", amount: "2.00", reference: view.id });
    const creditRow = (await db.select().from(refunds).where(eq(refunds.orderId, view.id))).filter((r) => r.providerRefundId.startsWith("credit:"));
    expect(creditRow).toMatchObject([{ amountPence: 200 }]);

    const mails = await refundMails(buyer.email);
    expect(mails).toHaveLength(2);
    const split = mails.find((m) => m.subject === "Your refund of £3.00 from Harvest Draws")!;
    expect(split.text).toContain(`£3.00 of your order ${view.reference} has been refunded: £1.00 to your card and £2.00 to your site credit.`);
    expect((await notes(buyer)).map((n) => n.message)).toContain(
      `£3.00 of your order ${view.reference} has been refunded: £1.00 to your card and £2.00 to your site credit.`,
    );
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });

  it("an order paid wholly by credit: the refund never asks the card provider and goes back to site credit", async () => {
    const c = await createCompetition(db, { pricePence: 500 });
    const buyer = await customerWithCredit("5.00");
    const payments = new RecordingProvider(0);
    const deps = depsOf(payments);
    const view = await placeOrder(deps, orderArgs(buyer, c.id, { useCredit: true, method: null }));
    expect(await balance(buyer)).toBe("0.00");
    const refunded = await refundOrder(deps, actor, { id: view.id, reason: REASON });
    expect(refunded).toMatchObject({ status: "refunded", refunded: "5.00", refunds: [{ amount: "5.00", to: "site_credit" }] });
    expect(payments.refunds).toEqual([]);
    expect(await balance(buyer)).toBe("5.00");
    const [mail] = await refundMails(buyer.email);
    expect(mail).toMatchObject({ subject: "Your refund of £5.00 from Harvest Draws" });
    expect(mail!.text).toContain(`£5.00 of your order ${view.reference} has been returned to your site credit.`);
    expect(mail!.text).not.toContain("to your card");
    expect((await competition(c.id)).soldTickets).toBe(0);
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });

  it("a repeat of the same refund (admin caller, same idempotency key) gives nothing more", async () => {
    const c = await createCompetition(db, { pricePence: 500 });
    const buyer = await customerWithCredit("4.00");
    const view = await placeOrder(depsOf(new RecordingProvider(0)), orderArgs(buyer, c.id, { useCredit: true }));
    expect(view.creditUsed).toBe("4.00");
    const { caller } = await callerAs(db, "admin");
    const input = { id: view.id, amount: "3.00", reason: REASON, idempotencyKey: `refund-key-${view.id.slice(-8)}` };
    const first = await caller.admin.orders.refund(input);
    expect(first).toMatchObject({ status: "partially_refunded", refunded: "3.00", refundable: "2.00" });
    expect(first.refunds.map((r) => `${r.amount} ${r.to}`).sort()).toEqual(["1.00 card", "2.00 site_credit"]);
    expect(await balance(buyer)).toBe("2.00");
    const again = await caller.admin.orders.refund(input);
    expect(again).toMatchObject({ status: "partially_refunded", refunded: "3.00", refundable: "2.00" });
    expect(again.refunds).toHaveLength(2);
    expect(await balance(buyer)).toBe("2.00");
    expect(await refundMails(buyer.email)).toHaveLength(1);
    // The rest (site credit only now) still goes back once.
    const rest = await caller.admin.orders.refund({ id: view.id, reason: REASON, idempotencyKey: `refund-rest-${view.id.slice(-8)}` });
    expect(rest).toMatchObject({ status: "refunded", refunded: "5.00" });
    expect(await balance(buyer)).toBe("4.00");
  });
});

describe("spending limits", () => {
  it("the monthly limit counts what credit paid: £8 by credit leaves £2 of a £10 limit", async () => {
    const c8 = await createCompetition(db, { pricePence: 800 });
    const c5 = await createCompetition(db, { pricePence: 500 });
    const c2 = await createCompetition(db, { pricePence: 200 });
    const buyer = await customerWithCredit("8.00");
    await setLimit(db, buyer.id, "10.00", new Date());
    const payments = new RecordingProvider(0);
    const byCredit = await placeOrder(depsOf(payments), orderArgs(buyer, c8.id, { useCredit: true, method: null }));
    expect(byCredit).toMatchObject({ status: "paid", creditUsed: "8.00" });
    const over = await refusal(placeOrder(depsOf(payments), orderArgs(buyer, c5.id)));
    expect(over).toMatchObject({
      code: "SPENDING_LIMIT",
      message: "This order would take you over your monthly spending limit of £10.00. You have £2.00 left this month.",
    });
    expect(await placeOrder(depsOf(payments), orderArgs(buyer, c2.id))).toMatchObject({ status: "paid" });
    expect(payments.charges.map((ch) => ch.amountPence)).toEqual([200]);
  });

  it("the credit-card cap counts only what the credit card paid", async () => {
    // The default cap is £250.00 a month; a £300 order with £60 of credit puts £240 on the credit card.
    const big = await createCompetition(db, { pricePence: 10_000 });
    const small = await createCompetition(db, { pricePence: 2_000 });
    const buyer = await customerWithCredit("60.00");
    const payments = new RecordingProvider(0);
    const card = { token: "sim_credit_approve" };
    const view = await placeOrder(depsOf(payments), orderArgs(buyer, big.id, { useCredit: true, method: card }, 3));
    expect(view).toMatchObject({ status: "paid", amount: "300.00", creditUsed: "60.00" });
    const capped = await refusal(placeOrder(depsOf(payments), orderArgs(buyer, small.id, { method: card })));
    expect(capped.code).toBe("CREDIT_CARD_LIMIT");
    expect(capped.message).toContain("You have £10.00 of credit card spending left this month");
    expect(payments.charges.map((ch) => ch.amountPence)).toEqual([24_000]);
  });
});

describe("credit that lapses (credit_expiry_days)", () => {
  const own = createTestDb();
  beforeAll(async () => {
    await ensureDefaultSettings(own);
  });
  const t0 = new Date(Date.now() - 20 * DAY);
  const at = (days: number) => new Date(t0.getTime() + days * DAY);

  async function setup() {
    const { caller, user } = await callerAs(own, "admin");
    const ownActor: Actor = { id: user!.id, email: user!.email };
    const c = await createCompetition(own, {
      pricePence: 400,
      startDate: at(-1),
      endDate: new Date(Date.now() + 60 * DAY),
      drawDate: new Date(Date.now() + 61 * DAY),
    });
    return { settingsApi: caller.admin.settings, ownActor, c };
  }

  it("refuses values other than whole days from 0 to 3650", async () => {
    const { settingsApi } = await setup();
    for (const bad of ["-1", "abc", "4000", "1.5", ""]) {
      expect(await appCodeOf(settingsApi.update({ key: "credit_expiry_days", value: bad })), bad).toBe("INVALID_INPUT");
    }
    expect((await settingsApi.update({ key: "credit_expiry_days", value: "3650" })).value).toBe("3650");
    expect((await settingsApi.update({ key: "credit_expiry_days", value: " 0 " })).value).toBe("0");
  });

  it("£10 added at day 0 with 30 days, £4 spent at day 10: the £6 left lapses at day 30", async () => {
    const { settingsApi, ownActor, c } = await setup();
    await settingsApi.update({ key: "credit_expiry_days", value: "30" });
    const buyer = await createUser(own);
    const added = await addGoodwillCredit(own, ownActor, buyer.id, "10.00", "Sorry for the delay", t0);
    expect(added.entries[0]).toMatchObject({ kind: "goodwill", amount: "10.00", expiresAt: at(30).toISOString() });
    const view = await placeOrder(depsOf(new RecordingProvider(0), own, at(10)), orderArgs(buyer, c.id, { useCredit: true, method: null }));
    expect(view).toMatchObject({ status: "paid", creditUsed: "4.00", payment: null });
    expect(await balance(buyer, own, at(29))).toBe("6.00");
    const later = await walletOf(own, buyer, at(31));
    expect(later.balance).toBe("0.00");
    expect(later.entries.filter((e) => e.kind === "expiry")).toEqual([
      { kind: "expiry", amount: "-6.00", reference: null, note: "Unspent credit lapsed", at: at(30).toISOString(), expiresAt: null },
    ]);
    // Lapsed credit cannot pay.
    const refused = await refusal(placeOrder(depsOf(new RecordingProvider(0), own, at(31)), orderArgs(buyer, c.id, { useCredit: true, method: null })));
    expect(refused).toMatchObject({ code: "INVALID_INPUT", message: "Enter your card details" });
    expect(await balance(buyer, own, at(31))).toBe("0.00");
  });

  it("credit added while the setting is 0 never lapses", async () => {
    const { settingsApi, ownActor } = await setup();
    await settingsApi.update({ key: "credit_expiry_days", value: "0" });
    const buyer = await createUser(own);
    await addGoodwillCredit(own, ownActor, buyer.id, "5.00", "Sorry for the delay", t0);
    await settingsApi.update({ key: "credit_expiry_days", value: "30" });
    const far = await walletOf(own, buyer, at(3650));
    expect(far.balance).toBe("5.00");
    expect(far.entries).toMatchObject([{ kind: "goodwill", amount: "5.00", expiresAt: null }]);
  });

  it("spending takes the soonest-expiring credit first", async () => {
    const { settingsApi, ownActor, c } = await setup();
    const buyer = await createUser(own);
    await settingsApi.update({ key: "credit_expiry_days", value: "0" });
    await addGoodwillCredit(own, ownActor, buyer.id, "5.00", "Never lapses", t0);
    await settingsApi.update({ key: "credit_expiry_days", value: "30" });
    await addGoodwillCredit(own, ownActor, buyer.id, "5.00", "Lapses at day 31", at(1));
    const view = await placeOrder(depsOf(new RecordingProvider(0), own, at(2)), orderArgs(buyer, c.id, { useCredit: true, method: null }));
    expect(view).toMatchObject({ status: "paid", creditUsed: "4.00" });
    // £4 came out of the lot that lapses: £1 of it lapses at day 31, the £5 that never lapses is all there.
    const later = await walletOf(own, buyer, at(40));
    expect(later.balance).toBe("5.00");
    expect(later.entries.filter((e) => e.kind === "expiry")).toMatchObject([{ amount: "-1.00", at: at(31).toISOString() }]);
  });
});

const restPayments = new RecordingProvider(0);
const api = await startTestServer(db, { services: { payments: restPayments } });

describe("the checkouts", () => {
  const payments = restPayments;
  const body = (competitionId: string, over: Record<string, unknown> = {}) => ({
    competitionId,
    customerName: "Nia Price",
    customerEmail: "nia@example.test",
    answer: "green",
    quantity: 1,
    entryMethod: "online",
    ...over,
  });

  it("tRPC checkoutDirect and checkoutCart take useCredit, with the card token optional", async () => {
    const c = await createCompetition(db, { pricePence: 300 });
    const { caller, user } = await callerAs(db, "customer");
    await addGoodwillCredit(db, actor, user!.id, "5.00", "Sorry for the delay");
    const billing = { address: "1 Mill Lane", city: "Lincoln", postcode: "LN1 1AA" };
    const direct = await caller.public.entries.checkoutDirect({
      competitionId: c.id,
      customerName: "Nia Price",
      customerEmail: user!.email,
      answer: "green",
      tickets: 1,
      useCredit: true,
      billing,
    });
    expect(direct).toMatchObject({ status: "paid", creditUsed: "3.00", payment: null });
    expect((await caller.customer.wallet.get()).balance).toBe("2.00");
    const noCard = caller.public.entries.checkoutCart({
      email: user!.email,
      firstName: "Nia",
      lastName: "Price",
      lines: [{ competitionId: c.id, quantity: 1, answer: "green" }],
      useCredit: true,
      billing,
    });
    expect(await refusal(noCard)).toMatchObject({
      message: "Enter your card details",
      details: { fieldErrors: { paymentToken: ["Enter your card details"] } },
    });
    const cart = await caller.public.entries.checkoutCart({
      email: user!.email,
      firstName: "Nia",
      lastName: "Price",
      lines: [{ competitionId: c.id, quantity: 1, answer: "green" }],
      useCredit: true,
      paymentToken: "sim_approve",
      billing,
    });
    expect(cart).toMatchObject({ status: "paid", creditUsed: "2.00", payment: { last4: "4242" } });
    const wallet = await caller.customer.wallet.get();
    expect(wallet.balance).toBe("0.00");
    expect(wallet.entries.filter((e) => e.kind === "spend").map((e) => e.amount)).toEqual(["-2.00", "-3.00"]);
  });

  it("tRPC checkouts need no billing address when site credit pays the whole order, and ask for one when the card pays any of it", async () => {
    const c = await createCompetition(db, { pricePence: 300 });
    const { caller, user } = await callerAs(db, "customer");
    await addGoodwillCredit(db, actor, user!.id, "4.00", "Sorry for the delay");
    const cartOrder = { email: user!.email, firstName: "Nia", lastName: "Price", lines: [{ competitionId: c.id, quantity: 1, answer: "green" }] };

    const direct = await caller.public.entries.checkoutDirect({
      competitionId: c.id,
      customerName: "Nia Price",
      customerEmail: user!.email,
      answer: "green",
      tickets: 1,
      useCredit: true,
    });
    expect(direct).toMatchObject({ status: "paid", creditUsed: "3.00", payment: null });

    // £1 of credit left: the card pays £2, so the server wants the card's billing address, and takes nothing without it.
    const noBilling = caller.public.entries.checkoutCart({ ...cartOrder, useCredit: true, paymentToken: "sim_approve" });
    expect(await refusal(noBilling)).toMatchObject({
      message: "Billing address is required",
      details: { fieldErrors: { billing: ["Billing address is required"] } },
    });
    expect((await caller.customer.wallet.get()).balance).toBe("1.00");
    expect(await competition(c.id)).toMatchObject({ soldTickets: 1, heldTickets: 0 });

    const billing = { address: "1 Mill Lane", city: "Lincoln", postcode: "LN1 1AA" };
    const cart = await caller.public.entries.checkoutCart({ ...cartOrder, useCredit: true, paymentToken: "sim_approve", billing });
    expect(cart).toMatchObject({ status: "paid", creditUsed: "1.00", payment: { last4: "4242" } });
    // An address that is there is still checked, whoever pays.
    const blank = caller.public.entries.checkoutCart({ ...cartOrder, useCredit: true, billing: { address: " ", city: "Lincoln", postcode: "LN1 1AA" } });
    expect(await refusal(blank)).toMatchObject({ code: "BAD_REQUEST" });
  });

  it("REST POST /api/entries with useCredit: no token needed when credit pays it all; asked for one when it does not", async () => {
    const c = await createCompetition(db, { pricePence: 300 });
    const { user, token } = await createUserWithSession(db);
    await addGoodwillCredit(db, actor, user.id, "4.00", "Sorry for the delay");
    const before = payments.charges.length;

    const paid = await api.request("/api/entries", { token, body: body(c.id, { useCredit: true }) });
    expect(paid.status).toBe(201);
    expect(paid.json).toMatchObject({ status: "paid", paymentStatus: "paid", amount: "3.00" });
    expect(paid.json.ticketNumbers).toHaveLength(1);
    expect(await orderRow(paid.json.orderId)).toMatchObject({ creditPence: 300, paymentProvider: "site_credit" });
    expect(payments.charges.length).toBe(before);

    const wallet = await api.request("/api/user/wallet", { token });
    expect(wallet.status).toBe(200);
    expect(wallet.json.balance).toBe("1.00");

    const noCard = await api.request("/api/entries", { token, body: body(c.id, { useCredit: true }) });
    expect(noCard.status).toBe(400);
    expect(noCard.json).toMatchObject({ appCode: "INVALID_INPUT", message: "Enter your card details" });
    expect((await api.request("/api/user/wallet", { token })).json.balance).toBe("1.00");

    const withCard = await api.request("/api/entries", { token, body: body(c.id, { useCredit: true, paymentToken: "sim_approve" }) });
    expect(withCard.status).toBe(201);
    expect(await orderRow(withCard.json.orderId)).toMatchObject({ creditPence: 100, paymentProvider: "simulated" });
    expect(payments.charges.slice(before).map((ch) => ch.amountPence)).toEqual([200]);
    expect((await api.request("/api/user/wallet", { token })).json.balance).toBe("0.00");
  });
});
