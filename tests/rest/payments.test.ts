import { describe, expect, it } from "vitest";
import { createCompetition } from "../factories/competitions";
import { createUserWithSession } from "../factories/users";
import { count } from "../helpers/assertions";
import { allowGuestCheckout, createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";

/**
 * The payment contract as a REST client meets it over HTTP: a card that must authenticate (3-D
 * Secure) answers 202 with where to send the cardholder, the simulated bank's page takes the answer
 * at that URL, GET /api/orders/{id} says where the order stands, and admins refund through the API.
 * Every answer on /api/… is also checked against the OpenAPI document (tests/helpers/http.ts).
 */
const db = createTestDb();
await allowGuestCheckout(db);
const api = await startTestServer(db);
const admin = await createUserWithSession(db, "admin");
const REASON = "The customer asked for their money back";

const enter = (token: string | null, competitionId: string, paymentToken = "sim_approve", over: Record<string, unknown> = {}) =>
  api.request("/api/entries", {
    token,
    body: { competitionId, customerName: "Bryn Lloyd", customerEmail: "bryn@example.test", answer: "green", quantity: 2, paymentToken, ...over },
  });

/** The cardholder's answer on the bank's page, POSTed to the URL the shop gave (outside /api, as a browser form would). */
async function answerChallenge(url: string, outcome: "approve" | "fail") {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ outcome }) });
  return { status: res.status, json: await res.json() };
}

const confirmations = (email: string) => count(db, "mail_outbox", `"to" = '${email}' and subject = 'Your Harvest Draws entry is confirmed'`);

describe("a card that must authenticate", () => {
  it("cannot hoard tickets: a third order waiting on the bank is refused until one completes", async () => {
    const buyer = await createUserWithSession(db);
    const c = await createCompetition(db, { pricePence: 100, maxTickets: 100 });
    const first = await enter(buyer.token, c.id, "sim_3ds_required");
    const second = await enter(buyer.token, c.id, "sim_3ds_required");
    expect([first.status, second.status]).toEqual([202, 202]);
    const third = await enter(buyer.token, c.id, "sim_3ds_required");
    expect(third.status).toBe(429);
    expect(third.json).toMatchObject({ appCode: "RATE_LIMITED", message: expect.stringContaining("waiting for your bank's confirmation") });
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    // Completing one frees a place.
    await answerChallenge(first.json.nextAction.url, "approve");
    expect((await enter(buyer.token, c.id, "sim_approve")).status).toBe(201);
  });

  it("answers 202 with the challenge to complete, and the order is paid once the bank approves", async () => {
    const buyer = await createUserWithSession(db);
    const c = await createCompetition(db, { pricePence: 300 });
    const res = await enter(buyer.token, c.id, "sim_3ds_required");
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ status: "requires_action", paymentStatus: "pending", ticketNumbers: [], amount: "6.00" });
    const { orderId, nextAction } = res.json;
    expect(nextAction.type).toBe("redirect");
    expect(nextAction.url).toMatch(new RegExp(`^${api.origin}/payments/simulated/authenticate/sim_pi_[0-9a-f]+$`));
    const paymentId = nextAction.url.split("/").pop();

    const waiting = await api.request(`/api/orders/${orderId}`, { token: buyer.token });
    expect(waiting.status).toBe(200);
    expect(waiting.json).toMatchObject({ id: orderId, status: "requires_action", nextAction, lines: [{ ticketNumbers: [] }] });
    const page = await api.request(`/api/payments/simulated/authenticate/${paymentId}`);
    expect(page.json).toEqual({
      id: paymentId,
      orderId,
      amount: "6.00",
      currency: "GBP",
      status: "requires_action",
      returnUrl: `/checkout/complete?order=${orderId}`,
    });

    const approved = await answerChallenge(nextAction.url, "approve");
    expect(approved).toEqual({ status: 200, json: { status: "succeeded", orderId, orderStatus: "paid", returnUrl: `/checkout/complete?order=${orderId}` } });
    const paid = await api.request(`/api/orders/${orderId}`, { token: buyer.token });
    expect(paid.json).toMatchObject({
      id: orderId,
      status: "paid",
      amount: "6.00",
      currency: "GBP",
      nextAction: null,
      lines: [{ competitionId: c.id, competitionTitle: c.title, quantity: 2, amount: "6.00", ticketNumbers: ["1", "2"], status: "paid" }],
      payment: { provider: "simulated", brand: "visa", last4: "3184", funding: "debit" },
      refunds: [],
    });
    // Answering again changes nothing: one payment, one confirmation.
    expect((await answerChallenge(nextAction.url, "approve")).json).toMatchObject({ status: "succeeded", orderStatus: "paid" });
    expect(await confirmations(buyer.user.email)).toBe(1);
  });

  it("fails the order when the bank refuses, giving its numbers back", async () => {
    const buyer = await createUserWithSession(db);
    // Ten numbers, so the two held are within one buyer's share of unpaid holds (20 %); given back, they are the next ones out.
    const c = await createCompetition(db, { maxTickets: 10, allocation: "sequential" });
    const res = await enter(buyer.token, c.id, "sim_3ds_required");
    expect(res.status).toBe(202);
    const paymentId = res.json.nextAction.url.split("/").pop();
    const refused = await api.request(`/api/payments/simulated/authenticate/${paymentId}`, { body: { outcome: "fail" } });
    expect(refused.json).toMatchObject({ status: "failed", orderId: res.json.orderId, orderStatus: "failed" });
    const order = await api.request(`/api/orders/${res.json.orderId}`, { token: buyer.token });
    expect(order.json).toMatchObject({ status: "failed", nextAction: null, lines: [{ ticketNumbers: [], status: "failed" }] });
    expect(await confirmations(buyer.user.email)).toBe(0);
    const next = await enter(null, c.id, "sim_approve", { customerEmail: "next-buyer@example.test" });
    expect(next.status).toBe(201);
    expect(next.json.ticketNumbers.sort()).toEqual(["1", "2"]);
  });

  it("is never answered 201, not even to a retry with the same Idempotency-Key", async () => {
    const buyer = await createUserWithSession(db);
    const c = await createCompetition(db);
    const headers = { "idempotency-key": "three-ds-rest-0001" };
    const first = await api.request("/api/entries", {
      token: buyer.token,
      headers,
      body: { competitionId: c.id, customerName: "Bryn", customerEmail: "b@example.test", answer: "green", quantity: 1, paymentToken: "sim_3ds_required" },
    });
    const again = await api.request("/api/entries", {
      token: buyer.token,
      headers,
      body: { competitionId: c.id, customerName: "Bryn", customerEmail: "b@example.test", answer: "green", quantity: 1, paymentToken: "sim_3ds_required" },
    });
    expect([first.status, again.status]).toEqual([202, 202]);
    expect(again.json).toMatchObject({ orderId: first.json.orderId, status: "requires_action", nextAction: first.json.nextAction, ticketNumbers: [] });
  });
});

