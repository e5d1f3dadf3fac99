import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { first as firstRow, type Db } from "../../db/client";
import { competitions, orders, refunds, users, walletEntries, type User } from "../../db/schema";
import { noopMailer } from "../../src/server/mail/mailer";
import type { CardFunding, PaymentMethod } from "../../src/server/payments/provider";
import { type SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import { createCaller } from "../../src/server/routers/_app";
import type { Actor } from "../../src/server/services/audit";
import { unitsOf } from "../../src/server/services/competitions/instant-wins";
import {
  DEFAULT_GUARD,
  handlePaymentEvent,
  HOLD_MS,
  placeOrder,
  createPurchaseGuard,
  refundOrder,
  sweepPendingOrders,
  type PlaceOrderArgs,
} from "../../src/server/services/purchase";
import { countersFor } from "../../src/server/limits";
import { ensureDefaultSettings } from "../../src/server/services/settings";
import { addGoodwillCredit, walletOf } from "../../src/server/services/wallet";
import { createContextInner } from "../../src/server/trpc/context";
import { penceToDecimal } from "../../src/shared/money";
import { campaignPayload, createCompetition } from "../factories/competitions";
import { createUser, createUserWithSession, DEFAULT_PASSWORD } from "../factories/users";
import { anonCaller, linkToken, mailsTo, registration } from "../helpers/account";
import { CLEAN_LEDGER, eventually, ledgerProblems, refusal } from "../helpers/assertions";
import { callerAs } from "../helpers/caller";
import { allowGuestCheckout, createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import {
  appCodeOf,
  creditDeps,
  creditOrderArgs,
  customerWithCredit as creditCustomer,
  neverNegative as ledgerNeverNegative,
  RecordingProvider,
  SilentProvider,
} from "../helpers/site-credit";

/**
 * An attacker's view of site credit at checkout: every way found to make credit pay twice, pay for
 * someone else, turn into card money, outlive its expiry or be skipped while tickets are still
 * given. Each test asserts the safe behaviour.
 */
const db = createTestDb();
await allowGuestCheckout(db);
// Plenty of plain competitions on sale, so the instant-win ones stay under half of the catalogue.
for (let i = 0; i < 12; i++) await createCompetition(db, { title: `Plain Attack Prize ${i}` });

const DAY = 24 * 60 * 60 * 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A provider whose card-funding look-up (a network call with Stripe: the ConfirmationToken or
 * PaymentMethod is retrieved) takes as long as the test says.
 */
class SlowFundingProvider extends RecordingProvider {
  private release: (() => void) | null = null;
  private gate: Promise<void> | null = null;
  lookups = 0;
  slowDown(): void {
    this.gate = new Promise((r) => (this.release = r));
  }
  open(): void {
    this.release?.();
  }
  override async cardFunding(method: PaymentMethod): Promise<CardFunding> {
    this.lookups++;
    if (this.gate) await this.gate;
    return super.cardFunding(method);
  }
}

const depsOf = (payments: SimulatedPaymentProvider, on: Db = db, now?: Date) => creditDeps(on, payments, now);

const admin = await createUser(db, { role: "admin" });
const actor: Actor = { id: admin.id, email: admin.email };
const REASON = "The customer asked for their money back";

const customerWithCredit = (amount: string | null, over: Partial<Parameters<typeof createUser>[1]> = {}, on: Db = db, by: Actor = actor) =>
  creditCustomer(on, by, amount, over);
const orderArgs = (buyer: User | null, competitionId: string, over: Partial<PlaceOrderArgs> = {}, quantity = 1) =>
  creditOrderArgs(buyer, competitionId, { customerName: "Rhys Owen", ...over }, quantity);

const balance = async (user: Pick<User, "id" | "email" | "emailVerified">, on: Db = db, at?: Date) => (await walletOf(on, user, at)).balance;
const walletRows = async (user: User, on: Db = db) => await on.select().from(walletEntries).where(eq(walletEntries.userId, user.id));
const ledgerSum = async (user: User, on: Db = db) => (await walletRows(user, on)).reduce((sum, r) => sum + r.amountPence, 0);
const kindSum = async (user: User, kind: string, on: Db = db) =>
  (await walletRows(user, on)).filter((r) => r.kind === kind).reduce((sum, r) => sum + r.amountPence, 0);
const competition = async (id: string, on: Db = db) => (await firstRow(on.select().from(competitions).where(eq(competitions.id, id))))!;
const orderRow = async (id: string, on: Db = db) => (await firstRow(on.select().from(orders).where(eq(orders.id, id))))!;
const ordersOf = async (user: User, on: Db = db) => await on.select().from(orders).where(eq(orders.userId, user.id));
const refundRows = async (orderId: string) => await db.select().from(refunds).where(eq(refunds.orderId, orderId));

const neverNegative = (user: User) => ledgerNeverNegative(db, user);

const PRIZES = [{ name: "£10 site credit", kind: "credit" as const, value: "10.00", count: 3 }];

async function instantCompetition(title: string) {
  const { caller } = await callerAs(db, "admin");
  return caller.admin.competitions.create(campaignPayload({ title, maxTickets: 200, pickNumbers: true, instantPrizes: PRIZES }));
}

const restPayments = new RecordingProvider(0);
const api = await startTestServer(db, { services: { payments: restPayments } });

const restBody = (competitionId: string, email: string, over: Record<string, unknown> = {}) => ({
  competitionId,
  customerName: "Rhys Owen",
  customerEmail: email,
  answer: "green",
  quantity: 1,
  entryMethod: "online",
  ...over,
});

describe("REST POST /api/entries with useCredit", () => {
  it("no token and credit that does not cover it: 400, no card charged (no sim_approve default), nothing spent or held", async () => {
    const c = await createCompetition(db, { pricePence: 500 });
    const { user, token } = await createUserWithSession(db);
    await addGoodwillCredit(db, actor, user.id, "2.00", "Sorry for the delay");
    const { user: empty, token: emptyToken } = await createUserWithSession(db);
    const before = restPayments.charges.length;

    for (const [who, t] of [
      [user, token],
      [empty, emptyToken],
    ] as const) {
      const res = await api.request("/api/entries", { token: t, body: restBody(c.id, who.email, { useCredit: true }) });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ appCode: "INVALID_INPUT", message: "Enter your card details" });
      // An empty token is no token.
      const blank = await api.request("/api/entries", { token: t, body: restBody(c.id, who.email, { useCredit: true, paymentToken: "" }) });
      expect(blank.status).toBe(400);
      expect(await ordersOf(who)).toEqual([]);
    }
    expect(restPayments.charges.length).toBe(before);
    expect(await balance(user)).toBe("2.00");
    expect((await walletRows(user)).map((r) => r.kind)).toEqual(["goodwill"]);
    expect(await competition(c.id)).toMatchObject({ soldTickets: 0, heldTickets: 0 });
  });

  it("a guest (no session) naming an account's email with useCredit spends none of that account's credit", async () => {
    const c = await createCompetition(db, { pricePence: 500 });
    const victim = await customerWithCredit("20.00", { emailVerified: true });
    const before = restPayments.charges.length;
    const noCard = await api.request("/api/entries", { body: restBody(c.id, victim.email, { useCredit: true }) });
    expect(noCard.status).toBe(400);
    expect(noCard.json).toMatchObject({ appCode: "INVALID_INPUT", message: "Enter your card details" });
    const upper = await api.request("/api/entries", { body: restBody(c.id, victim.email.toUpperCase(), { useCredit: true, paymentToken: "sim_approve" }) });
    expect(upper.status).toBe(201);
    expect(upper.json).toMatchObject({ status: "paid", amount: "5.00", creditUsed: "0.00" });
    expect(restPayments.charges.slice(before).map((ch) => ch.amountPence)).toEqual([500]);
    // The same through tRPC, signed out.
    const { caller: anon } = await callerAs(db, null);
    const direct = await anon.public.entries.checkoutDirect({
      competitionId: c.id,
      customerName: "Rhys Owen",
      customerEmail: victim.email,
      answer: "green",
      tickets: 1,
      useCredit: true,
      paymentToken: "sim_approve",
      billing: { address: "1 Mill Lane", city: "Lincoln", postcode: "LN1 1AA" },
    });
    expect(direct).toMatchObject({ status: "paid", creditUsed: "0.00" });
    expect(await balance(victim)).toBe("20.00");
    expect((await walletRows(victim)).map((r) => r.kind)).toEqual(["goodwill"]);
  });

  it('useCredit as "true", 1 or null, and extra money fields (creditPence, creditUsed, amount, totalPence) are refused; paymentAmount never lowers the price', async () => {
    const c = await createCompetition(db, { pricePence: 500 });
    const { user, token } = await createUserWithSession(db);
    await addGoodwillCredit(db, actor, user.id, "1.00", "Sorry for the delay");
    const before = restPayments.charges.length;
    const bad: Array<Record<string, unknown>> = [
      { useCredit: "true", paymentToken: "sim_approve" },
      { useCredit: 1, paymentToken: "sim_approve" },
      { useCredit: "1", paymentToken: "sim_approve" },
      { useCredit: null, paymentToken: "sim_approve" },
      { useCredit: true, creditPence: 500 },
      { useCredit: true, creditUsed: "5.00" },
      { useCredit: true, amount: "0.01", paymentToken: "sim_approve" },
      { useCredit: true, totalPence: 1, paymentToken: "sim_approve" },
      { useCredit: true, creditPence: 500, paymentToken: "sim_approve" },
    ];
    for (const over of bad) {
      const res = await api.request("/api/entries", { token, body: restBody(c.id, user.email, over) });
      expect(res.status, JSON.stringify(over)).toBe(400);
    }
    expect(restPayments.charges.length).toBe(before);
    expect(await ordersOf(user)).toEqual([]);
    expect(await balance(user)).toBe("1.00");

    // The spec's paymentAmount is accepted and ignored: the server prices the entry.
    const cheap = await api.request("/api/entries", {
      token,
      body: restBody(c.id, user.email, { useCredit: true, paymentToken: "sim_approve", paymentAmount: "0.01" }),
    });
    expect(cheap.status).toBe(201);
    expect(cheap.json).toMatchObject({ status: "paid", amount: "5.00", creditUsed: "1.00" });
    expect(restPayments.charges.slice(before).map((ch) => ch.amountPence)).toEqual([400]);
    expect(await balance(user)).toBe("0.00");

    // The tRPC checkouts are as strict.
    const { caller, user: other } = await callerAs(db, "customer");
    await addGoodwillCredit(db, actor, other!.id, "5.00", "Sorry for the delay");
    const base = {
      competitionId: c.id,
      customerName: "Rhys Owen",
      customerEmail: other!.email,
      answer: "green",
      tickets: 1,
      paymentToken: "sim_approve",
      billing: { address: "1 Mill Lane", city: "Lincoln", postcode: "LN1 1AA" },
    };
    for (const over of [{ useCredit: "true" }, { useCredit: 1 }, { useCredit: true, creditPence: 500 }, { useCredit: true, amount: "0.01" }]) {
      expect((await refusal(caller.public.entries.checkoutDirect({ ...base, ...over } as never))).code, JSON.stringify(over)).toBe("BAD_REQUEST");
    }
    expect(await balance(other!)).toBe("5.00");
    expect(await ordersOf(other!)).toEqual([]);
  });

  it("the same Idempotency-Key twice at once and again later: one order, credit spent once, the card charged once", async () => {
    const c = await createCompetition(db, { pricePence: 500 });
    const { user, token } = await createUserWithSession(db);
    await addGoodwillCredit(db, actor, user.id, "3.00", "Sorry for the delay");
    const before = restPayments.charges.length;
    const key = `credit-attack-${user.id.slice(-12)}`;
    const send = () =>
      api.request("/api/entries", {
        token,
        headers: { "idempotency-key": key },
        body: restBody(c.id, user.email, { useCredit: true, paymentToken: "sim_approve" }),
      });
    const [a, b] = await Promise.all([send(), send()]);
    const later = await send();
    const ids = new Set([a, b, later].map((r) => r.json?.orderId));
    expect(ids.size).toBe(1);
    for (const r of [a, b, later]) expect(r.json).toMatchObject({ status: "paid", creditUsed: "3.00", amount: "5.00" });
    expect(await ordersOf(user)).toHaveLength(1);
    expect(await kindSum(user, "spend")).toBe(-300);
    expect(restPayments.charges.slice(before).map((ch) => ch.amountPence)).toEqual([200]);
    expect(await balance(user)).toBe("0.00");
    // The same key with useCredit turned off answers the first order (or is refused); it never charges the card again.
    const flipped = await api.request("/api/entries", {
      token,
      headers: { "idempotency-key": key },
      body: restBody(c.id, user.email, { paymentToken: "sim_approve" }),
    });
    if (flipped.status < 300) expect(flipped.json.orderId).toBe(a.json.orderId);
    else expect(flipped.json.appCode).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(restPayments.charges.slice(before)).toHaveLength(1);
    expect(await ordersOf(user)).toHaveLength(1);
  });
});

