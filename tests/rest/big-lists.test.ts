import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { competitions, entries } from "../../db/schema";
import { customerExport } from "../../src/shared/schemas/account";
import { createCompetition } from "../factories/competitions";
import { createUserWithSession } from "../factories/users";
import { createTestDb, sqlRun, TEST_ENGINE } from "../helpers/db";
import { startTestServer } from "../helpers/http";

/*
 * Issue #28 item 6: lists and exports past SQLite's 32,766-variable limit and past the old
 * 100,000-row cut of the live-draw CSV. The rows are written straight into the database (a purchase
 * each would take minutes). The big downloads are read with a plain fetch: the OpenAPI check of the
 * test helper would parse tens of megabytes; the small answers go through it.
 */
/**
 * `orders` paid orders of one ticket each (numbers 1, 2, …), a minute apart up to now, as
 * scripts/bench/big-shop.mjs writes them into SQLite's file: here in plain SQL on either engine, a
 * thousand rows a statement, each time as its column stores it.
 */
async function fillPaidOrders(db: Db, { userId, email, competitionId, orders: n }: { userId: string; email: string; competitionId: string; orders: number }) {
  const now = Date.now();
  const name = "Long Customer";
  const BATCH = 1000;
  for (let start = 0; start < n; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, n - start) }, (_, k) => ({
      orderId: randomUUID(),
      entryId: randomUUID(),
      at: entries.entryDate.mapToDriverValue(new Date(now - (n - start - k) * 60_000)),
      number: String(start + k + 1),
    }));
    const values = (row: string) => rows.map(() => row).join(", ");
    await sqlRun(
      db,
      `insert into orders (id, user_id, customer_name, customer_email, status, total_pence, payment_provider, payment_id, created_at, updated_at) values ${values("(?, ?, ?, ?, 'paid', 100, 'simulated', ?, ?, ?)")}`,
      rows.flatMap((r) => [r.orderId, userId, name, email, `bench_${r.orderId}`, r.at, r.at]),
    );
    await sqlRun(
      db,
      `insert into entries (id, competition_id, order_id, user_id, customer_name, customer_email, answer, ticket_count, amount_pence, payment_status, entry_method, created_at) values ${values("(?, ?, ?, ?, ?, ?, 'green', 1, 100, 'paid', 'online', ?)")}`,
      rows.flatMap((r) => [r.entryId, competitionId, r.orderId, userId, name, email, r.at]),
    );
    await sqlRun(
      db,
      `insert into tickets (competition_id, entry_id, number, created_at) values ${values("(?, ?, ?, ?)")}`,
      rows.flatMap((r) => [competitionId, r.entryId, r.number, r.at]),
    );
  }
  await db
    .update(competitions)
    .set({ soldTickets: sql`${competitions.soldTickets} + ${n}` })
    .where(eq(competitions.id, competitionId));
  // A shop that grew to this size has its statistics (PostgreSQL's autovacuum analyses a table as it
  // grows; db:to-postgres analyses what it copied): rows written all at once here get theirs now.
  if (TEST_ENGINE === "postgres") await sqlRun(db, "ANALYZE", []);
}

const db = createTestDb();
const api = await startTestServer(db);
const admin = await createUserWithSession(db, "admin");
const live = await createCompetition(db, { title: "Live Draw Quad Bike", maxTickets: null });
const other = await createCompetition(db, { title: "Other Harrow", maxTickets: null });
// The customer of the live-draw competition: 100,010 entries.
const regular = await createUserWithSession(db);
await fillPaidOrders(db, { userId: regular.user.id, email: regular.user.email, competitionId: live.id, orders: 100_010 });
// Another customer with 33,000 entries of another competition.
const collector = await createUserWithSession(db);
await fillPaidOrders(db, { userId: collector.user.id, email: collector.user.email, competitionId: other.id, orders: 33_000 });