describe("the simulated provider's card form", () => {
  it("answers a token for a valid card, and 400 naming the field for an invalid one", async () => {
    const ok = await api.request("/api/payments/simulated/tokens", { body: { cardNumber: "4000 0027 6000 3184", expiryDate: "12/39", cvv: "123" } });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ token: "sim_3ds_required", brand: "visa", last4: "3184", funding: "debit" });
    const c = await createCompetition(db);
    expect((await enter(null, c.id, ok.json.token)).status).toBe(202);

    const badNumber = await api.request("/api/payments/simulated/tokens", { body: { cardNumber: "4242 4242 4242 4241", expiryDate: "12/39", cvv: "123" } });
    expect(badNumber.status).toBe(400);
    expect(badNumber.json).toMatchObject({ appCode: "INVALID_INPUT", message: "Your card number is invalid." });
    expect(badNumber.json.data.details.fieldErrors).toEqual({ cardNumber: ["Your card number is invalid."] });
    const expired = await api.request("/api/payments/simulated/tokens", { body: { cardNumber: "4242 4242 4242 4242", expiryDate: "01/20", cvv: "123" } });
    expect(expired.status).toBe(400);
    expect(Object.keys(expired.json.data.details.fieldErrors)).toEqual(["expiryDate"]);
  });

  it("says which payment form the checkout shows", async () => {
    const res = await api.request("/api/payments/config");
    expect(res.json).toEqual({ provider: "simulated", publishableKey: null, environment: null, wallets: [], statementDescriptor: "HARVEST DRAWS" });
  });
});

describe("GET /api/orders/{id} and GET /api/user/orders", () => {
  it("shows an order to its buyer and to admins only", async () => {
    const buyer = await createUserWithSession(db);
    const stranger = await createUserWithSession(db);
    const c = await createCompetition(db);
    const bought = await enter(buyer.token, c.id);
    expect(bought.status).toBe(201);
    const own = await api.request(`/api/orders/${bought.json.orderId}`, { token: buyer.token });
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ status: "paid", payment: { provider: "simulated", brand: "visa", last4: "4242", funding: "debit" } });
    const other = await api.request(`/api/orders/${bought.json.orderId}`, { token: stranger.token });
    expect(other.status).toBe(404);
    expect(other.text).not.toContain(buyer.user.email);
    expect((await api.request(`/api/orders/${bought.json.orderId}`)).status).toBe(401);
    const byAdmin = await api.request(`/api/orders/${bought.json.orderId}`, { token: admin.token });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.json).toEqual(own.json);
  });

  it("lists the customer's own orders, newest first, whatever became of them", async () => {
    const buyer = await createUserWithSession(db);
    const other = await createUserWithSession(db);
    const c = await createCompetition(db);
    const paid = await enter(buyer.token, c.id, "sim_approve");
    const declined = await enter(buyer.token, c.id, "sim_decline");
    const waiting = await enter(buyer.token, c.id, "sim_3ds_required");
    await enter(other.token, c.id, "sim_approve");
    expect([paid.status, declined.status, waiting.status]).toEqual([201, 402, 202]);
    const list = await api.request("/api/user/orders", { token: buyer.token });
    expect(list.status).toBe(200);
    expect(list.json.map((o: { id: string; status: string }) => [o.id, o.status])).toEqual([
      [waiting.json.orderId, "requires_action"],
      [declined.json.data.details.orderId, "failed"],
      [paid.json.orderId, "paid"],
    ]);
  });
});

