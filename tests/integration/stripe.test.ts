import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { StripePaymentProvider } from "../../src/server/payments/stripe";

/**
 * The Stripe adapter, offline: a loopback stand-in answers the PaymentIntents API the way Stripe's
 * documentation shows, and webhook signatures are made with the SDK's own test helper.
 */
const requests: Array<{ path: string; body: URLSearchParams; idempotencyKey: string | undefined }> = [];
const api = createServer((req, res) => {
  let raw = "";
  req.on("data", (c) => (raw += c));
  req.on("end", () => {
    const body = new URLSearchParams(raw);
    requests.push({ path: req.url ?? "", body, idempotencyKey: req.headers["idempotency-key"] as string | undefined });
    res.setHeader("content-type", "application/json");
    if (req.url === "/v1/payment_intents" && body.get("payment_method") === "pm_card_chargeDeclinedInsufficientFunds") {
      res.statusCode = 402;
      res.end(
        JSON.stringify({
          error: { type: "card_error", code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." },
        }),
      );
      return;
    }
    if (req.url === "/v1/payment_intents") {
      res.end(
        JSON.stringify({
          id: "pi_test_123",
          object: "payment_intent",
          status: "succeeded",
          amount: Number(body.get("amount")),
          currency: body.get("currency"),
          payment_method: { id: body.get("payment_method"), object: "payment_method", card: { brand: "visa", last4: "4242", funding: "credit" } },
        }),
      );
      return;
    }
    if (req.url === "/v1/refunds") {
      res.end(JSON.stringify({ id: "re_1", object: "refund", status: "succeeded" }));
      return;
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ error: { type: "invalid_request_error", message: "not found" } }));
  });
});
await new Promise<void>((r) => api.listen(0, "127.0.0.1", r));
afterAll(() => new Promise<void>((r) => api.close(() => r())));
const port = (api.address() as AddressInfo).port;

const provider = new StripePaymentProvider({ secretKey: "sk_test_offline", webhookSecret: "whsec_offline_secret", host: "127.0.0.1", port, protocol: "http" });

const charge = (token: string) =>
  provider.charge({
    amountPence: 1497,
    currency: "gbp",
    orderId: "order-1",
    idempotencyKey: "order-1",
    description: "test",
    email: "a@example.test",
    method: { kind: "token", token },
  });

describe("StripePaymentProvider", () => {
  it("creates and confirms a PaymentIntent in pence with the order as idempotency key", async () => {
    const result = await charge("pm_card_visa");
    expect(result).toEqual({ status: "succeeded", paymentId: "pi_test_123", cardBrand: "visa", last4: "4242", funding: "credit" });
    const sent = requests.find((r) => r.path === "/v1/payment_intents")!;
    expect(sent.body.get("amount")).toBe("1497");
    expect(sent.body.get("currency")).toBe("gbp");
    expect(sent.body.get("confirm")).toBe("true");
    expect(sent.body.get("metadata[orderId]")).toBe("order-1");
    expect(sent.idempotencyKey).toBe("order-1");
  });

  it("maps a card error to a decline with its reason", async () => {
    const result = await charge("pm_card_chargeDeclinedInsufficientFunds");
    expect(result).toMatchObject({ status: "declined", reason: "insufficient_funds" });
  });

  it("refuses raw card numbers: the browser must tokenise them", async () => {
    const result = await provider.charge({
      amountPence: 100,
      currency: "gbp",
      orderId: "o",
      idempotencyKey: "o",
      description: "d",
      email: "e@example.test",
      method: { kind: "card", number: "4242424242424242", expiry: "12/39", cvc: "123", name: "N" },
    });
    expect(result.status).toBe("error");
  });

  it("verifies webhook signatures made with the signing secret and rejects others", () => {
    const payload = JSON.stringify({ id: "evt_1", object: "event", type: "payment_intent.succeeded", data: { object: { id: "pi_test_123" } } });
    const header = provider.stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_offline_secret" });
    expect(provider.verifyWebhook(payload, header).type).toBe("payment_intent.succeeded");
    const forged = provider.stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    expect(() => provider.verifyWebhook(payload, forged)).toThrow();
    expect(() => provider.verifyWebhook(payload.replace("succeeded", "canceled"), header)).toThrow();
  });
});

describe("POST /api/payments/stripe/webhook", async () => {
  const { allowGuestCheckout, createTestDb } = await import("../helpers/db");
  const { startTestServer } = await import("../helpers/http");
  const { createCompetition } = await import("../factories/competitions");
  const { placeOrder } = await import("../../src/server/services/purchase");
  const { noopMailer } = await import("../../src/server/mail/mailer");
  const { ledgerProblems } = await import("../helpers/assertions");
  const db = createTestDb();
  allowGuestCheckout(db);
  const server = await startTestServer(db, { services: { payments: provider } });

  it("settles an order whose payment answer never arrived, and ignores forged events", async () => {
    const c = await createCompetition(db, { maxTickets: 10 });
    // A charge that never answers leaves the order pending, as a crash would.
    const stuck = {
      name: "stuck",
      charge: () => new Promise<never>(() => {}),
      refund: async () => {},
      cardFunding: async () => "debit" as const,
      lookup: async () => null,
    };
    void placeOrder(
      { db, payments: stuck, mailer: noopMailer },
      {
        userId: null,
        customerName: "W H",
        customerEmail: "wh@example.test",
        lines: [{ competitionId: c.id, quantity: 2, answer: "green" }],
        method: { kind: "token", token: "pm_x" },
      },
    );
    await db.groupCommit.flush();
    const order = db.$client.prepare("select id, status from orders where customer_email = 'wh@example.test'").get() as { id: string; status: string };
    expect(order.status).toBe("pending");

    const payload = JSON.stringify({
      id: "evt_2",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { id: "pi_hook_1", object: "payment_intent", metadata: { orderId: order.id } } },
    });
    const forged = await server.request("/api/payments/stripe/webhook", {
      method: "POST",
      rawBody: payload,
      headers: {
        "content-type": "application/json",
        "stripe-signature": provider.stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_wrong" }),
      },
    });
    expect(forged.status).toBe(400);
    expect((db.$client.prepare("select status from orders where id = ?").get(order.id) as { status: string }).status).toBe("pending");

    const genuine = await server.request("/api/payments/stripe/webhook", {
      method: "POST",
      rawBody: payload,
      headers: {
        "content-type": "application/json",
        "stripe-signature": provider.stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_offline_secret" }),
      },
    });
    expect(genuine.status).toBe(200);
    expect(genuine.json).toMatchObject({ received: true, outcome: "paid" });
    expect(db.$client.prepare("select status, payment_id from orders where id = ?").get(order.id)).toEqual({ status: "paid", payment_id: "pi_hook_1" });
    expect(ledgerProblems(db)).toMatchObject({ soldMismatch: [], heldMismatch: [], paidWithoutTickets: [] });
  });
});