describe("idempotency keys and useCredit", () => {
  it("a key first used without credit, then with useCredit: the first order, no credit spent; and the other way round, no card charged", async () => {
    const c = await createCompetition(db, { pricePence: 500 });
    const buyer = await customerWithCredit("10.00");
    const payments = new RecordingProvider(0);
    const cardFirst = await placeOrder(depsOf(payments), orderArgs(buyer, c.id, { idempotencyKey: "flip-key-card-first" }));
    expect(cardFirst).toMatchObject({ status: "paid", creditUsed: "0.00" });
    const replayed = await placeOrder(depsOf(payments), orderArgs(buyer, c.id, { idempotencyKey: "flip-key-card-first", useCredit: true, method: null }));
    expect(replayed.id).toBe(cardFirst.id);
    expect(replayed.creditUsed).toBe("0.00");
    expect(await balance(buyer)).toBe("10.00");

    const creditFirst = await placeOrder(depsOf(payments), orderArgs(buyer, c.id, { idempotencyKey: "flip-key-credit-first", useCredit: true, method: null }));
    expect(creditFirst).toMatchObject({ status: "paid", creditUsed: "5.00", payment: null });
    const again = await placeOrder(depsOf(payments), orderArgs(buyer, c.id, { idempotencyKey: "flip-key-credit-first" }));
    expect(again.id).toBe(creditFirst.id);
    expect(payments.charges.map((ch) => ch.amountPence)).toEqual([500]);
    expect(await balance(buyer)).toBe("5.00");
    expect(await ordersOf(buyer)).toHaveLength(2);
    expect(await kindSum(buyer, "spend")).toBe(-500);
  });

  it("a key whose part-credit order was declined: retries answer the decline, the credit came back exactly once", async () => {
    const c = await createCompetition(db, { pricePence: 500 });
    const buyer = await customerWithCredit("3.00");
    const payments = new RecordingProvider(0);
    const args = orderArgs(buyer, c.id, { useCredit: true, method: { token: "sim_decline" }, idempotencyKey: "declined-credit-key" });
    const first = await refusal(placeOrder(depsOf(payments), args));
    expect(first.code).toBe("PAYMENT_DECLINED");
    const retries = await Promise.allSettled([
      placeOrder(depsOf(payments), { ...args, method: { token: "sim_approve" } }),
      placeOrder(depsOf(payments), { ...args, useCredit: false, method: { token: "sim_approve" } }),
    ]);
    for (const r of retries) expect(r).toMatchObject({ status: "rejected", reason: { code: "PAYMENT_DECLINED" } });
    expect(await balance(buyer)).toBe("3.00");
    expect((await walletRows(buyer)).map((r) => `${r.kind} ${r.amountPence}`)).toEqual(["goodwill 300", "spend -300", "refund 300"]);
    expect(payments.charges).toHaveLength(1);
  });
});

