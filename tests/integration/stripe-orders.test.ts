import { afterAll, describe, expect, it } from "vitest";
import { noopMailer } from "../../src/server/mail/mailer";
import { StripePaymentProvider } from "../../src/server/payments/stripe";
import { handleStripeWebhook } from "../../src/server/payments/stripe-webhook";
import { placeOrder, refreshOrder, refundOrder } from "../../src/server/services/purchase";
import { createCompetition } from "../factories/competitions";
import { createUser } from "../factories/users";
import { CLEAN_LEDGER, count, ledgerProblems, refusal } from "../helpers/assertions";
import { allowGuestCheckout, createTestDb, sqlRows } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { startStripeStandIn } from "../helpers/stripe-stand-in";
import type { StripeEvent } from "../helpers/stripe-stand-in/webhooks";

/**
 * The shop's payment services with Stripe as the provider, offline: orders placed with
 * ConfirmationTokens against the Stripe stand-in, a real SQLite file, and Stripe's events signed
 * with the SDK's helper and handed to the shop's webhook handler (or posted to its HTTP route).
 */
const standIn = await startStripeStandIn();
afterAll(() => standIn.close());
const payments = new StripePaymentProvider(standIn.providerOptions);
const db = createTestDb();
await allowGuestCheckout(db);
const deps = { db, payments, mailer: noopMailer };

/** Stripe's event as its webhook delivers it, through the shop's handler. */
function deliver(event: StripeEvent | undefined) {
  if (!event) throw new Error("Stripe sent no such event");
  const { payload, signature } = standIn.signed(event);
  return handleStripeWebhook(deps, Buffer.from(payload), signature);
}

