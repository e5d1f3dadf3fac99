import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import pg from "pg";
import { createDb, first, type Db } from "../../db/client";
import { createPostgresDb, poolOf } from "../../db/postgres-db";
import { competitions, entries, mailOutbox, orders, paymentEvents, refunds } from "../../db/schema";
import { noopMailer } from "../../src/server/mail/mailer";
import type { PaymentEvent, PaymentProvider } from "../../src/server/payments/provider";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import { sqliteSimulatedStore } from "../../src/server/payments/simulated-store";
import {
  handlePaymentEvent,
  loadOrderView,
  placeOrder,
  refreshOrder,
  sweepPendingOrders,
  type OrderDeps,
  type PlaceOrderArgs,
} from "../../src/server/services/purchase";
import { createCompetition } from "../factories/competitions";
import { count, ledgerProblems, refusal } from "../helpers/assertions";
import { allowGuestCheckout, createTestDb } from "../helpers/db";

/**
 * An order's life with the simulated provider (README, "What each order status means"): paid at
 * once, declined, or held while the buyer answers their bank's 3-D Secure challenge, then settled
 * exactly once from the provider's record, whichever of its report and the buyer's return comes first.
 */
/** A second connection to the test's database, as a restarted shop opens it. */
function reopen(db: Db): Db {
  if (db.engine === "sqlite") return createDb(db.$client.name);
  return createPostgresDb(new pg.Pool({ connectionString: poolOf(db)!.options.connectionString, max: 2 }));
}

const db = createTestDb();
await allowGuestCheckout(db);
const store = sqliteSimulatedStore(db);
const payments = new SimulatedPaymentProvider({ store });
const deps: OrderDeps = { db, payments, mailer: noopMailer };
// The provider's reports are kept, so each test delivers them (or not) when it wants, as a webhook would arrive.
const reported: PaymentEvent[] = [];
payments.onEvent(async (event) => reported.push(event));
const SHOP = "https://shop.example";
const MINUTE = 60_000;
/** The ledger adds up. Orders left waiting on their bank hold tickets, so ticketsWithoutPaidOrder is not asked here. */
const BALANCED = { soldMismatch: [], heldMismatch: [], oversold: [], duplicates: [], paidWithoutTickets: [], failedWithTickets: [], voidedWithTickets: [] };

function args(competitionId: string, token: string, over: Partial<PlaceOrderArgs> = {}): PlaceOrderArgs {
  return {
    userId: null,
    customerName: "Tegan Price",
    customerEmail: `tegan-${crypto.randomUUID().slice(0, 8)}@example.test`,
    lines: [{ competitionId, quantity: 2, answer: "green" }],
    method: { token },
    returnUrl: `${SHOP}/checkout/complete`,
    ...over,
  };
}

const competition = async (id: string) => (await first(db.select().from(competitions).where(eq(competitions.id, id))))!;
const order = async (id: string) => (await first(db.select().from(orders).where(eq(orders.id, id))))!;
const confirmations = async (email: string) =>
  (
    await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, "Your Harvest Draws entry is confirmed")))
  ).length;

/** Answers the bank's challenge and hands back the report the provider sent about it. */
async function answer(paymentId: string, outcome: "approve" | "fail", provider = payments): Promise<PaymentEvent> {
  const before = reported.length;
  await provider.authenticate(paymentId, outcome);
  expect(reported).toHaveLength(before + 1);
  return reported.at(-1)!;
}

/** An order that waits on its buyer's bank: its id, payment id and buyer. */
async function authenticating(competitionId: string, over: Partial<PlaceOrderArgs> = {}, options: Partial<OrderDeps> = {}) {
  const a = args(competitionId, "sim_3ds_required", over);
  const view = await placeOrder({ ...deps, ...options }, a);
  expect(view.status).toBe("requires_action");
  return { view, orderId: view.id, paymentId: (await order(view.id)).paymentId!, email: a.customerEmail };
}