/** The big downloads take seconds on a quiet machine; a shared one running other suites may take many more. */
const BIG = { timeout: 120_000 };
const get = (path: string, token: string) => fetch(`${api.url}/api${path}`, { headers: { "x-session-token": token } });

describe("lists past 32,766 entries are paged", () => {
  it("GET /api/user/entries without a page is the newest 1,000, with the total and a link to the pages", async () => {
    const res = await api.request("/api/user/entries", { token: collector.token });
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(1000);
    expect(res.headers.get("x-total-count")).toBe("33000");
    expect(res.headers.get("link")).toBe('</api/user/entries?page=1&pageSize=100>; rel="first"');
    const dates = res.json.map((e: { entryDate: string }) => Date.parse(e.entryDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(res.json[0].ticketNumbers).toEqual(["33000"]);
  });

  it("GET /api/user/entries?page=&pageSize= answers { items, page, pageSize, total, active }, newest first, no entry twice", async () => {
    const first = await api.request("/api/user/entries?page=1&pageSize=100", { token: collector.token });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ page: 1, pageSize: 100, total: 33_000, active: 33_000 });
    const last = await api.request("/api/user/entries?page=330&pageSize=100", { token: collector.token });
    expect(last.json.items).toHaveLength(100);
    expect(last.json.items.at(-1).ticketNumbers).toEqual(["1"]);
    const second = await api.request("/api/user/entries?page=2&pageSize=100", { token: collector.token });
    const ids = new Set([...first.json.items, ...second.json.items].map((e: { id: string }) => e.id));
    expect(ids.size).toBe(200);
    expect(second.json.items[0].ticketNumbers).toEqual(["32900"]);
    const beyond = await api.request("/api/user/entries?page=331&pageSize=100", { token: collector.token });
    expect(beyond.json).toMatchObject({ items: [], total: 33_000 });
  });

  it("refuses a page larger than 100 with the field named", async () => {
    const res = await api.request("/api/user/entries?page=1&pageSize=101", { token: collector.token });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json.issues)).toContain("pageSize");
  });
});

