import { describe, expect, it } from "vitest";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import { createCompetition } from "../factories/competitions";
import { createUserWithSession } from "../factories/users";
import { createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";

/** One order reference everywhere: what the receipt shows ("2A7FA99C") is what REST answers and takes. */
const db = createTestDb();
const api = await startTestServer(db, { services: { payments: new SimulatedPaymentProvider(3) } });

async function buy(token: string) {
  const c = await createCompetition(db, { pricePence: 250 });
  const res = await api.request("/api/entries", {
    token,
    body: { competitionId: c.id, customerName: "Fern Hollis", customerEmail: "fern@example.test", answer: "green", quantity: 1, paymentMethod: "card" },
  });
  expect(res.status, res.text).toBe(201);
  return res.json.orderId as string;
}

describe("an order's reference", () => {
  it("is answered with the order: the end of its id, 8 capitals, as the account and the mails show it", async () => {
    const buyer = await createUserWithSession(db);
    const id = await buy(buyer.token);
    const order = await api.request(`/api/orders/${id}`, { token: buyer.token });
    expect(order.status).toBe(200);
    expect(order.json.reference).toMatch(/^[0-9A-F]{8}$/);
    expect(id.replace(/-/g, "").toUpperCase().endsWith(order.json.reference)).toBe(true);
    const list = await api.request("/api/user/orders", { token: buyer.token });
    expect(list.json.find((o: { id: string }) => o.id === id).reference).toBe(order.json.reference);
  });

  it("opens the buyer's order in place of its id, as typed from a receipt; never someone else's", async () => {
    const buyer = await createUserWithSession(db);
    const id = await buy(buyer.token);
    const { reference } = (await api.request(`/api/orders/${id}`, { token: buyer.token })).json;

    for (const typed of [reference, reference.toLowerCase()]) {
      const byReference = await api.request(`/api/orders/${typed}`, { token: buyer.token });
      expect(byReference.status, typed).toBe(200);
      expect(byReference.json).toMatchObject({ id, reference });
    }

    const stranger = await createUserWithSession(db);
    const theirs = await api.request(`/api/orders/${reference}`, { token: stranger.token });
    expect(theirs.status).toBe(404);
    expect(theirs.json.message).toBe("Order not found");

    const admin = await createUserWithSession(db, "admin");
    const staff = await api.request(`/api/orders/${reference}`, { token: admin.token });
    expect(staff.status).toBe(200);
    expect(staff.json.id).toBe(id);
  });
});