describe("a card that needs no authentication", () => {
  it("is paid at once: numbers sold, card shown, one confirmation", async () => {
    const c = await createCompetition(db, { maxTickets: 10 });
    const a = args(c.id, "sim_approve");
    const view = await placeOrder(deps, a);
    expect(view).toMatchObject({ status: "paid", nextAction: null, payment: { provider: "simulated", brand: "visa", last4: "4242", funding: "debit" } });
    expect(view.lines[0]!.ticketNumbers).toEqual(["1", "2"]);
    expect(await competition(c.id)).toMatchObject({ soldTickets: 2, heldTickets: 0 });
    expect(await confirmations(a.customerEmail)).toBe(1);
  });

  it("declined: the order fails, nothing is sold and the numbers go to the next buyer", async () => {
    const c = await createCompetition(db, { maxTickets: 2 });
    const a = args(c.id, "sim_decline");
    const err = await refusal(placeOrder(deps, a));
    expect(err).toMatchObject({ code: "PAYMENT_DECLINED", details: { paymentStatus: "failed", reason: "card_declined" } });
    const failed = await loadOrderView(db, String(err.details!.orderId));
    expect(failed).toMatchObject({ status: "failed", lines: [{ ticketNumbers: [], status: "failed" }] });
    expect(await competition(c.id)).toMatchObject({ soldTickets: 0, heldTickets: 0 });
    expect(await confirmations(a.customerEmail)).toBe(0);
    const next = await placeOrder(deps, args(c.id, "sim_approve"));
    expect(next.lines[0]!.ticketNumbers.sort()).toEqual(["1", "2"]);
  });
});