describe("a customer with 33,000 orders", () => {
  it("GET /api/user/orders without a page is the newest 200, with the total and a link to the pages", async () => {
    const res = await api.request("/api/user/orders", { token: collector.token });
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(200);
    expect(res.headers.get("x-total-count")).toBe("33000");
    expect(res.headers.get("link")).toBe('</api/user/orders?page=1&pageSize=50>; rel="first"');
    expect(res.json[0].lines[0].ticketNumbers).toEqual(["33000"]);
    expect(res.json[199].lines[0].ticketNumbers).toEqual(["32801"]);
  });

  it("GET /api/user/orders?page=&pageSize= answers { items, page, pageSize, total }, newest first, no order twice, to the very first", async () => {
    const first = await api.request("/api/user/orders?page=1&pageSize=50", { token: collector.token });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ page: 1, pageSize: 50, total: 33_000 });
    const second = await api.request("/api/user/orders?page=2&pageSize=50", { token: collector.token });
    expect(new Set([...first.json.items, ...second.json.items].map((o: { id: string }) => o.id)).size).toBe(100);
    expect(second.json.items[0].lines[0].ticketNumbers).toEqual(["32950"]);
    const last = await api.request("/api/user/orders?page=660&pageSize=50", { token: collector.token });
    expect(last.json.items).toHaveLength(50);
    expect(last.json.items.at(-1).lines[0].ticketNumbers).toEqual(["1"]);
    expect((await api.request("/api/user/orders?page=661&pageSize=50", { token: collector.token })).json).toMatchObject({ items: [], total: 33_000 });
    const tooBig = await api.request("/api/user/orders?page=1&pageSize=51", { token: collector.token });
    expect(tooBig.status).toBe(400);
    expect(JSON.stringify(tooBig.json)).toContain("pageSize");
  });

  it("the customer record (GET /api/admin/customers/{id}) answers with the newest 200 orders and 1,000 entries", async () => {
    const res = await api.request(`/api/admin/customers/${collector.user.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json.orders).toHaveLength(200);
    expect(res.json.orders[0].lines[0].ticketNumbers).toEqual(["33000"]);
    expect(res.json.entries).toHaveLength(1000);
    expect(res.json.entries[999].ticketNumbers).toEqual(["32001"]);
  });

  it("finds the oldest of 33,000 orders by the reference its buyer quotes, for the buyer and for an admin", async () => {
    const oldest = (await api.request("/api/user/orders?page=660&pageSize=50", { token: collector.token })).json.items.at(-1);
    const own = await api.request(`/api/orders/${oldest.reference}`, { token: collector.token });
    expect(own.status).toBe(200);
    expect(own.json.id).toBe(oldest.id);
    const typed = await api.request(`/api/orders/${oldest.reference.toLowerCase()}`, { token: admin.token });
    expect(typed.json.id).toBe(oldest.id);
    expect((await api.request(`/api/orders/${oldest.reference}`, { token: regular.token })).status).toBe(404);
  });
});

describe("exports past 32,766 and 100,000 entries are complete", BIG, () => {
  it("GET /api/user/export streams every order and entry as one JSON document", async () => {
    const res = await get("/user/export", collector.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="harvest-draws-my-data.json"');
    const data = customerExport.parse(await res.json());
    expect(data.entries).toHaveLength(33_000);
    expect(data.orders).toHaveLength(33_000);
    expect(new Set(data.entries.map((e) => e.id)).size).toBe(33_000);
    expect(data.entries[0]!.ticketNumbers).toEqual(["33000"]);
    expect(data.entries.at(-1)!.ticketNumbers).toEqual(["1"]);
    expect(data.profile.email).toBe(collector.user.email);
  });

  it("the live-draw CSV (GET /api/admin/entries/export) has a row for every one of 100,010 tickets", async () => {
    const res = await get(`/admin/entries/export?competitionId=${live.id}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await res.text()).trimEnd().split("\n");
    expect(lines[0]).toBe("Ticket,Competition,Name,Email,Method,Payment,Amount,Entry date,Entry id");
    expect(lines).toHaveLength(1 + 100_010);
    const tickets = new Set(lines.slice(1).map((line) => line.split(",")[0]));
    expect(tickets.size).toBe(100_010);
    expect(tickets.has("1") && tickets.has("100010")).toBe(true);
    expect(lines[1]!.startsWith("100010,Live Draw Quad Bike,")).toBe(true);
  });

  it("the whole shop's export, with a filter, counts every match", async () => {
    const res = await get(`/admin/entries/export?search=${encodeURIComponent(collector.user.email)}`, admin.token);
    expect((await res.text()).trimEnd().split("\n")).toHaveLength(1 + 33_000);
  });

  it("the health check is answered while an export of 100,010 rows is being written", async () => {
    let exportDoneAt = 0;
    const download = get(`/admin/entries/export?competitionId=${live.id}`, admin.token)
      .then((res) => res.text())
      .then((text) => {
        exportDoneAt = performance.now();
        return text;
      });
    // Wait until the export has started answering, then ask for the health report.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const health = await fetch(`${api.url}/api/health`);
    const healthAt = performance.now();
    expect([200, 503]).toContain(health.status);
    expect(exportDoneAt).toBe(0);
    const text = await download;
    expect(healthAt).toBeLessThan(exportDoneAt);
    expect(text.trimEnd().split("\n")).toHaveLength(1 + 100_010);
  });

  it("exports are the admins': a customer is refused 403, nobody signed in 401", async () => {
    expect((await api.request("/api/admin/entries/export", { token: regular.token })).status).toBe(403);
    expect((await api.request("/api/admin/entries/export")).status).toBe(401);
    expect((await api.request("/api/user/export")).status).toBe(401);
  });
});
