import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { first, type Db } from "../../db/client";
import { createPostgresDb } from "../../db/postgres-db";
import { orders, refunds } from "../../db/schema";
import { hashPassword } from "../../src/server/auth/password";
import { startPostgres, type TestPostgres } from "../helpers/postgres";
import { accountWithSession, competitionOnSale } from "../helpers/shop-rows";
import { startServerProcess, type ServerProcess } from "../helpers/server-process";

// The limits of a shop on PostgreSQL hold across its processes (decision 015, step 5): each process
// alone would let through what is asked of it here, since every test splits its calls between two
// processes so that neither sees more than its limit. The counters are in the database, and payments
// in progress are counted from the orders, so together they refuse what one process would.

const PASSWORD = "Correct-Horse-7";
let server: TestPostgres;
let db: Db;
let a: ServerProcess;
let b: ServerProcess;
let addresses = 0;

/** A client address of its own for each test (the processes trust X-Forwarded-For), so no test spends another's budget. */
const newAddress = () => `203.0.113.${++addresses}`;

const account = async (role: "user" | "admin", name: string) => accountWithSession(db, role, name, await hashPassword(PASSWORD));
const competition = () => competitionOnSale(db, { title: "Shared Limits Baler", pricePence: 250, maxTickets: 1000 });

