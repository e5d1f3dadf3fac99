import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first } from "../../db/client";
import { auditLog, competitions, instantPrizes } from "../../db/schema";
import { campaignPayload, createCompetition } from "../factories/competitions";
import { createUserWithSession } from "../factories/users";
import { count } from "../helpers/assertions";
import { createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";

// Issue #33 item 3: relisting a closed or drawn competition. POST /api/admin/competitions/{id}/clone
// answers a draft (nothing saved); POST /api/admin/competitions saves it as a new competition with new
// dates, no sales and new instant-win numbers and commitments; the audit log names both.

const db = createTestDb();
const api = await startTestServer(db);
const admin = await createUserWithSession(db, "admin");
const customer = await createUserWithSession(db);
// Plain competitions on sale, so that instant wins stay under half of what is on sale (the code of practice).
for (let i = 0; i < 12; i++) await createCompetition(db, { title: `Plain Prize ${i}` });
const MINUTE = 60_000;
const DAY = 86_400_000;

/** A competition made through the admin API (with instant prizes, multibuy and a question), then closed. */
async function closedCampaign(over: Record<string, unknown> = {}) {
  const made = await api.request("/api/admin/competitions", {
    token: admin.token,
    body: campaignPayload({
      title: "Relist Me Irrigation Rig",
      maxTickets: 400,
      maxTicketsPerPerson: 25,
      priceTiers: [{ minQuantity: 10, pricePerTicket: "3.00" }],
      instantPrizes: [{ name: "£10 site credit", kind: "credit", value: "10.00", count: 4 }],
      cashAlternative: "£4,000",
      rules: "One rule",
      ...over,
    }),
  });
  expect(made.status, made.text).toBe(200);
  const closed = await api.request(`/api/admin/competitions/${made.json.id}`, { method: "PUT", token: admin.token, body: { status: "closed" } });
  expect(closed.status, closed.text).toBe(200);
  return closed.json;
}

const clone = (id: string, token = admin.token) => api.request(`/api/admin/competitions/${id}/clone`, { method: "POST", token, body: {} });

describe("POST /api/admin/competitions/{id}/clone", () => {
  it("is the operator's: 401 without a session, 403 for a customer", async () => {
    const source = await closedCampaign();
    expect((await api.request(`/api/admin/competitions/${source.id}/clone`, { method: "POST", body: {} })).status).toBe(401);
    expect((await clone(source.id, customer.token)).status).toBe(403);
  });

  it("answers a draft of a closed competition: its content, prizes and settings, new dates from now, saved nowhere", async () => {
    const source = await closedCampaign();
    const before = await count(db, "competitions");
    const asked = Date.now();
    const res = await clone(source.id);
    expect(res.status, res.text).toBe(200);
    const draft = res.json;
    expect(draft).toMatchObject({
      relistOf: source.id,
      title: source.title,
      description: source.description,
      price: "3.50",
      status: "active",
      maxTickets: 400,
      maxTicketsPerPerson: 25,
      allocation: "random",
      priceTiers: [{ minQuantity: 10, pricePerTicket: "3.00" }],
      instantPrizes: [{ name: "£10 site credit", kind: "credit", value: "10.00", count: 4 }],
      cashAlternative: "£4,000",
      qualifyingQuestion: "How many sides has a square?",
      qualifyingAnswer: "Four",
      postalAddress: "PO Box 9\nYork",
      rules: "One rule",
    });
    // From now (to the minute), for as long as the original sold, with the same wait for the draw.
    const start = Date.parse(draft.startDate);
    expect(start).toBeLessThanOrEqual(asked);
    expect(start).toBeGreaterThan(asked - MINUTE - 1000);
    expect(Date.parse(draft.endDate) - start).toBe(Date.parse(source.endDate) - Date.parse(source.startDate));
    expect(Date.parse(draft.drawDate) - Date.parse(draft.endDate)).toBe(Date.parse(source.drawDate) - Date.parse(source.endDate));
    expect(draft).not.toHaveProperty("soldTickets");
    expect(draft).not.toHaveProperty("id");
    expect(await count(db, "competitions")).toBe(before);
  });

  it("refuses a competition still on sale, and one that does not exist", async () => {
    const made = await api.request("/api/admin/competitions", { token: admin.token, body: campaignPayload({ title: "Still Selling Seeder" }) });
    const active = await clone(made.json.id);
    expect(active.status).toBe(409);
    expect(active.json).toMatchObject({ appCode: "INVALID_STATE", message: "Only a closed or drawn competition can be relisted. Close it first." });
    const unknown = await clone("01900000-0000-7000-8000-000000000000");
    expect(unknown.status).toBe(404);
  });
});

describe("saving a relisted competition (POST /api/admin/competitions with relistOf)", () => {
  it("makes a new competition on sale, with no sales, new instant-win numbers and commitments, and an audit row naming both", async () => {
    const source = await closedCampaign();
    const draft = (await clone(source.id)).json;
    const saved = await api.request("/api/admin/competitions", { token: admin.token, body: { ...draft, title: "Relisted Irrigation Rig" } });
    expect(saved.status, saved.text).toBe(200);
    const relisted = saved.json;
    expect(relisted.id).not.toBe(source.id);
    expect(relisted).toMatchObject({ status: "active", soldTickets: 0, heldTickets: 0, paidEntries: 0, revenue: "0.00", title: "Relisted Irrigation Rig" });
    expect(relisted.instantPrizes).toEqual(source.instantPrizes);

    // The instant prizes are drawn again: other commitments (each salted afresh), under another root.
    const rootOf = async (id: string) =>
      (await first(db.select({ root: competitions.instantCommitmentRoot }).from(competitions).where(eq(competitions.id, id))))?.root;
    expect(await rootOf(relisted.id)).toMatch(/^[0-9a-f]{64}$/);
    expect(await rootOf(relisted.id)).not.toBe(await rootOf(source.id));
    const commitments = async (id: string) =>
      (await db.select({ c: instantPrizes.commitment }).from(instantPrizes).where(eq(instantPrizes.competitionId, id))).map((r) => r.c);
    const fresh = await commitments(relisted.id);
    expect(fresh).toHaveLength(4);
    for (const c of await commitments(source.id)) expect(fresh).not.toContain(c);

    const audit = await first(
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "admin.competitions.relist"), eq(auditLog.targetId, relisted.id))),
    );
    expect(audit?.details).toMatchObject({ relistOf: source.id, relistOfTitle: source.title, title: "Relisted Irrigation Rig" });

    // On sale to everyone; the original stays closed.
    const listed = (await api.request("/api/competitions")).json as Array<{ id: string; status: string }>;
    expect(listed.find((c) => c.id === relisted.id)?.status).toBe("active");
    expect(listed.find((c) => c.id === source.id)?.status).toBe("closed");
  });

  it("refuses to save a relisting of a competition that is on sale again, or that does not exist", async () => {
    const source = await closedCampaign({ endDate: new Date(Date.now() + 5 * DAY).toISOString() });
    const draft = (await clone(source.id)).json;
    const reopened = await api.request(`/api/admin/competitions/${source.id}`, { method: "PUT", token: admin.token, body: { status: "active" } });
    expect(reopened.status, reopened.text).toBe(200);
    const refused = await api.request("/api/admin/competitions", { token: admin.token, body: draft });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe("Only a closed or drawn competition can be relisted. Close it first.");
    const unknown = await api.request("/api/admin/competitions", { token: admin.token, body: { ...draft, relistOf: "01900000-0000-7000-8000-000000000000" } });
    expect(unknown.status).toBe(404);
  });
});