async function buy(
  card: string | { card: string; funding?: "debit" | "credit" },
  opts: { userId?: string; quantity?: number; pricePence?: number; useSdk?: boolean } = {},
) {
  const competition = await createCompetition(db, { maxTickets: 50, pricePence: opts.pricePence ?? 250 });
  const email = `buyer-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const order = placeOrder(deps, {
    userId: opts.userId ?? null,
    customerName: "Sam Buyer",
    customerEmail: email,
    lines: [{ competitionId: competition.id, quantity: opts.quantity ?? 2, answer: "green" }],
    method: { token: standIn.confirmationToken(card) },
    returnUrl: "https://shop.example.test/checkout/complete",
    useSdk: opts.useSdk ?? true,
  });
  return { order, competition, email };
}

async function orderRow(id: string) {
  const rows = await sqlRows<{
    status: string;
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
    "select status, payment_id, card_brand, card_last4, card_funding, refunded_pence, dispute_id, dispute_status, failure_reason from orders where id = ?",
    [id],
  );
  return rows[0]!;
}
const ticketsOf = (orderId: string) => count(db, "tickets", `entry_id in (select id from entries where order_id = '${orderId}')`);
/**
 * The ledger's invariants. A partly refunded order keeps its tickets in the draw, which the shared
 * check (ticketsWithoutPaidOrder: order status must be "paid") does not know yet.
 */
async function ledgerOf() {
  const problems = await ledgerProblems(db);
  const kept = await sqlRows<{ id: number }>(
    db,
    "select t.id from tickets t join entries e on e.id = t.entry_id join orders o on o.id = e.order_id where o.status = 'partially_refunded' and e.payment_status = 'paid'",
  );
  const keptIds = new Set(kept.map((t) => t.id));
  return { ...problems, ticketsWithoutPaidOrder: (problems.ticketsWithoutPaidOrder as Array<{ id: number }>).filter((t) => !keptIds.has(t.id)) };
}
const mailsTo = (email: string) => count(db, "mail_outbox", `"to" = '${email}'`);

/** A paid order (frictionless debit card) and its PaymentIntent. */
async function paidOrder(card = "4000056655665556") {
  const bought = await buy(card);
  const view = await bought.order;
  expect(view.status).toBe("paid");
  return { ...bought, view, pi: (await orderRow(view.id)).payment_id! };
}

describe("3D Secure orders settled by Stripe's webhook", () => {
  it("holds the numbers while the buyer authenticates, then pays the order once per event", async () => {
    const { order, email } = await buy("4000002760003184");
    const view = await order;
    const pi = (await orderRow(view.id)).payment_id!;
    expect(view).toMatchObject({
      status: "requires_action",
      nextAction: { type: "embedded", provider: "stripe", clientSecret: standIn.paymentIntent(pi).client_secret },
    });
    expect(await ticketsOf(view.id)).toBe(2);
    // Stripe reports the challenge too; the order keeps waiting.
    expect(await deliver(standIn.lastEvent("payment_intent.requires_action"))).toEqual({ status: 200, body: { received: true, outcome: "requires_action" } });

    standIn.authenticate(pi, "approve");
    const succeeded = standIn.lastEvent("payment_intent.succeeded");
    expect(await deliver(succeeded)).toEqual({ status: 200, body: { received: true, outcome: "paid" } });
    expect(await orderRow(view.id)).toMatchObject({ status: "paid", payment_id: pi, card_brand: "visa", card_last4: "3184", card_funding: "credit" });
    expect(await mailsTo(email)).toBe(1);
    // Stripe delivers an event more than once at times: the second delivery changes nothing.
    expect(await deliver(succeeded)).toEqual({ status: 200, body: { received: true, outcome: "duplicate" } });
    expect(await mailsTo(email)).toBe(1);
    expect(await ledgerOf()).toEqual(CLEAN_LEDGER);
  });

  it("settles the same whether the webhook arrives before the buyer is back (refreshOrder) or after", async () => {
    const early = await buy("4000002760003184");
    const earlyView = await early.order;
    standIn.authenticate((await orderRow(earlyView.id)).payment_id!, "approve");
    expect((await deliver(standIn.lastEvent("payment_intent.succeeded"))).body).toMatchObject({ outcome: "paid" });
    const back = await refreshOrder(deps, earlyView.id);
    expect(back).toMatchObject({ status: "paid", nextAction: null, payment: { provider: "stripe", brand: "visa", last4: "3184" } });
    expect(back.lines[0]!.ticketNumbers).toHaveLength(2);

    const late = await buy("4000002760003184");
    const lateView = await late.order;
    const pi = (await orderRow(lateView.id)).payment_id!;
    // Back from the bank before authenticating: still waiting, with what to do next.
    expect(await refreshOrder(deps, lateView.id)).toMatchObject({ status: "requires_action", nextAction: { type: "embedded", provider: "stripe" } });
    standIn.authenticate(pi, "approve");
    expect(await refreshOrder(deps, lateView.id)).toMatchObject({ status: "paid" });
    expect((await deliver(standIn.lastEvent("payment_intent.succeeded"))).body).toMatchObject({ outcome: "paid" });
    expect((await orderRow(lateView.id)).status).toBe("paid");
    expect(await Promise.all([mailsTo(early.email), mailsTo(late.email)])).toEqual([1, 1]);
    expect(await ledgerOf()).toEqual(CLEAN_LEDGER);
  });

  it("a failed challenge fails the order and gives its numbers back", async () => {
    const { order, competition } = await buy("4000002760003184");
    const view = await order;
    standIn.authenticate((await orderRow(view.id)).payment_id!, "fail");
    expect((await deliver(standIn.lastEvent("payment_intent.payment_failed"))).body).toMatchObject({ outcome: "failed" });
    expect(await orderRow(view.id)).toMatchObject({ status: "failed", failure_reason: "authentication_failed" });
    expect(await ticketsOf(view.id)).toBe(0);
    expect((await sqlRows(db, "select held_tickets, sold_tickets from competitions where id = ?", [competition.id]))[0]).toEqual({
      held_tickets: 0,
      sold_tickets: 0,
    });
  });

  it("posted to the shop's route as Stripe posts it, as the stand-in does by itself once given the shop's address", async () => {
    const server = await startTestServer(db, { services: { payments } });
    const { order } = await buy("4000002760003184");
    const view = await order;
    const pi = (await orderRow(view.id)).payment_id!;
    standIn.webhookTarget = server.url;
    try {
      standIn.authenticate(pi, "approve");
      await standIn.idle();
    } finally {
      standIn.webhookTarget = null;
    }
    expect((await orderRow(view.id)).status).toBe("paid");
    const sent = standIn.lastEvent("payment_intent.succeeded")!;
    expect(standIn.webhooks.deliveries.get(sent.id)).toEqual([expect.objectContaining({ status: 200 })]);

    // A forged event (a changed body, or signed with another secret) is refused and changes nothing.
    const { payload, signature } = standIn.signed("payment_intent.succeeded", pi);
    const post = (body: string, sig: string) =>
      fetch(`${server.url}/api/payments/stripe/webhook`, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": sig }, body });
    const tampered = await post(payload.replace(`"amount": 500`, `"amount": 1`), signature);
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toEqual({ message: "Invalid signature", code: "BAD_REQUEST" });
    expect((await post(payload, standIn.signed(JSON.parse(payload) as StripeEvent, undefined, "whsec_not_ours").signature)).status).toBe(400);
    expect((await post(payload, "")).status).toBe(400);
    expect((await post(payload, signature)).status).toBe(200);
  });
});

describe("frictionless payments and Stripe's webhooks", () => {
  it("a decline fails the order with Stripe's reason", async () => {
    const { order } = await buy("4000000000009995");
    const refused = await refusal(order);
    expect(refused).toMatchObject({ code: "PAYMENT_DECLINED", details: { reason: "insufficient_funds" } });
    expect(await orderRow(refused.details!.orderId as string)).toMatchObject({ status: "failed", failure_reason: "insufficient_funds" });
  });

  it("a webhook that overtakes the charge's own answer neither refunds nor fails the order", async () => {
    standIn.webhookTarget = async ({ payload, signature }) => handleStripeWebhook(deps, Buffer.from(payload), signature);
    standIn.slowAnswers = [{ method: "POST", path: "/v1/payment_intents", ms: 300 }];
    try {
      const { order, email } = await buy("4000056655665556");
      const view = await order;
      await standIn.idle();
      expect(view.status).toBe("paid");
      const pi = (await orderRow(view.id)).payment_id!;
      expect(standIn.charges.refundsOf(standIn.paymentIntent(pi).latest_charge as string)).toEqual([]);
      expect(await orderRow(view.id)).toMatchObject({ status: "paid", refunded_pence: 0 });
      expect(await mailsTo(email)).toBe(1);
      // The event was processed (after the shop's own answer settled the order), not dropped.
      const reported = standIn.lastEvent("payment_intent.succeeded")!;
      expect(reported.data.object).toMatchObject({ id: pi });
      expect(standIn.webhooks.deliveries.get(reported.id)).toEqual([
        expect.objectContaining({ status: 200, body: expect.stringContaining('"outcome":"paid"') }),
      ]);
    } finally {
      standIn.webhookTarget = null;
      standIn.slowAnswers = [];
    }
  });

  it("a payment whose answer was lost is refunded when Stripe reports it, the order having failed meanwhile", async () => {
    // The charge runs at Stripe but its answer (and the SDK's retry's) never arrives.
    standIn.failNext({ method: "POST", path: "/v1/payment_intents", status: 0, when: "after", times: 2 });
    const { order } = await buy("4000056655665556");
    const refused = await refusal(order);
    const orderId = refused.details!.orderId as string;
    expect(await orderRow(orderId)).toMatchObject({ status: "failed", payment_id: null });
    const pi = [...standIn.ledger.paymentIntents.values()].find((i) => i.metadata.orderId === orderId)!;
    expect((await deliver(standIn.lastEvent("payment_intent.succeeded"))).body).toMatchObject({ outcome: "gone" });
    expect(standIn.charges.refundsOf(pi.latest_charge!)).toEqual([expect.objectContaining({ amount: 500 })]);
    expect(await orderRow(orderId)).toMatchObject({ status: "refunded", payment_id: pi.id, refunded_pence: 500 });
    expect(await ledgerOf()).toEqual(CLEAN_LEDGER);
  });
});

describe("refunds and disputes reported by Stripe", () => {
  it("records a refund made in Stripe's dashboard once, and a full one voids the tickets", async () => {
    const { view, pi, competition } = await paidOrder();
    standIn.refund(pi, 200);
    const partial = standIn.lastEvent("charge.refunded")!;
    expect((await deliver(partial)).body).toMatchObject({ outcome: "refunded" });
    expect((await deliver(partial)).body).toMatchObject({ outcome: "duplicate" });
    expect(await orderRow(view.id)).toMatchObject({ status: "partially_refunded", refunded_pence: 200 });
    expect(await ticketsOf(view.id)).toBe(2);

    standIn.refund(pi);
    expect((await deliver(standIn.lastEvent("charge.refunded"))).body).toMatchObject({ outcome: "refunded" });
    expect(await orderRow(view.id)).toMatchObject({ status: "refunded", refunded_pence: 500 });
    expect(await count(db, "refunds", `order_id = '${view.id}'`)).toBe(2);
    expect(await ticketsOf(view.id)).toBe(0);
    expect((await sqlRows(db, "select sold_tickets from competitions where id = ?", [competition.id]))[0]).toEqual({ sold_tickets: 0 });
    expect(await ledgerOf()).toEqual(CLEAN_LEDGER);
  });

  it("a refund the shop made is not counted again when Stripe reports it", async () => {
    const { view } = await paidOrder();
    const admin = await createUser(db, { role: "admin" });
    await refundOrder(deps, { id: admin.id, email: admin.email }, { id: view.id, amount: "1.50", reason: "Asked by the customer" });
    expect((await deliver(standIn.lastEvent("charge.refunded"))).body).toMatchObject({ outcome: "ignored" });
    expect(await orderRow(view.id)).toMatchObject({ status: "partially_refunded", refunded_pence: 150 });
    expect(await count(db, "refunds", `order_id = '${view.id}'`)).toBe(1);
  });

  it.each(["included", "expandable"] as const)(
    "a refund the shop made, reported by Stripe before the shop's answer is back, is recorded once (charge refunds %s)",
    async (shape) => {
      const { view } = await paidOrder();
      const admin = await createUser(db, { role: "admin" });
      standIn.charges.chargeRefunds = shape;
      standIn.webhookTarget = async ({ payload, signature }) => handleStripeWebhook(deps, Buffer.from(payload), signature);
      standIn.slowAnswers = [{ method: "POST", path: "/v1/refunds", ms: 300 }];
      try {
        await refundOrder(deps, { id: admin.id, email: admin.email }, { id: view.id, amount: "1.50", reason: "Asked by the customer" });
        await standIn.idle();
      } finally {
        standIn.charges.chargeRefunds = "included";
        standIn.webhookTarget = null;
        standIn.slowAnswers = [];
      }
      const reported = standIn.lastEvent("charge.refunded")!;
      expect(standIn.webhooks.deliveries.get(reported.id)).toEqual([
        expect.objectContaining({ status: 200, body: expect.stringContaining('"outcome":"refunded"') }),
      ]);
      expect(await orderRow(view.id)).toMatchObject({ status: "partially_refunded", refunded_pence: 150 });
      expect(await count(db, "refunds", `order_id = '${view.id}'`)).toBe(1);
    },
  );

  it("a dispute marks the order, takes its tickets out of the open draw and tells the admins; its close is recorded", async () => {
    const admin = await createUser(db, { role: "admin" });
    // Test card 4000 0000 0000 0259 is paid, then disputed as fraudulent by the cardholder's bank.
    const { view, pi, competition } = await paidOrder("4000000000000259");
    const created = standIn.lastEvent("charge.dispute.created")!;
    expect(created.data.object).toMatchObject({ payment_intent: pi, status: "needs_response", reason: "fraudulent", amount: 500 });
    expect((await deliver(created)).body).toMatchObject({ outcome: "disputed" });
    expect(await orderRow(view.id)).toMatchObject({ status: "disputed", dispute_id: created.data.object.id, dispute_status: "needs_response" });
    expect(await ticketsOf(view.id)).toBe(0);
    expect(await sqlRows(db, "select payment_status from entries where order_id = ?", [view.id])).toEqual([{ payment_status: "disputed" }]);
    expect((await sqlRows(db, "select sold_tickets from competitions where id = ?", [competition.id]))[0]).toEqual({ sold_tickets: 0 });
    expect(await count(db, "notifications", `user_id = '${admin.id}' and title = 'A payment was disputed'`)).toBe(1);
    expect((await deliver(created)).body).toMatchObject({ outcome: "duplicate" });

    standIn.closeDispute(pi, "won");
    expect((await deliver(standIn.lastEvent("charge.dispute.closed"))).body).toMatchObject({ outcome: "dispute closed" });
    expect(await orderRow(view.id)).toMatchObject({ status: "disputed", dispute_status: "won" });
    expect(await ledgerOf()).toEqual(CLEAN_LEDGER);
  });
});

describe("the credit card cap", () => {
  it("refuses a credit card over £250 a month before any PaymentIntent is made; a debit card may pay", async () => {
    const user = await createUser(db);
    const intents = standIn.calls("POST", "/v1/payment_intents").length;
    const { order } = await buy("5555555555554444", { userId: user.id, quantity: 6, pricePence: 5_000 });
    expect(await refusal(order)).toMatchObject({ code: "CREDIT_CARD_LIMIT", message: expect.stringContaining("limited to £250.00 a month") });
    expect(standIn.calls("GET").filter((c) => c.path.startsWith("/v1/confirmation_tokens/")).length).toBeGreaterThan(0);
    expect(standIn.calls("POST", "/v1/payment_intents")).toHaveLength(intents);

    const debit = await buy("5200828282828210", { userId: user.id, quantity: 6, pricePence: 5_000 });
    expect(await debit.order).toMatchObject({ status: "paid", payment: { funding: "debit" } });
  });
});
