import { describe, expect, it } from "vitest";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import { createCompetition } from "../factories/competitions";
import { CLEAN_LEDGER, ledgerProblems } from "../helpers/assertions";
import { allowGuestCheckout, createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";

const db = createTestDb();
await allowGuestCheckout(db);
const api = await startTestServer(db, { services: { payments: new SimulatedPaymentProvider(0) } });

const entry = (competitionId: string, over: Record<string, unknown> = {}) => ({
  competitionId,
  customerName: "Nia Price",
  customerEmail: `nia-${crypto.randomUUID().slice(0, 6)}@example.test`,
  answer: "green",
  ...over,
});

describe("choosing numbers over REST", () => {
  it("POST /api/entries takes `numbers` (the quantity when absent) and answers them as the ticket numbers", async () => {
    const c = await createCompetition(db, { allocation: "random", pickNumbers: true, maxTickets: 1000 });
    const res = await api.request("/api/entries", { body: entry(c.id, { numbers: ["17", "342"] }) });
    expect(res.status).toBe(201);
    expect(res.json.ticketNumbers.sort()).toEqual(["17", "342"]);
    const wrongCount = await api.request("/api/entries", { body: entry(c.id, { numbers: ["18"], quantity: 2 }) });
    expect(wrongCount.status).toBe(400);
    expect(wrongCount.json.message).toBe("Choose one number per ticket");
    const notNumbers = await api.request("/api/entries", { body: entry(c.id, { numbers: ["seventeen"] }) });
    expect(notNumbers.status).toBe(400);
    const asNumbers = await api.request("/api/entries", { body: entry(c.id, { numbers: [17] }) });
    expect(asNumbers.status).toBe(400);
  });

  it("answers 409 NUMBERS_TAKEN with the lost numbers and free ones nearby", async () => {
    const c = await createCompetition(db, { allocation: "random", pickNumbers: true, maxTickets: 1000 });
    expect((await api.request("/api/entries", { body: entry(c.id, { numbers: ["500"] }) })).status).toBe(201);
    const res = await api.request("/api/entries", { body: entry(c.id, { numbers: ["500", "600"] }) });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      appCode: "NUMBERS_TAKEN",
      message: "Ticket #500 has just been taken by another buyer. Please choose another number.",
      data: { details: { lost: ["500"], nearby: ["497", "498", "499", "501", "502", "503"] } },
    });
    expect(await ledgerProblems(db)).toMatchObject(CLEAN_LEDGER);
  });

  it("refuses `numbers` with 400 where the competition hands numbers out itself", async () => {
    const c = await createCompetition(db, { allocation: "random", maxTickets: 1000 });
    const res = await api.request("/api/entries", { body: entry(c.id, { numbers: ["7"] }) });
    expect(res.status).toBe(400);
    expect(res.json.appCode).toBe("NUMBERS_NOT_ALLOWED");
  });
});

describe("GET /api/competitions/{id}/numbers", () => {
  it("answers sold and held ranges, cacheable for a second", async () => {
    const c = await createCompetition(db, { allocation: "random", pickNumbers: true, maxTickets: 250 });
    await api.request("/api/entries", { body: entry(c.id, { numbers: ["1", "2", "3", "9"] }) });
    const res = await api.request(`/api/competitions/${c.id}/numbers?from=1&to=100`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=1");
    expect(res.json).toEqual({
      competitionId: c.id,
      from: 1,
      to: 100,
      maxTickets: 250,
      pickNumbers: true,
      sold: [
        [1, 3],
        [9, 9],
      ],
      held: [],
    });
    // The default range is the first thousand, clipped to the maximum.
    expect((await api.request(`/api/competitions/${c.id}/numbers`)).json).toMatchObject({ from: 1, to: 250 });
  });

  it("refuses a range over 1,000 numbers, one outside 1..max, and a competition without a limit; 404 for an unknown id", async () => {
    const c = await createCompetition(db, { allocation: "random", pickNumbers: true, maxTickets: 5000 });
    expect((await api.request(`/api/competitions/${c.id}/numbers?from=1&to=2000`)).json.message).toBe("At most 1,000 numbers at a time");
    expect((await api.request(`/api/competitions/${c.id}/numbers?from=6000`)).status).toBe(400);
    expect((await api.request(`/api/competitions/${c.id}/numbers?from=0`)).status).toBe(400);
    expect((await api.request(`/api/competitions/${c.id}/numbers?from=x`)).status).toBe(400);
    const open = await createCompetition(db, { maxTickets: null });
    expect((await api.request(`/api/competitions/${open.id}/numbers`)).status).toBe(400);
    expect((await api.request(`/api/competitions/nope/numbers`)).status).toBe(404);
  });
});