describe("credit never turns into card money", () => {
  it("an order paid wholly by credit, refunded by an admin (in steps, then the rest): nothing to a card, then nothing more", async () => {
    const c = await createCompetition(db, { pricePence: 400 });
    const buyer = await customerWithCredit("4.00");
    const payments = new RecordingProvider(0);
    const view = await placeOrder(depsOf(payments), orderArgs(buyer, c.id, { useCredit: true, method: null }));
    expect(view).toMatchObject({ status: "paid", creditUsed: "4.00", payment: null });
    const { caller } = await callerAs(db, "admin");
    const ctxDeps = depsOf(payments);
    await refundOrder(ctxDeps, actor, { id: view.id, amount: "0.01", reason: REASON });
    const rest = await refundOrder(ctxDeps, actor, { id: view.id, reason: REASON });
    expect(rest).toMatchObject({ status: "refunded", refunded: "4.00", refundable: "0.00" });
    expect(rest.refunds.every((r) => r.to === "site_credit")).toBe(true);
    expect(payments.refunds).toEqual([]);
    expect(await balance(buyer)).toBe("4.00");
    expect(await appCodeOf(caller.admin.orders.refund({ id: view.id, amount: "0.01", reason: "One more penny, please" }))).toBe("REFUND_NOT_ALLOWED");
    // The same amount and reason as a refund already made is that refund again: it gives nothing.
    expect(await caller.admin.orders.refund({ id: view.id, amount: "0.01", reason: REASON })).toMatchObject({ status: "refunded", refunded: "4.00" });
    expect(await balance(buyer)).toBe("4.00");
    expect(await kindSum(buyer, "refund")).toBe(400);
  });

  it("a part-credit order refunded in many small steps: the card never gets back more than it paid, the rest goes to credit", async () => {
    const c = await createCompetition(db, { pricePence: 500 });
    const buyer = await customerWithCredit("3.00");
    const payments = new RecordingProvider(0);
    const deps = depsOf(payments);
    const view = await placeOrder(deps, orderArgs(buyer, c.id, { useCredit: true }));
    expect(view).toMatchObject({ status: "paid", creditUsed: "3.00" });
    expect(payments.charges.map((ch) => ch.amountPence)).toEqual([200]);
    const steps = ["0.01", "0.01", "1.97", "0.01", "0.02", "0.99", "1.00", "0.01", "0.98"];
    let reason = 0;
    for (const amount of steps) await refundOrder(deps, actor, { id: view.id, amount, reason: `${REASON} (${++reason})` });
    const after = await orderRow(view.id);
    expect(after).toMatchObject({ status: "refunded", refundedPence: 500 });
    expect(payments.refundedPence()).toBe(200);
    expect(await kindSum(buyer, "refund")).toBe(300);
    expect(await balance(buyer)).toBe("3.00");
    // Nothing more, whichever way it is asked.
    expect(await appCodeOf(refundOrder(deps, actor, { id: view.id, amount: "0.01", reason: "One more penny" }))).toBe("REFUND_NOT_ALLOWED");
    expect(await appCodeOf(refundOrder(deps, actor, { id: view.id, reason: "All of it" }))).toBe("REFUND_NOT_ALLOWED");
    expect(payments.refundedPence()).toBe(200);
    expect(await balance(buyer)).toBe("3.00");
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });

  it("two refunds of a part-credit order at once never give the card more than it paid", async () => {
    const c = await createCompetition(db, { pricePence: 500 });
    const buyer = await customerWithCredit("3.00");
    const payments = new RecordingProvider(0);
    const deps = depsOf(payments);
    const view = await placeOrder(deps, orderArgs(buyer, c.id, { useCredit: true }));
    const results = await Promise.allSettled([
      refundOrder(deps, actor, { id: view.id, amount: "2.00", reason: REASON, idempotencyKey: "two-at-once-a" }),
      refundOrder(deps, actor, { id: view.id, amount: "2.00", reason: REASON, idempotencyKey: "two-at-once-b" }),
      refundOrder(deps, actor, { id: view.id, amount: "2.00", reason: REASON, idempotencyKey: "two-at-once-c" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    expect(payments.refundedPence()).toBe(200);
    expect(await kindSum(buyer, "refund")).toBe(200);
    expect((await orderRow(view.id)).refundedPence).toBe(400);
  });

  it("the provider reports the whole card part refunded (charge.refunded) on a part-credit order: no credit comes back with it", async () => {
    const c = await createCompetition(db, { pricePence: 500 });
    const buyer = await customerWithCredit("3.00");
    const payments = new RecordingProvider(0);
    const deps = depsOf(payments);
    const view = await placeOrder(deps, orderArgs(buyer, c.id, { useCredit: true }));
    const paymentId = (await orderRow(view.id)).paymentId!;
    const event = { id: `evt_${crypto.randomUUID()}`, type: "charge.refunded" as const, paymentId, amountRefundedPence: 200, refundId: "re_dash_full" };
    expect(await handlePaymentEvent(deps, event)).toBe("refunded");
    expect(await orderRow(view.id)).toMatchObject({ status: "partially_refunded", refundedPence: 200 });
    expect(await balance(buyer)).toBe("0.00");
    // The provider retrying with a new event id adds nothing.
    expect(await handlePaymentEvent(deps, { ...event, id: `evt_${crypto.randomUUID()}` })).toBe("ignored");
    expect(await balance(buyer)).toBe("0.00");

    // An admin refunding what is left: only credit goes back, the card is not asked.
    const rest = await refundOrder(deps, actor, { id: view.id, reason: REASON });
    expect(rest).toMatchObject({ status: "refunded", refunded: "5.00" });
    expect(payments.refunds).toEqual([]);
    expect(await balance(buyer)).toBe("3.00");
    // The provider's total reported again afterwards (another event) changes nothing.
    expect(await handlePaymentEvent(deps, { ...event, id: `evt_${crypto.randomUUID()}`, refundId: null })).toBe("ignored");
    expect(await orderRow(view.id)).toMatchObject({ status: "refunded", refundedPence: 500 });
    expect(await balance(buyer)).toBe("3.00");
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });

  it("our full refund of a part-credit order, echoed by the provider under another refund id, adds nothing", async () => {
    const c = await createCompetition(db, { pricePence: 500 });
    const buyer = await customerWithCredit("3.00");
    const payments = new RecordingProvider(0);
    const deps = depsOf(payments);
    const view = await placeOrder(deps, orderArgs(buyer, c.id, { useCredit: true }));
    const paymentId = (await orderRow(view.id)).paymentId!;
    await refundOrder(deps, actor, { id: view.id, reason: REASON });
    expect(await balance(buyer)).toBe("3.00");
    expect(
      await handlePaymentEvent(deps, { id: `evt_${crypto.randomUUID()}`, type: "charge.refunded", paymentId, amountRefundedPence: 200, refundId: null }),
    ).toBe("ignored");
    expect(await orderRow(view.id)).toMatchObject({ status: "refunded", refundedPence: 500 });
    expect(await balance(buyer)).toBe("3.00");
    expect((await refundRows(view.id)).reduce((s, r) => s + r.amountPence, 0)).toBe(500);
  });
});

describe("orders that fail after credit was taken", () => {
  it("an order waiting on 3-D Secure failed by the sweep and by a late webhook at once: the credit comes back once", async () => {
    const c = await createCompetition(db, { pricePence: 500 });
    const buyer = await customerWithCredit("3.00");
    const payments = new RecordingProvider(0);
    const deps = depsOf(payments);
    const view = await placeOrder(deps, orderArgs(buyer, c.id, { useCredit: true, method: { token: "sim_3ds_required" } }));
    expect(view).toMatchObject({ status: "requires_action", creditUsed: "3.00" });
    const paymentId = (await orderRow(view.id)).paymentId!;
    await payments.authenticate(paymentId, "fail");
    await Promise.all([
      sweepPendingOrders({ db, payments, mailer: noopMailer }, new Date(Date.now() + HOLD_MS + 60_000)),
      handlePaymentEvent(deps, { id: `evt_${crypto.randomUUID()}`, type: "payment.failed", paymentId, orderId: view.id }),
      handlePaymentEvent(deps, { id: `evt_${crypto.randomUUID()}`, type: "payment.failed", paymentId, orderId: view.id }),
    ]);
    await sweepPendingOrders({ db, payments, mailer: noopMailer }, new Date(Date.now() + HOLD_MS + 120_000));
    expect((await orderRow(view.id)).status).toBe("failed");
    expect((await walletRows(buyer)).map((r) => `${r.kind} ${r.amountPence}`)).toEqual(["goodwill 300", "spend -300", "refund 300"]);
    expect(await balance(buyer)).toBe("3.00");
    expect(await competition(c.id)).toMatchObject({ soldTickets: 0, heldTickets: 0 });
  });

  it("a late approval after the sweep, reported by the payment call and a webhook at once: the card part refunded once, the credit not returned twice", async () => {
    const c = await createCompetition(db, { pricePence: 500 });
    const buyer = await customerWithCredit("3.00");
    const payments = new SilentProvider(0);
    const deps = depsOf(payments);
    const placing = refusal(placeOrder(deps, orderArgs(buyer, c.id, { useCredit: true })));
    await eventually(() => payments.charges.length === 1);
    const [pending] = await ordersOf(buyer);
    await sweepPendingOrders({ db, payments, mailer: noopMailer }, new Date(Date.now() + HOLD_MS + 60_000));
    expect((await orderRow(pending!.id)).status).toBe("failed");
    const paymentId = `sim_pi_late_${pending!.id}`;
    payments.answer({ status: "succeeded", paymentId, cardBrand: "visa", last4: "4242", funding: "debit" });
    const [placed] = await Promise.all([
      placing,
      handlePaymentEvent(deps, { id: `evt_${crypto.randomUUID()}`, type: "payment.succeeded", paymentId, orderId: pending!.id }),
    ]);
    expect(placed.code).toBe("PAYMENT_DECLINED");
    await sweepPendingOrders({ db, payments, mailer: noopMailer }, new Date(Date.now() + HOLD_MS + 120_000));
    expect(payments.refundedPence()).toBe(200);
    expect(await orderRow(pending!.id)).toMatchObject({ status: "refunded", refundedPence: 500 });
    expect((await walletRows(buyer)).map((r) => `${r.kind} ${r.amountPence}`)).toEqual(["goodwill 300", "spend -300", "refund 300"]);
    expect(await balance(buyer)).toBe("3.00");
    // Refunding it again (an admin who sees "refunded") gives nothing.
    expect(await appCodeOf(refundOrder(deps, actor, { id: pending!.id, reason: REASON }))).toBe("REFUND_NOT_ALLOWED");
    expect(await balance(buyer)).toBe("3.00");
  });

  it("credit returned by one failing order is never spent by another at an earlier time: the balance stays the sum of the ledger", async () => {
    // £5 of credit. Order B (£10: £5 credit + a card that will decline) takes the £5 and waits on its
    // card. Order A (£5, credit covers it) starts, its card-funding look-up is slow (a Stripe call).
    // B's card declines: B's £5 comes back. A's hold then spends that £5. Then the balance must be £0.
    const b10 = await createCompetition(db, { pricePence: 1000 });
    const a5 = await createCompetition(db, { pricePence: 500 });
    const buyer = await customerWithCredit("5.00");
    const silent = new SilentProvider(0);
    const slow = new SlowFundingProvider(0);
    const orderB = refusal(placeOrder(depsOf(silent), orderArgs(buyer, b10.id, { useCredit: true })));
    await eventually(() => silent.charges.length === 1);
    expect(await balance(buyer)).toBe("0.00");
    await sleep(5);
    slow.slowDown();
    const orderA = placeOrder(depsOf(slow), orderArgs(buyer, a5.id, { useCredit: true }));
    await eventually(() => slow.lookups === 1);
    await sleep(5);
    silent.answer({ status: "declined", reason: "card_declined", message: "Your card was declined." });
    expect((await orderB).code).toBe("PAYMENT_DECLINED");
    expect(await balance(buyer)).toBe("5.00");
    slow.open();
    const paidA = await orderA;
    expect(paidA).toMatchObject({ status: "paid", creditUsed: "5.00", payment: null });
    expect(slow.charges).toEqual([]);

    // £5 in, £5 (B) out, £5 back, £5 (A) out: nothing is left.
    expect(await ledgerSum(buyer)).toBe(0);
    expect(await balance(buyer)).toBe(penceToDecimal(await ledgerSum(buyer)));
    expect(await balance(buyer)).toBe("0.00");
    // So a third order with no card is asked for one, and is given no tickets.
    const third = await refusal(placeOrder(depsOf(new RecordingProvider(0)), orderArgs(buyer, a5.id, { useCredit: true, method: null })));
    expect(third).toMatchObject({ code: "INVALID_INPUT", message: "Enter your card details" });
    expect((await ordersOf(buyer)).filter((o) => o.status === "paid")).toHaveLength(1);
  });
});

describe("orders at once", () => {
  it("50 tRPC checkouts with useCredit across two competitions (card, no card, declining card): credit adds up exactly, never below zero", async () => {
    const c1 = await createCompetition(db, { pricePence: 150 });
    const c2 = await createCompetition(db, { pricePence: 250 });
    const { user, session } = await createUserWithSession(db);
    await addGoodwillCredit(db, actor, user.id, "20.00", "Sorry for the delay");
    const payments = new RecordingProvider(2);
    const guard = createPurchaseGuard(countersFor(db), {
      ...DEFAULT_GUARD,
      holdsPerBuyer: 1000,
      holdsPerAddress: 1000,
      declinesPerBuyer: 1000,
      declinesPerAddress: 1000,
      heldTicketsPerAddress: 100_000,
    });
    const caller = createCaller(createContextInner({ db, user, session, authSource: "header", services: { payments, purchaseGuard: guard } }));
    const billing = { address: "1 Mill Lane", city: "Lincoln", postcode: "LN1 1AA" };
    const tokens = ["sim_approve", undefined, "sim_decline", "sim_approve", undefined];
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        caller.public.entries.checkoutDirect({
          competitionId: i % 2 ? c2.id : c1.id,
          customerName: "Rhys Owen",
          customerEmail: user.email,
          answer: "green",
          tickets: 1 + (i % 3),
          useCredit: true,
          paymentToken: tokens[i % tokens.length],
          billing,
        }),
      ),
    );
    for (const r of results) {
      if (r.status === "fulfilled") expect(r.value.status).toBe("paid");
      else expect(["PAYMENT_DECLINED", "INVALID_INPUT"]).toContain(await appCodeOf(Promise.reject(r.reason)));
    }
    const mine = await ordersOf(user);
    const paid = mine.filter((o) => o.status === "paid");
    const failed = mine.filter((o) => o.status === "failed");
    expect(paid.length + failed.length).toBe(mine.length);
    expect(await neverNegative(user)).toBe(true);
    // Every spend is an order's credit; every failed order's credit came back once.
    expect(-(await kindSum(user, "spend"))).toBe(mine.reduce((s, o) => s + o.creditPence, 0));
    expect(await kindSum(user, "refund")).toBe(failed.reduce((s, o) => s + o.creditPence, 0));
    const spentByPaid = paid.reduce((s, o) => s + o.creditPence, 0);
    expect(spentByPaid).toBeLessThanOrEqual(2000);
    expect(await balance(user)).toBe(penceToDecimal(2000 - spentByPaid));
    expect(await balance(user)).toBe(penceToDecimal(await ledgerSum(user)));
    // Every paid order was paid in full: its credit plus what its card was charged.
    const charged = new Map(payments.charges.map((ch) => [ch.orderId, ch.amountPence]));
    for (const o of paid) expect((charged.get(o.id) ?? 0) + o.creditPence, o.id).toBe(o.totalPence);
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });
});

describe("credit that lapses (credit_expiry_days)", () => {
  const own = createTestDb();
  beforeAll(async () => {
    await ensureDefaultSettings(own);
  });
  const t0 = new Date(Date.now() - 20 * DAY);
  const at = (days: number) => new Date(t0.getTime() + days * DAY);

  async function setup(pricePence: number) {
    const { caller, user } = await callerAs(own, "admin");
    const ownActor: Actor = { id: user!.id, email: user!.email };
    const c = await createCompetition(own, {
      pricePence,
      startDate: at(-1),
      endDate: new Date(Date.now() + 600 * DAY),
      drawDate: new Date(Date.now() + 601 * DAY),
    });
    return { settingsApi: caller.admin.settings, ownActor, c };
  }

  it("a declined card does not renew credit about to lapse: £10 lapsing at day 30, an order failed at day 29, nothing left at day 31", async () => {
    const { settingsApi, ownActor, c } = await setup(1200);
    await settingsApi.update({ key: "credit_expiry_days", value: "30" });
    const buyer = await createUser(own);
    await addGoodwillCredit(own, ownActor, buyer.id, "10.00", "Sorry for the delay", t0);
    const declined = await refusal(
      placeOrder(depsOf(new RecordingProvider(0), own, at(29)), orderArgs(buyer, c.id, { useCredit: true, method: { token: "sim_decline" } })),
    );
    expect(declined.code).toBe("PAYMENT_DECLINED");
    expect(await balance(buyer, own, at(29.5))).toBe("10.00");
    // The credit was the buyer's only until day 30, whatever happened to the order.
    expect(await balance(buyer, own, at(31))).toBe("0.00");
  });

  it("switching the expiry off does not let credit already lapsing be renewed for ever by a failed order", async () => {
    const { settingsApi, ownActor, c } = await setup(1200);
    await settingsApi.update({ key: "credit_expiry_days", value: "30" });
    const buyer = await createUser(own);
    await addGoodwillCredit(own, ownActor, buyer.id, "10.00", "Sorry for the delay", t0);
    await settingsApi.update({ key: "credit_expiry_days", value: "0" });
    const declined = await refusal(
      placeOrder(depsOf(new RecordingProvider(0), own, at(29)), orderArgs(buyer, c.id, { useCredit: true, method: { token: "sim_decline" } })),
    );
    expect(declined.code).toBe("PAYMENT_DECLINED");
    expect(await balance(buyer, own, at(400))).toBe("0.00");
  });

  it("a refund gives credit back with the lapse time it had, never more than was spent: at no day is the balance above what came in", async () => {
    const { settingsApi, ownActor, c } = await setup(400);
    await settingsApi.update({ key: "credit_expiry_days", value: "30" });
    const buyer = await createUser(own);
    await addGoodwillCredit(own, ownActor, buyer.id, "10.00", "Sorry for the delay", t0);
    const view = await placeOrder(depsOf(new RecordingProvider(0), own, at(10)), orderArgs(buyer, c.id, { useCredit: true, method: null }));
    expect(view).toMatchObject({ status: "paid", creditUsed: "4.00" });
    await settingsApi.update({ key: "credit_expiry_days", value: "0" });
    const deps = depsOf(new RecordingProvider(0), own, at(29));
    await refundOrder(deps, ownActor, { id: view.id, amount: "1.00", reason: REASON });
    await refundOrder(deps, ownActor, { id: view.id, reason: REASON });
    expect(await appCodeOf(refundOrder(deps, ownActor, { id: view.id, amount: "0.01", reason: "Again" }))).toBe("REFUND_NOT_ALLOWED");
    for (let day = 0; day <= 60; day += 0.5) {
      const pence = Math.round(Number(await balance(buyer, own, at(day))) * 100);
      expect(pence, `day ${day}`).toBeLessThanOrEqual(1000);
    }
    // Before day 30 all £10 is there again; at day 30 it lapses, the £4 given back with it (switching expiry off later renews nothing).
    expect(await balance(buyer, own, at(29.5))).toBe("10.00");
    expect(await balance(buyer, own, at(31))).toBe("0.00");
    await settingsApi.update({ key: "credit_expiry_days", value: "0" });
  });
});

describe("another customer's wallet, and goodwill credit", () => {
  it("staff cannot give goodwill credit to a staff account, their own included", async () => {
    const { caller: admin, user: me } = await callerAs(db, "admin");
    const refused = await refusal(admin.admin.customers.addCredit({ id: me!.id, amount: "50.00", reason: "Treat myself" }));
    expect(refused.message).toBe("Goodwill credit is for customers: staff accounts cannot be given site credit");
    expect((await admin.admin.customers.wallet({ id: me!.id })).balance).toBe("0.00");
  });

  it("GET /api/user/wallet and customer.wallet.get show only the caller's own", async () => {
    const { user: a, token: tokenA } = await createUserWithSession(db);
    const { user: b, token: tokenB } = await createUserWithSession(db);
    await addGoodwillCredit(db, actor, a.id, "7.00", "Sorry for the delay");
    expect((await api.request("/api/user/wallet", { token: tokenA })).json.balance).toBe("7.00");
    const asB = await api.request("/api/user/wallet", { token: tokenB });
    expect(asB.status).toBe(200);
    expect(asB.json).toEqual({ balance: "0.00", owed: "0.00", entries: [] });
    expect((await api.request("/api/user/wallet")).status).toBe(401);
    expect((await api.request(`/api/user/wallet?userId=${a.id}`, { token: tokenB })).json?.balance ?? "0.00").toBe("0.00");
    // The staff routes are staff-only.
    expect((await api.request(`/api/admin/customers/${a.id}/wallet`, { token: tokenB })).status).toBe(403);
    expect((await api.request(`/api/admin/customers/${b.id}/credit`, { token: tokenB, body: { amount: "5.00", reason: "I deserve it" } })).status).toBe(403);
    expect((await api.request(`/api/admin/customers/${b.id}/credit`, { body: { amount: "5.00", reason: "I deserve it" } })).status).toBe(401);
    expect(await balance(b)).toBe("0.00");
    const { caller: anon } = await callerAs(db, null);
    expect((await refusal(anon.customer.wallet.get())).code).toBe("UNAUTHORIZED");
    const { caller: customer, user: c } = await callerAs(db, "customer");
    expect(await customer.customer.wallet.get()).toEqual({ balance: "0.00", owed: "0.00", entries: [] });
    expect((await refusal(customer.admin.customers.addCredit({ id: c!.id, amount: "5.00", reason: "I deserve it" }))).code).toBe("FORBIDDEN");
    expect((await refusal(customer.admin.customers.wallet({ id: a.id }))).code).toBe("FORBIDDEN");
    expect(await balance(c!)).toBe("0.00");
  });

  it("goodwill amounts: 0, negative, over £500, exponents and fractions of a penny are refused", async () => {
    const { caller } = await callerAs(db, "admin");
    const target = await createUser(db);
    for (const amount of [
      "0",
      "0.00",
      "00.00",
      "-5",
      "-0.01",
      "500.01",
      "1e3",
      "1E2",
      "0.001",
      "5.001",
      "NaN",
      "Infinity",
      "",
      " ",
      "0x10",
      "10000",
      "5,00",
      "£5",
    ]) {
      const code = await appCodeOf(caller.admin.customers.addCredit({ id: target.id, amount, reason: "Goodwill for testing" }));
      expect(["BAD_REQUEST", "INVALID_INPUT"], amount).toContain(code);
    }
    expect(await balance(target)).toBe("0.00");
    expect((await caller.admin.customers.addCredit({ id: target.id, amount: "500.00", reason: "Goodwill for testing" })).balance).toBe("500.00");
    expect((await caller.admin.customers.addCredit({ id: target.id, amount: " 0.01 ", reason: "Goodwill for testing" })).balance).toBe("500.01");
  });
});

describe("staff and instant wins", () => {
  it("an admin with site credit cannot spend it on an instant-win competition (STAFF_CANNOT_ENTER), and nothing is spent", async () => {
    const instant = await instantCompetition("Staff Credit Quad");
    const { caller, user: staff } = await callerAs(db, "admin");
    // Credit from before the account became staff (goodwill cannot be given to staff).
    await db.insert(walletEntries).values({ userId: staff!.id, email: staff!.email, amountPence: 2000, kind: "prize", reference: "before-staff" });
    const payments = new RecordingProvider(0);
    const byService = await refusal(
      placeOrder(depsOf(payments), {
        ...orderArgs(staff!, instant.id, { useCredit: true, method: null }),
        lines: [{ competitionId: instant.id, quantity: 1, answer: "Four" }],
      }),
    );
    expect(byService.code).toBe("STAFF_CANNOT_ENTER");
    const byCheckout = await appCodeOf(
      caller.public.entries.checkoutDirect({
        competitionId: instant.id,
        customerName: "Staff Member",
        customerEmail: staff!.email,
        answer: "Four",
        tickets: 1,
        useCredit: true,
        billing: { address: "1 Mill Lane", city: "Lincoln", postcode: "LN1 1AA" },
      }),
    );
    expect(byCheckout).toBe("STAFF_CANNOT_ENTER");
    expect(await balance(staff!)).toBe("20.00");
    expect((await walletRows(staff!)).map((r) => r.kind)).toEqual(["prize"]);
    expect(await ordersOf(staff!)).toEqual([]);
    expect(payments.charges).toEqual([]);
  });
});

describe("credit won by a guest entry, held against an email", () => {
  it("is spent once: after its account spends it and moves to another address, a new account on the old address does not get it again", async () => {
    const instant = await instantCompetition("Guest Credit Quad");
    const creditUnit = (await unitsOf(db, instant.id)).find((u) => u.kind === "credit")!;
    const ten = await createCompetition(db, { pricePence: 1000 });
    const { user: first, session } = await createUserWithSession(db);
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, first.id));
    const oldEmail = first.email;

    // A guest entry with the account's address wins £10 of credit: the verified account's.
    const guest = await placeOrder(depsOf(new RecordingProvider(0)), {
      ...orderArgs(null, instant.id, { customerEmail: oldEmail }),
      lines: [{ competitionId: instant.id, quantity: 1, answer: "Four", numbers: [creditUnit.ticketNumber] }],
    });
    expect(guest.instantWins).toMatchObject([{ kind: "credit", value: "10.00" }]);
    const verifiedFirst = { ...first, emailVerified: true };
    expect(await balance(verifiedFirst)).toBe("10.00");

    // The account spends it.
    const spent = await placeOrder(depsOf(new RecordingProvider(0)), orderArgs(verifiedFirst, ten.id, { useCredit: true, method: null }));
    expect(spent).toMatchObject({ status: "paid", creditUsed: "10.00", payment: null });
    expect(await balance(verifiedFirst)).toBe("0.00");

    // It moves to a new address (confirmed by link)...
    const me = createCaller(createContextInner({ db, user: verifiedFirst, session, authSource: "header", origin: "https://shop.example" }));
    const newEmail = `moved-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await me.customer.account.changeEmail({ newEmail, password: DEFAULT_PASSWORD });
    const changeLink = linkToken((await mailsTo(db, newEmail)).find((m) => m.kind === "email_change_confirm")!.text, "/auth/verify");
    expect(await anonCaller(db).public.auth.verifyEmail({ token: changeLink })).toMatchObject({ kind: "email_changed", email: newEmail });

    // ...and a new account is registered and verified on the old address.
    const registered = await anonCaller(db).public.auth.register(registration(oldEmail));
    const verifyLink = linkToken((await mailsTo(db, oldEmail)).find((m) => m.kind === "email_verification")!.text, "/auth/verify");
    await anonCaller(db).public.auth.verifyEmail({ token: verifyLink });
    const second = (await firstRow(db.select().from(users).where(eq(users.id, registered.user.id))))!;
    expect(second).toMatchObject({ email: oldEmail, emailVerified: true });

    // The £10 was spent already: it is nobody's to spend again.
    expect(await balance(second)).toBe("0.00");
    const again = await refusal(placeOrder(depsOf(new RecordingProvider(0)), orderArgs(second, ten.id, { useCredit: true, method: null })));
    expect(again).toMatchObject({ code: "INVALID_INPUT", message: "Enter your card details" });
    const spentOverall = (
      await db
        .select()
        .from(walletEntries)
        .where(and(eq(walletEntries.kind, "spend")))
    )
      .filter((r) => r.userId === first.id || r.userId === second.id)
      .reduce((s, r) => s - r.amountPence, 0);
    expect(spentOverall).toBeLessThanOrEqual(1000);
  });
});