describe("a card that must authenticate (3-D Secure)", () => {
  it("keeps its hold and shows no numbers while the buyer answers their bank", async () => {
    const c = await createCompetition(db, { maxTickets: 2 });
    const { view, orderId, paymentId, email } = await authenticating(c.id);
    expect(view.nextAction).toEqual({ type: "redirect", url: `${SHOP}/payments/simulated/authenticate/${paymentId}` });
    expect(view.lines[0]).toMatchObject({ ticketNumbers: [], status: "pending" });
    expect(await order(orderId)).toMatchObject({ status: "requires_action", paymentProvider: "simulated" });
    // The numbers are held for this buyer: nobody else can take them meanwhile.
    expect(await competition(c.id)).toMatchObject({ heldTickets: 2, soldTickets: 0 });
    expect(await count(db, "tickets", `entry_id = '${view.lines[0]!.entryId}'`)).toBe(2);
    expect((await refusal(placeOrder(deps, args(c.id, "sim_approve", { lines: [{ competitionId: c.id, quantity: 1, answer: "green" }] })))).code).toBe(
      "SOLD_OUT",
    );
    // Looking again while the challenge is open changes nothing and still says where to go.
    expect(await refreshOrder(deps, orderId)).toMatchObject({ status: "requires_action", nextAction: view.nextAction, lines: [{ ticketNumbers: [] }] });
    expect((await competition(c.id)).heldTickets).toBe(2);
    expect(await confirmations(email)).toBe(0);
    expect(await ledgerProblems(db)).toMatchObject(BALANCED);
  });

  it("approved by the bank: paid exactly once, with one confirmation", async () => {
    const c = await createCompetition(db, { maxTickets: 10 });
    const { orderId, paymentId, email } = await authenticating(c.id);
    const event = await answer(paymentId, "approve");
    expect(event).toMatchObject({ type: "payment.succeeded", paymentId, orderId });
    expect(await handlePaymentEvent(deps, event)).toBe("paid");
    const paid = await refreshOrder(deps, orderId);
    expect(paid).toMatchObject({ status: "paid", nextAction: null, payment: { provider: "simulated", brand: "visa", last4: "3184", funding: "debit" } });
    expect(paid.lines[0]!.ticketNumbers).toEqual(["1", "2"]);
    expect(await competition(c.id)).toMatchObject({ soldTickets: 2, heldTickets: 0 });
    // The bank answering again, and the provider reporting again, change nothing.
    expect((await payments.authenticate(paymentId, "approve"))?.status).toBe("succeeded");
    await handlePaymentEvent(deps, { ...event, id: `${event.id}-again` });
    expect(await competition(c.id)).toMatchObject({ soldTickets: 2, heldTickets: 0 });
    expect(await confirmations(email)).toBe(1);
    expect(await ledgerProblems(db)).toMatchObject(BALANCED);
  });

  it("refused by the bank: the order fails and its numbers go back on sale", async () => {
    const c = await createCompetition(db, { maxTickets: 2 });
    const { orderId, paymentId, email } = await authenticating(c.id);
    const event = await answer(paymentId, "fail");
    expect(event.type).toBe("payment.failed");
    expect(await handlePaymentEvent(deps, event)).toBe("failed");
    expect(await order(orderId)).toMatchObject({ status: "failed", failureReason: "authentication_failed" });
    expect(await refreshOrder(deps, orderId)).toMatchObject({ status: "failed", lines: [{ ticketNumbers: [], status: "failed" }] });
    expect(await competition(c.id)).toMatchObject({ soldTickets: 0, heldTickets: 0 });
    expect(await confirmations(email)).toBe(0);
    const next = await placeOrder(deps, args(c.id, "sim_approve"));
    expect(next.lines[0]!.ticketNumbers.sort()).toEqual(["1", "2"]);
  });

  it.each([
    ["the provider's report first, then the buyer's return", "event-first"],
    ["the buyer's return first, then the provider's report", "return-first"],
    ["both at once", "together"],
  ])("settles once with %s", async (_, order) => {
    const c = await createCompetition(db, { maxTickets: 10 });
    const { orderId, paymentId, email } = await authenticating(c.id);
    const event = await answer(paymentId, "approve");
    if (order === "event-first") {
      await handlePaymentEvent(deps, event);
      await refreshOrder(deps, orderId);
    } else if (order === "return-first") {
      await refreshOrder(deps, orderId);
      await handlePaymentEvent(deps, event);
    } else {
      await Promise.all([handlePaymentEvent(deps, event), refreshOrder(deps, orderId), refreshOrder(deps, orderId)]);
    }
    expect(await loadOrderView(db, orderId)).toMatchObject({ status: "paid", lines: [{ ticketNumbers: ["1", "2"] }] });
    expect(await competition(c.id)).toMatchObject({ soldTickets: 2, heldTickets: 0 });
    expect(await confirmations(email)).toBe(1);
    expect(await ledgerProblems(db)).toMatchObject(BALANCED);
  });

  it("processes a report delivered twice (the same event id) once", async () => {
    const c = await createCompetition(db);
    const { orderId, paymentId, email } = await authenticating(c.id);
    const event = await answer(paymentId, "approve");
    expect(await handlePaymentEvent(deps, event)).toBe("paid");
    expect(await handlePaymentEvent(deps, event)).toBe("duplicate");
    expect(await db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toHaveLength(1);
    expect((await order(orderId)).status).toBe("paid");
    expect(await confirmations(email)).toBe(1);
  });

  it("is replayed with the same next action when the buyer submits again with the same idempotency key", async () => {
    const c = await createCompetition(db, { maxTickets: 10 });
    const a = args(c.id, "sim_3ds_required", { idempotencyKey: "three-ds-retry-0001" });
    const first = await placeOrder(deps, a);
    const again = await placeOrder(deps, a);
    expect(first.status).toBe("requires_action");
    expect(again).toMatchObject({ id: first.id, status: "requires_action", lines: [{ ticketNumbers: [] }] });
    expect(again.nextAction).toEqual(first.nextAction);
    // One order, one hold, one payment at the provider.
    expect(await db.select().from(orders).where(eq(orders.customerEmail, a.customerEmail))).toHaveLength(1);
    expect((await competition(c.id)).heldTickets).toBe(2);
    expect(await count(db, "simulated_payments", `order_id = '${first.id}'`)).toBe(1);
  });
});

describe("a challenge nobody answers in time", () => {
  it("is cancelled at the bank when its hold expires: the order fails, and a late approval is refused", async () => {
    const c = await createCompetition(db, { maxTickets: 2 });
    // A hold of half a minute, so the sweep a minute from now finds this order expired and no other.
    const { orderId, paymentId, email } = await authenticating(c.id, {}, { holdMs: 30_000 });
    const swept = await sweepPendingOrders({ db, payments, mailer: noopMailer }, new Date(Date.now() + MINUTE));
    expect(swept).toEqual({ settled: 0, failed: 1 });
    expect(await order(orderId)).toMatchObject({ status: "failed", failureReason: "authentication not completed in time" });
    expect((await payments.challenge(paymentId))?.status).toBe("canceled");
    expect(await competition(c.id)).toMatchObject({ soldTickets: 0, heldTickets: 0 });
    // The buyer finishes the challenge after all: the bank no longer takes it, so no money moves.
    const before = reported.length;
    expect((await payments.authenticate(paymentId, "approve"))?.status).toBe("canceled");
    expect(reported).toHaveLength(before);
    expect(await refreshOrder(deps, orderId)).toMatchObject({ status: "failed", refunds: [] });
    expect(await confirmations(email)).toBe(0);
    expect(await ledgerProblems(db)).toMatchObject(BALANCED);
  });

  it("approved after the shop gave up on it: the money is refunded and the order says so", async () => {
    const c = await createCompetition(db, { maxTickets: 2, pricePence: 250, startDate: new Date(Date.now() - 3 * 24 * 60 * MINUTE) });
    // The hold ended a day ago and the provider could not be asked since: the sweep gives the numbers back without cancelling.
    const longAgo = new Date(Date.now() - 25 * 60 * MINUTE);
    const { orderId, paymentId, email } = await authenticating(c.id, {}, { now: () => longAgo });
    const down = async (): Promise<never> => {
      throw new Error("provider unreachable");
    };
    const unreachable: PaymentProvider = { name: "simulated", cardFunding: down, charge: down, retrieve: down, cancel: down, refund: down, lookup: down };
    expect(await sweepPendingOrders({ db, payments: unreachable, mailer: noopMailer })).toEqual({ settled: 0, failed: 1 });
    expect((await order(orderId)).status).toBe("failed");
    const resold = await placeOrder(deps, args(c.id, "sim_approve"));
    expect(resold.lines[0]!.ticketNumbers.sort()).toEqual(["1", "2"]);

    const event = await answer(paymentId, "approve");
    await handlePaymentEvent(deps, event);
    const view = await refreshOrder(deps, orderId);
    expect(view).toMatchObject({
      status: "refunded",
      lines: [{ ticketNumbers: [] }],
      refunds: [{ amount: "5.00", reason: "Paid after its tickets were released" }],
    });
    expect(await order(orderId)).toMatchObject({ refundedPence: 500, paymentId });
    // The next buyer keeps the numbers; the late buyer is told their money went back, and gets no confirmation.
    expect((await loadOrderView(db, resold.id)).lines[0]!.ticketNumbers.sort()).toEqual(["1", "2"]);
    expect(await competition(c.id)).toMatchObject({ soldTickets: 2, heldTickets: 0 });
    expect(await confirmations(email)).toBe(0);
    expect((await db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).map((m) => m.subject)).toEqual(["Your refund of £5.00 from Harvest Draws"]);
    // Reported again (a new event id), it is not refunded twice.
    await handlePaymentEvent(deps, { ...event, id: `${event.id}-again` });
    expect(await db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
    expect(await ledgerProblems(db)).toMatchObject(BALANCED);
  });
});

describe("a restart of the shop", () => {
  it("keeps a challenge in progress: a new provider over the same database completes and settles it", async () => {
    const c = await createCompetition(db, { maxTickets: 10 });
    const { orderId, paymentId, email } = await authenticating(c.id);
    // The restarted process: its own connection to the database, its own provider, nothing in memory.
    const reopened = reopen(db);
    try {
      const restarted = new SimulatedPaymentProvider({ store: sqliteSimulatedStore(reopened) });
      const after: OrderDeps = { db: reopened, payments: restarted, mailer: noopMailer };
      restarted.onEvent((event) => handlePaymentEvent(after, event));
      expect(await restarted.challenge(paymentId)).toMatchObject({ orderId, status: "requires_action" });
      expect(await restarted.retrieve(paymentId)).toMatchObject({ status: "requires_action" });
      expect((await restarted.authenticate(paymentId, "approve"))?.status).toBe("succeeded");
      expect(await refreshOrder(after, orderId)).toMatchObject({ status: "paid", lines: [{ ticketNumbers: ["1", "2"] }] });
    } finally {
      await reopened.close();
    }
    expect((await order(orderId)).status).toBe("paid");
    expect(await competition(c.id)).toMatchObject({ soldTickets: 2, heldTickets: 0 });
    expect(await confirmations(email)).toBe(1);
    expect((await first(db.select().from(entries).where(eq(entries.orderId, orderId)).limit(1)))!.paymentStatus).toBe("paid");
    expect(await count(db, "tickets", `competition_id = '${c.id}'`)).toBe(2);
  });
});
