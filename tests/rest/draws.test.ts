import { describe, expect, it } from "vitest";
import { verifyDraw } from "../../src/shared/draw";
import { createCompetition } from "../factories/competitions";
import { createUserWithSession } from "../factories/users";
import { allowGuestCheckout, createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";

const db = createTestDb();
allowGuestCheckout(db);
const api = await startTestServer(db);
const admin = await createUserWithSession(db, "admin");

describe("draw REST paths", () => {
  it("records postal entries, runs the draw and publishes a record that verifies", async () => {
    const c = await createCompetition(db);
    const empty = await api.request(`/api/competitions/${c.id}/draw`);
    expect(empty.json).toMatchObject({
      competitionId: c.id,
      status: "active",
      seed: null,
      pool: null,
      poolHash: null,
      beacon: null,
      winners: [],
      drawnAt: null,
    });
    expect(empty.json.commitment).toMatch(/^[0-9a-f]{64}$/);

    const bought = await api.request("/api/entries", {
      body: { competitionId: c.id, customerName: "Paid Person", customerEmail: "paid@example.test", answer: "green", quantity: 2 },
    });
    expect(bought.status).toBe(201);
    const post = await api.request(`/api/admin/competitions/${c.id}/postal-entries`, {
      token: admin.token,
      body: {
        customerName: "Post Person",
        customerEmail: "post@example.test",
        address: "Farm\nVillage",
        receivedAt: new Date().toISOString(),
        postalReference: "PC-0001",
        answer: "Green",
        dateOfBirth: "1961-02-03",
      },
    });
    expect(post.status).toBe(200);
    expect(post.json.ticketNumbers).toEqual(["3"]);
    const list = await api.request(`/api/admin/competitions/${c.id}/postal-entries`, { token: admin.token });
    expect(list.json.map((e: { postalReference: string }) => e.postalReference)).toEqual(["PC-0001"]);

    const run = await api.request(`/api/admin/competitions/${c.id}/draw`, { token: admin.token, body: { beacon: "beacon-123" } });
    expect(run.status).toBe(200);
    const record = (await api.request(`/api/competitions/${c.id}/draw`)).json;
    expect(record).toMatchObject({ status: "drawn", poolSize: 3, beacon: "beacon-123" });
    expect(record.pool.map((p: { ticketNumber: string }) => p.ticketNumber)).toEqual(["1", "2", "3"]);
    expect(JSON.stringify(record)).not.toContain("@example.test");
    expect(record.pool[2].name).toBe("P*** P*****");
    expect((await verifyDraw({ ...record, pool: record.pool.map((p: { ticketNumber: string }) => p.ticketNumber) })).ok).toBe(true);

    const again = await api.request(`/api/admin/competitions/${c.id}/draw`, { token: admin.token, body: {} });
    expect(again.status).toBe(409);
    const late = await api.request(`/api/admin/competitions/${c.id}/postal-entries`, {
      token: admin.token,
      body: {
        customerName: "Late",
        customerEmail: "late@example.test",
        address: "x",
        receivedAt: new Date().toISOString(),
        postalReference: "PC-0002",
        answer: "green",
        dateOfBirth: "1961-02-03",
      },
    });
    expect(late.status).toBe(403);
  });

  it("keeps the seed secret until the draw", async () => {
    const c = await createCompetition(db);
    const res = await api.request(`/api/competitions/${c.id}/draw`);
    const seed = (db.$client.prepare("select draw_seed from competitions where id = ?").get(c.id) as { draw_seed: string }).draw_seed;
    expect(res.text).not.toContain(seed);
    expect((await api.request(`/api/competitions/${c.id}`)).text).not.toContain(seed);
    expect((await api.request("/api/admin/competitions", { token: admin.token })).text).not.toContain(seed);
  });
});