describe("an admin's refund over REST", () => {
  it("is refused signed out (401) and to a customer (403), made for an admin (200), and made once however often it is sent", async () => {
    const buyer = await createUserWithSession(db);
    const c = await createCompetition(db, { pricePence: 250 });
    const { orderId } = (await enter(buyer.token, c.id)).json;
    const path = `/api/admin/orders/${orderId}/refund`;
    expect((await api.request(path, { body: { reason: REASON } })).status).toBe(401);
    expect((await api.request(path, { token: buyer.token, body: { reason: REASON } })).status).toBe(403);

    const [a, b] = await Promise.all([
      api.request(path, { token: admin.token, body: { reason: REASON } }),
      api.request(path, { token: admin.token, body: { reason: REASON } }),
    ]);
    // A double click: both answer the one refund.
    for (const answer of [a, b]) {
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({
        id: orderId,
        status: "refunded",
        refunded: "5.00",
        refundable: "0.00",
        refunds: [{ amount: "5.00", reason: REASON }],
      });
      expect(answer.json.refunds).toHaveLength(1);
    }
    // Sent again once it has answered (with its Idempotency-Key, or the same amount and reason): the same refund, nothing more given back.
    const repeat = await api.request(path, { token: admin.token, body: { reason: REASON } });
    expect(repeat.status).toBe(200);
    expect(repeat.json.refunds).toHaveLength(1);
    // A different refund of an order refunded in full is refused.
    const another = await api.request(path, { token: admin.token, body: { reason: "A second refund for the same order" } });
    expect(another.status).toBe(409);
    expect(another.json).toMatchObject({ appCode: "REFUND_NOT_ALLOWED", message: "This order has already been refunded in full." });
    const order = await api.request(`/api/admin/orders/${orderId}`, { token: admin.token });
    expect(order.json).toMatchObject({ status: "refunded", refunds: [{ amount: "5.00" }], customer: { userId: buyer.user.id, email: buyer.user.email } });
    expect(order.json.refunds).toHaveLength(1);
    expect(await count(db, "refunds", `order_id = '${orderId}'`)).toBe(1);
    const seen = await api.request(`/api/orders/${orderId}`, { token: buyer.token });
    expect(seen.json).toMatchObject({ status: "refunded", lines: [{ ticketNumbers: [], status: "refunded" }], refunds: [{ amount: "5.00", reason: REASON }] });
  });

  it("answers 409 for an order that is not paid", async () => {
    const buyer = await createUserWithSession(db);
    const c = await createCompetition(db);
    const waiting = await enter(buyer.token, c.id, "sim_3ds_required");
    const res = await api.request(`/api/admin/orders/${waiting.json.orderId}/refund`, { token: admin.token, body: { reason: REASON } });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ appCode: "REFUND_NOT_ALLOWED", message: "Only a paid order can be refunded." });
  });

  it("GET /api/admin/entries?orderStatus=refunded lists the entries of refunded orders only", async () => {
    const buyer = await createUserWithSession(db);
    const c = await createCompetition(db);
    const kept = (await enter(buyer.token, c.id)).json;
    const refunded = (await enter(buyer.token, c.id)).json;
    expect((await api.request(`/api/admin/orders/${refunded.orderId}/refund`, { token: admin.token, body: { reason: REASON } })).status).toBe(200);
    const res = await api.request(`/api/admin/entries?competitionId=${c.id}&orderStatus=refunded`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json.map((e: { id: string }) => e.id)).toEqual([refunded.entryId]);
    expect(res.json[0]).toMatchObject({ orderStatus: "refunded", paymentStatus: "refunded", ticketNumbers: [] });
    const all = await api.request(`/api/admin/entries?orderStatus=refunded`, { token: admin.token });
    expect(all.json.length).toBeGreaterThanOrEqual(1);
    expect(all.json.every((e: { orderStatus: string }) => e.orderStatus === "refunded")).toBe(true);
    const paid = await api.request(`/api/admin/entries?competitionId=${c.id}&orderStatus=paid`, { token: admin.token });
    expect(paid.json.map((e: { id: string }) => e.id)).toEqual([kept.entryId]);
  });
});
