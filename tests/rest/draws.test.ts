import { describe, expect, it } from "vitest";
import { verifyDraw } from "../../src/shared/draw";
import { createCompetition } from "../factories/competitions";
import { createUserWithSession } from "../factories/users";
import { allowGuestCheckout, createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { closeEarlyOf } from "../helpers/close-early";
import { eq } from "drizzle-orm";
import { auditLog, competitions } from "../../db/schema";
import { first } from "../../db/client";

const db = createTestDb();
await allowGuestCheckout(db);
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

    const run = await api.request(`/api/admin/competitions/${c.id}/draw`, { token: admin.token, body: { beacon: "beacon-123", closeEarly: closeEarlyOf(c) } });
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

  it("refuses a draw before the end date with the dates, and runs it once the admin confirms closing early", async () => {
    // Sales close on Sunday 30 November 2031 at 23:59 (UK); postal entries until then; drawn live on Monday.
    const c = await createCompetition(db, { endDate: new Date("2031-11-30T23:59:00Z"), drawDate: new Date("2031-12-01T20:00:00Z") });
    const bought = await api.request("/api/entries", {
      body: { competitionId: c.id, customerName: "Early Bird", customerEmail: "early@example.test", answer: "green", quantity: 1 },
    });
    expect(bought.status).toBe(201);
    const path = `/api/admin/competitions/${c.id}/draw`;

    const early = await api.request(path, { token: admin.token, body: {} });
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ appCode: "DRAW_TOO_EARLY" });
    expect(early.json.message).toBe(
      "Sales close on Sunday 30 November at 23:59 and postal entries are accepted until then; the draw can run from then (it is set for Monday 1 December at 20:00). To draw now, close the competition early by confirming its end date, 2031-11-30.",
    );
    // Pausing sales from the dashboard does not make an early draw possible either.
    expect((await api.request(`/api/admin/competitions/${c.id}`, { method: "PUT", token: admin.token, body: { status: "closed" } })).status).toBe(200);
    const paused = await api.request(path, { token: admin.token, body: {} });
    expect(paused.json).toMatchObject({ appCode: "DRAW_TOO_EARLY" });
    expect(paused.json.message).toMatch(
      /^Sales are paused, but the competition may reopen: its page promises sales and postal entries until Sunday 30 November at 23:59; the draw can run from then/,
    );

    const wrongDate = await api.request(path, { token: admin.token, body: { closeEarly: { confirmEndDate: "2031-12-01" } } });
    expect(wrongDate.status).toBe(400);
    expect(wrongDate.json.message).toContain("2031-11-30");
    const notADate = await api.request(path, { token: admin.token, body: { closeEarly: { confirmEndDate: "Sunday" } } });
    expect(notADate.status).toBe(400);
    const row = (await first(db.select().from(competitions).where(eq(competitions.id, c.id))))!;
    expect(row.endDate.toISOString()).toBe("2031-11-30T23:59:00.000Z");
    expect((await db.select().from(auditLog).where(eq(auditLog.targetId, c.id))).filter((r) => r.action === "admin.draws.run")).toEqual([]);

    const drawn = await api.request(path, { token: admin.token, body: { closeEarly: { confirmEndDate: "2031-11-30" } } });
    expect(drawn.status).toBe(200);
    expect(drawn.json).toMatchObject({ status: "drawn", poolSize: 1 });
    const after = (await first(db.select().from(competitions).where(eq(competitions.id, c.id))))!;
    expect(after.endDate.getTime()).toBeLessThanOrEqual(Date.now());
    expect(after.drawDate.getTime()).toBe(after.endDate.getTime());
    const closed = (await db.select().from(auditLog).where(eq(auditLog.targetId, c.id))).find((r) => (r.details as { step?: string }).step === "closed early")!;
    expect(closed.details).toMatchObject({
      endDate: { before: "2031-11-30T23:59:00.000Z", after: after.endDate.toISOString() },
      drawDate: { before: "2031-12-01T20:00:00.000Z", after: after.drawDate.toISOString() },
      confirmedEndDate: "2031-11-30",
    });
  });

  it("keeps the seed secret until the draw", async () => {
    const c = await createCompetition(db);
    const res = await api.request(`/api/competitions/${c.id}/draw`);
    const seed = (await first(db.select({ seed: competitions.drawSeed }).from(competitions).where(eq(competitions.id, c.id))))!.seed;
    expect(res.text).not.toContain(seed);
    expect((await api.request(`/api/competitions/${c.id}`)).text).not.toContain(seed);
    expect((await api.request("/api/admin/competitions", { token: admin.token })).text).not.toContain(seed);
  });
});