function call(base: string, path: string, opts: { ip: string; token?: string; body?: unknown }) {
  const headers: Record<string, string> = { "x-forwarded-for": opts.ip };
  if (opts.token) headers["x-session-token"] = opts.token;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${base}${path}`, {
    method: opts.body === undefined ? "GET" : "POST",
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
}

const purchase = (base: string, ip: string, token: string, competitionId: string, paymentToken: string) =>
  call(base, "/api/entries", {
    ip,
    token,
    body: { competitionId, customerName: "Shared Limits", customerEmail: "limits@example.test", quantity: 1, paymentToken },
  });

/** The processes in turn, A first. */
const either = (i: number) => (i % 2 === 0 ? a.url : b.url);

beforeAll(async () => {
  server = await startPostgres();
  const url = await server.createDatabase("shop");
  const env = { DATABASE_URL: url, TRUST_PROXY: "true", PAYMENT_LATENCY_MS: "5", API_RATE_LIMIT_PER_SECOND: "1", API_RATE_LIMIT_BURST: "30" };
  a = await startServerProcess({ env });
  // The second process pays slowly, so that payments are still in progress when the next order arrives.
  b = await startServerProcess({ env: { ...env, PAYMENT_LATENCY_MS: "1500" } });
  db = createPostgresDb(new pg.Pool({ connectionString: url, max: 4 }));
}, 60_000);

afterAll(async () => {
  for (const p of [a, b]) if (p && p.proc.exitCode === null) p.proc.kill("SIGKILL");
  await db?.close();
  server?.stop();
});

describe("the limits of a shop on two processes", () => {
  it("one API budget per address: 40 calls split between the processes get the burst of 30, not 40", async () => {
    const ip = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await call(either(i), "/api/categories", { ip })).status);
    const ok = statuses.filter((s) => s === 200).length;
    // 30 at once, and one more a second while the loop runs.
    expect(ok).toBeGreaterThanOrEqual(30);
    expect(ok).toBeLessThan(36);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    const refused = await call(a.url, "/api/categories", { ip });
    if (refused.status === 429) expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  }, 30_000);

  it("one form rate limit per address: the eleventh reset request in a quarter of an hour is refused, whichever process gets it", async () => {
    const ip = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await call(either(i), "/api/auth/forgot-password", { ip, body: { email: "nobody@example.test" } })).status);
    // Accepted (202) whether or not the address has an account.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(statuses.slice(10)).toEqual([429, 429]);
  }, 30_000);

  it("one sign-in throttle: wrong passwords sent to both processes in turn make the next attempt wait", async () => {
    const ip = newAddress();
    const { email } = await account("user", "Guessed");
    const statuses: number[] = [];
    const messages: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await call(either(i), "/api/auth/login", { ip, body: { email, password: `Wrong-Guess-${i}` } });
      statuses.push(res.status);
      messages.push(String(((await res.json()) as { message?: string }).message));
    }
    // Five failures are free; each process alone saw four.
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(statuses).toContain(429);
    expect(messages.find((m) => m.startsWith("Too many failed sign-in attempts"))).toMatch(/Please wait \d+ seconds? and try again\./);
    // The owner, from an address with no failures, still signs in on either process.
    const owner = await call(b.url, "/api/auth/login", { ip: newAddress(), body: { email, password: PASSWORD } });
    expect(owner.status).toBe(200);
  }, 30_000);

  it("one count of declined payments per buyer: the sixth order after five declines is refused on the other process", async () => {
    const ip = newAddress();
    const c = await competition();
    const { token } = await account("user", "Declined");
    const statuses: number[] = [];
    // Declines are answered at once on A; the slow process B answers after 1.5 s.
    for (let i = 0; i < 5; i++) statuses.push((await purchase(either(i), ip, token, c.id, "sim_decline")).status);
    expect(statuses).toEqual(Array(5).fill(402));
    const sixth = await purchase(a.url, ip, token, c.id, "sim_approve");
    expect(sixth.status).toBe(429);
    expect(((await sixth.json()) as { message: string }).message).toMatch(
      /^Too many failed payments\. Please wait \d+ minutes? before trying again, or use another card\.$/,
    );
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(500);
  }, 60_000);

  it("one count of payments in progress per buyer: a third order while two are being paid is refused, across the processes", async () => {
    const ip = newAddress();
    const c = await competition();
    const { token } = await account("user", "Hurried");
    // Two payments in progress on the slow process B, then a third order to A while they are.
    const slow = [purchase(b.url, ip, token, c.id, "sim_approve"), purchase(b.url, ip, token, c.id, "sim_approve")];
    await new Promise((r) => setTimeout(r, 500));
    const third = await purchase(a.url, ip, token, c.id, "sim_approve");
    expect(third.status).toBe(429);
    expect(((await third.json()) as { message: string }).message).toBe("You already have a payment in progress. Please wait for it to finish.");
    expect((await Promise.all(slow)).map((r) => r.status)).toEqual([201, 201]);
    // Once they are paid, the buyer may buy again, on either process.
    expect((await purchase(a.url, ip, token, c.id, "sim_approve")).status).toBe(201);
    const placed = await db.select().from(orders).where(eq(orders.clientIp, ip));
    expect(placed.map((o) => o.status)).toEqual(["paid", "paid", "paid"]);
  }, 60_000);

  it("one refund of an order at a time: the same full refund asked of both processes at once gives the money back once", async () => {
    const ip = newAddress();
    const c = await competition();
    const { token } = await account("user", "Refunded");
    const admin = await account("admin", "Operator");
    const bought = await purchase(a.url, ip, token, c.id, "sim_approve");
    expect(bought.status).toBe(201);
    const orderId = ((await bought.json()) as { orderId: string }).orderId;
    const ask = (base: string, key: string) =>
      call(base, `/api/admin/orders/${orderId}/refund`, { ip: newAddress(), token: admin.token, body: { reason: "Asked twice", idempotencyKey: key } });
    const answers = await Promise.all([ask(a.url, "refund-from-a-1"), ask(b.url, "refund-from-b-1")]);
    const statuses = answers.map((r) => r.status).sort();
    // The second in turn finds nothing left to refund.
    expect(statuses).toEqual([200, 409]);
    const order = (await first(db.select().from(orders).where(eq(orders.id, orderId))))!;
    expect(order.status).toBe("refunded");
    expect(order.refundedPence).toBe(250);
    expect(await db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
  }, 60_000);
});
