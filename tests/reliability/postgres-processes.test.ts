import { and, count, eq, isNotNull } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { first, type Db } from "../../db/client";
import { createPostgresDb } from "../../db/postgres-db";
import { competitions, draws, entries, orders, tickets, users, winners } from "../../db/schema";
import { CLEAN_LEDGER, ledgerProblems } from "../helpers/assertions";
import { startPostgres, type TestPostgres } from "../helpers/postgres";
import { accountWithSession, competitionOnSale } from "../helpers/shop-rows";
import { startServerProcess, type ServerProcess } from "../helpers/server-process";

// Two shop processes on one PostgreSQL (decision 015): any process serves any request, a flash sale split
// across both sells out exactly, what an admin changes on one is what the other serves within a second, a
// scheduled draw runs once, and a process killed mid-sale loses no acknowledged payment while the other sells on.

let server: TestPostgres;
let url: string;
let db: Db;
let a: ServerProcess;
let b: ServerProcess;

const account = async (role: "user" | "admin", name: string) => (await accountWithSession(db, role, name)).token;
const competition = (over: Partial<typeof competitions.$inferInsert> = {}) => competitionOnSale(db, over);

const buy = (base: string, token: string, competitionId: string, quantity: number) =>
  fetch(`${base}/api/entries`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-session-token": token },
    body: JSON.stringify({ competitionId, customerName: "Two Process", customerEmail: "two@example.test", quantity, paymentToken: "sim_approve" }),
  });

beforeAll(async () => {
  server = await startPostgres();
  url = await server.createDatabase("shop");
  // Both processes start together: they migrate and seed in turn (advisory locks), once.
  const env = { DATABASE_URL: url, SWEEP_INTERVAL_SECONDS: "1", PAYMENT_LATENCY_MS: "5", API_RATE_LIMIT_PER_SECOND: "10000", API_RATE_LIMIT_BURST: "10000" };
  [a, b] = await Promise.all([startServerProcess({ env }), startServerProcess({ env })]);
  db = createPostgresDb(new pg.Pool({ connectionString: url, max: 4 }));
}, 60_000);

afterAll(async () => {
  for (const p of [a, b]) if (p && p.proc.exitCode === null) p.proc.kill("SIGKILL");
  await db?.close();
  server?.stop();
});

describe("two shop processes on one PostgreSQL", () => {
  it("start together on an empty database and seed it once", async () => {
    const admins = await first(db.select({ n: count() }).from(users).where(eq(users.role, "admin")));
    expect(admins!.n).toBe(1);
  });

  it("sell a flash sale split across both out exactly: every number once, none over the maximum", async () => {
    const c = await competition({ maxTickets: 60 });
    const tokens = await Promise.all(Array.from({ length: 24 }, (_, i) => account("user", `Buyer${i}`)));
    const statuses: number[] = [];
    await Promise.all(
      tokens.map(async (token, i) => {
        const base = i % 2 ? a.url : b.url;
        for (let attempt = 0; attempt < 40; attempt++) {
          const res = await buy(base, token, c.id, attempt === 0 ? (i % 3) + 1 : 1);
          statuses.push(res.status);
          if (res.status === 403) return; // sold out
          if (res.status === 429) await new Promise((r) => setTimeout(r, 50)); // a payment of theirs is still in progress
        }
      }),
    );
    const row = (await first(db.select().from(competitions).where(eq(competitions.id, c.id))))!;
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(row.soldTickets).toBe(60);
    expect(row.heldTickets).toBe(0);
    const numbers = (await db.select({ n: tickets.number }).from(tickets).where(eq(tickets.competitionId, c.id))).map((t) => Number(t.n));
    expect(numbers.sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  }, 60_000);

  it("answer one purchase submitted to both at once under the same idempotency key with one order, charged once", async () => {
    const c = await competition({ maxTickets: 100 });
    const token = await account("user", "Twice");
    const submit = (base: string) =>
      fetch(`${base}/api/entries`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-session-token": token, "idempotency-key": "double-click-across-machines" },
        body: JSON.stringify({ competitionId: c.id, customerName: "Two Process", customerEmail: "two@example.test", quantity: 2, paymentToken: "sim_approve" }),
      });
    const answers = await Promise.all([submit(a.url), submit(b.url), submit(a.url), submit(b.url)]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as Array<{ orderId?: string }>;
    expect(answers.map((r) => r.status).filter((s) => s >= 500)).toEqual([]);
    const ids = new Set(bodies.map((b) => b.orderId).filter(Boolean));
    expect(ids.size).toBe(1);
    const placed = await db.select().from(entries).where(eq(entries.competitionId, c.id));
    expect(placed).toHaveLength(1);
    expect((await first(db.select().from(competitions).where(eq(competitions.id, c.id))))!.soldTickets).toBe(2);
  });

  it("serves on one what an admin changed on the other within a second", async () => {
    const c = await competition({ title: "Closed By Staff" });
    const admin = await account("admin", "Staff");
    const read = async () => ((await (await fetch(`${b.url}/api/competitions/${c.id}`)).json()) as { status: string }).status;
    expect(await read()).toBe("active"); // now in b's page cache
    const changed = await fetch(`${a.url}/api/admin/competitions/${c.id}`, {
      method: "PUT",
      headers: { "content-type": "application/json", "x-session-token": admin },
      body: JSON.stringify({ status: "closed" }),
    });
    expect(changed.status).toBe(200);
    const started = Date.now();
    let seen = await read();
    while (seen !== "closed" && Date.now() - started < 1000) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await read();
    }
    expect(seen).toBe("closed");
  });

  it("run a scheduled draw once, whichever process's timer comes first", async () => {
    const now = Date.now();
    const c = await competition({ title: "Due Draw", maxTickets: 100, numberOfWinners: 1 });
    const buyer = await account("user", "Drawn");
    expect((await buy(a.url, buyer, c.id, 3)).status).toBe(201);
    // Sales ended and the draw is due: the next lifecycle turn of either process closes, freezes and draws it.
    await db
      .update(competitions)
      .set({ endDate: new Date(now - 1000), drawDate: new Date(now - 500) })
      .where(eq(competitions.id, c.id));
    const started = Date.now();
    let drawn = await first(
      db
        .select()
        .from(draws)
        .where(and(eq(draws.competitionId, c.id), isNotNull(draws.drawnAt))),
    );
    while (!drawn && Date.now() - started < 15_000) {
      await new Promise((r) => setTimeout(r, 200));
      drawn = await first(
        db
          .select()
          .from(draws)
          .where(and(eq(draws.competitionId, c.id), isNotNull(draws.drawnAt))),
      );
    }
    expect(drawn).toBeTruthy();
    await new Promise((r) => setTimeout(r, 2500)); // both timers have ticked again since
    const named = await db.select().from(winners).where(eq(winners.competitionId, c.id));
    expect(named).toHaveLength(1);
    expect((await db.select().from(draws).where(eq(draws.competitionId, c.id))).length).toBe(1);
  }, 30_000);

  it("lose no acknowledged payment when one is killed mid-sale, while the other keeps selling", async () => {
    const c = await competition({ maxTickets: 100_000 });
    const tokens = await Promise.all(Array.from({ length: 16 }, (_, i) => account("user", `Crash${i}`)));
    const acknowledged: Array<{ orderId: string; tickets: number }> = [];
    let afterKill = 0;
    let killed = false;
    let stop = false;
    const sale = tokens.map(async (token, i) => {
      while (!stop) {
        const base = !killed && i % 2 ? a.url : b.url;
        try {
          const res = await buy(base, token, c.id, 1 + (i % 3));
          if (res.status === 201) {
            const body = (await res.json()) as { orderId: string; ticketNumbers?: string[] };
            acknowledged.push({ orderId: body.orderId, tickets: 1 + (i % 3) });
            if (killed && base === b.url) afterKill++;
          }
        } catch {
          /* the killed process's connection: the buyer tries the other */
        }
      }
    });
    await new Promise((r) => setTimeout(r, 1500));
    a.proc.kill("SIGKILL");
    killed = true;
    await a.exited;
    await new Promise((r) => setTimeout(r, 1500));
    stop = true;
    await Promise.all(sale);

    expect(acknowledged.length).toBeGreaterThan(10);
    expect(afterKill).toBeGreaterThan(5);
    for (const { orderId, tickets: n } of acknowledged) {
      const order = await first(db.select().from(orders).where(eq(orders.id, orderId)));
      expect(order?.status).toBe("paid");
      const held = await first(db.select({ n: count() }).from(tickets).innerJoin(entries, eq(entries.id, tickets.entryId)).where(eq(entries.orderId, orderId)));
      expect(held!.n).toBe(n);
    }
  }, 30_000);
});
