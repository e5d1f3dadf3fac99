import { and, eq } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it, onTestFinished } from "vitest";
import { createDb, first, type Db } from "../../db/client";
import { createPostgresDb, poolOf } from "../../db/postgres-db";
import { orders } from "../../db/schema";
import { noopMailer } from "../../src/server/mail/mailer";
import type { ChargeRequest, ChargeResult, PaymentProvider, RefundRequest } from "../../src/server/payments/provider";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import { sweepPendingOrders } from "../../src/server/services/purchase";
import { createCompetition } from "../factories/competitions";
import { createUserWithSession } from "../factories/users";
import { count, eventually, ledgerProblems } from "../helpers/assertions";
import { createTestDb, sqlRun } from "../helpers/db";
import { startTestServer } from "../helpers/http";

/** A provider whose answers the test releases by hand, and which can run a step just before answering. */
class ControlledProvider implements PaymentProvider {
  readonly name = "controlled";
  private readonly inner = new SimulatedPaymentProvider(0);
  private waiting: Array<() => void> = [];
  hold = false;
  beforeAnswer: (() => Promise<void>) | null = null;
  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (this.hold) await new Promise<void>((resolve) => this.waiting.push(resolve));
    const result = await this.inner.charge(request);
    await this.beforeAnswer?.();
    return result;
  }
  releaseAll() {
    for (const r of this.waiting.splice(0)) r();
  }
  cardFunding = (m: Parameters<PaymentProvider["cardFunding"]>[0]) => this.inner.cardFunding(m);
  refund = (r: RefundRequest) => this.inner.refund(r);
  retrieve = (paymentId: string) => this.inner.retrieve(paymentId);
  cancel = (paymentId: string) => this.inner.cancel(paymentId);
  lookup = (orderId: string) => this.inner.lookup(orderId);
}

/** A second connection to the test's database, as a restarted shop opens it. */
function reopen(db: Db): Db {
  if (db.engine === "sqlite") return createDb(db.$client.name);
  return createPostgresDb(new pg.Pool({ connectionString: poolOf(db)!.options.connectionString, max: 2 }));
}

/**
 * Every write refused from now on (`on`) or allowed again, as when the disk fills: SQLite's query_only,
 * or on PostgreSQL a trigger on every table that raises the server's own "disk full" error.
 */
async function refuseWrites(db: Db, on: boolean): Promise<void> {
  if (db.engine === "sqlite") {
    await sqlRun(db, `pragma query_only = ${on ? "ON" : "OFF"}`);
    return;
  }
  if (!on) {
    await sqlRun(db, "drop function if exists test_disk_full() cascade");
    return;
  }
  await sqlRun(
    db,
    "create function test_disk_full() returns trigger language plpgsql as $$ begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$",
  );
  await sqlRun(
    db,
    "do $$ declare t text; begin for t in select tablename from pg_tables where schemaname = 'public' loop execute format('create trigger test_disk_full before insert or update or delete on %I for each statement execute function test_disk_full()', t); end loop; end $$",
  );
}

const db = createTestDb();
const payments = new ControlledProvider();
const api = await startTestServer(db, { services: { payments } });

const entry = (competitionId: string, over: Record<string, unknown> = {}) => ({
  competitionId,
  customerName: "Fern Hollis",
  customerEmail: "fern@example.test",
  answer: "green",
  quantity: 1,
  ...over,
});
const cart = (lines: Array<{ competitionId: string; quantity: number }>, paymentToken = "sim_approve") => ({
  email: "fern@example.test",
  firstName: "Fern",
  lastName: "Hollis",
  lines: lines.map((l) => ({ ...l, answer: "green" })),
  billing: { address: "1 Lane", city: "Lincoln", postcode: "LN1 1AA" },
  paymentToken,
});
const trpcCart = (token: string, input: unknown, ip?: string) =>
  api.request("/api/trpc/public.entries.checkoutCart", { token, body: input, headers: ip ? { "x-forwarded-for": ip } : {} });

describe("a cart cannot pass the per-order limit by splitting a competition into lines", () => {
  it("refuses 50 lines of 100 for one competition, and 60 + 60, before holding anything", async () => {
    const c = await createCompetition(db, { maxTickets: 10_000, maxTicketsPerPerson: null });
    const { token } = await createUserWithSession(db);
    for (const lines of [
      Array.from({ length: 50 }, () => ({ competitionId: c.id, quantity: 100 })),
      [
        { competitionId: c.id, quantity: 60 },
        { competitionId: c.id, quantity: 60 },
      ],
    ]) {
      const res = await trpcCart(token, cart(lines));
      expect(res.status).toBe(400);
      expect(res.json.error.message).toBe("At most 100 entries per competition in one order");
    }
    expect(await count(db, "entries", `competition_id = '${c.id}'`)).toBe(0);
    const ok = await trpcCart(
      token,
      cart([
        { competitionId: c.id, quantity: 60 },
        { competitionId: c.id, quantity: 40 },
      ]),
    );
    expect(ok.status).toBe(200);
    expect(ok.json.result.data.lines).toHaveLength(1);
    expect(ok.json.result.data.lines[0].ticketNumbers).toHaveLength(100);
  });
});

describe("a buyer who keeps paying with a declining card", () => {
  it("is refused with 429 and Retry-After after a few declines, while other buyers still buy", async () => {
    const c = await createCompetition(db, { maxTickets: 500, maxTicketsPerPerson: null });
    const attacker = await createUserWithSession(db);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      // A new address each time: the limit follows the account too.
      const res = await trpcCart(attacker.token, cart([{ competitionId: c.id, quantity: 100 }], "sim_decline"), `198.51.100.${i + 1}`);
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(res.json.error.data.appCode).toBe("RATE_LIMITED");
        expect(res.json.error.message).toMatch(/^Too many failed payments\. Please wait \d+ minutes? before trying again/);
      }
    }
    expect(statuses).toEqual([402, 402, 402, 402, 402, 429, 429, 429]);
    const honest = await createUserWithSession(db);
    const res = await api.request("/api/entries", { token: honest.token, body: entry(c.id, { quantity: 3 }) });
    expect(res.status).toBe(201);
    expect(res.json.ticketNumbers).toHaveLength(3);
    expect(await ledgerProblems(db)).toMatchObject({ heldMismatch: [], oversold: [], duplicates: [] });
  });

  it("counts a card that always answers with a processing error like one that declines", async () => {
    const c = await createCompetition(db, { maxTickets: 500, maxTicketsPerPerson: null });
    const attacker = await createUserWithSession(db);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await api.request("/api/entries", { token: attacker.token, body: entry(c.id, { quantity: 100, paymentToken: "sim_error" }) })).status);
    }
    expect(statuses).toEqual([402, 402, 402, 402, 402, 429, 429]);
  });

  it("may not hold tickets in more than two orders at once", async () => {
    const c = await createCompetition(db, { maxTickets: 500, maxTicketsPerPerson: null });
    const buyer = await createUserWithSession(db);
    payments.hold = true;
    try {
      const first = api.request("/api/entries", { token: buyer.token, body: entry(c.id) });
      const second = api.request("/api/entries", { token: buyer.token, body: entry(c.id) });
      // Both are holding their numbers while the provider answers.
      await eventually(async () => (await count(db, "orders", `user_id = '${buyer.user.id}' and status = 'pending'`)) === 2);
      const third = await api.request("/api/entries", { token: buyer.token, body: entry(c.id) });
      expect(third.status).toBe(429);
      expect(third.json.message).toBe("You already have a payment in progress. Please wait for it to finish.");
      payments.releaseAll();
      expect((await first).status).toBe(201);
      expect((await second).status).toBe(201);
    } finally {
      payments.hold = false;
      payments.releaseAll();
    }
    expect((await api.request("/api/entries", { token: buyer.token, body: entry(c.id) })).status).toBe(201);
  });
});

describe("one customer cannot use up another's per-person cap", () => {
  it("orders of a signed-in buyer carry the account's email and count against the account only", async () => {
    const c = await createCompetition(db, { maxTicketsPerPerson: 3 });
    const attacker = await createUserWithSession(db);
    const victim = await createUserWithSession(db);
    const res = await api.request("/api/entries", { token: attacker.token, body: entry(c.id, { customerEmail: victim.user.email, quantity: 3 }) });
    expect(res.status).toBe(201);
    const orderEmail = (await first(db.select({ email: orders.customerEmail }).from(orders).where(eq(orders.id, res.json.orderId))))?.email;
    expect(orderEmail).toBe(attacker.user.email);
    expect(await count(db, "mail_outbox", `"to" = '${victim.user.email}'`)).toBe(0);
    const own = await api.request("/api/entries", { token: victim.token, body: entry(c.id, { customerEmail: victim.user.email, quantity: 3 }) });
    expect(own.status).toBe(201);
    expect(own.json.ticketNumbers).toHaveLength(3);
  });
});

describe("a payment whose outcome is not yet recorded is never answered as a success", () => {
  it("a retry after a restart answers 202 at once with the order's status and no ticket numbers; GET /api/orders/{id} looks again", async () => {
    const c = await createCompetition(db, { maxTickets: 100 });
    const buyer = await createUserWithSession(db);
    const stuck: PaymentProvider = {
      name: "stuck",
      charge: () => new Promise<never>(() => {}),
      refund: async () => ({ refundId: "re_stuck", amountPence: 0 }),
      retrieve: async (id) => {
        throw new Error(`no such payment ${id}`);
      },
      cancel: async () => {},
      cardFunding: async () => "debit",
      lookup: async () => null,
    };
    // The first server takes the order and dies while the payment call is out.
    const before = await startTestServer(db, { services: { payments: stuck } });
    void before.request("/api/entries", { token: buyer.token, body: entry(c.id, { quantity: 2 }), headers: { "idempotency-key": "retry-after-crash-1" } });
    await eventually(async () => (await count(db, "orders", `user_id = '${buyer.user.id}' and status = 'pending'`)) === 1);
    // The restarted server (a new connection to the same database) knows nothing of that call.
    const reopened = reopen(db);
    onTestFinished(() => reopened.close());
    const after = await startTestServer(reopened, { services: { payments: new SimulatedPaymentProvider(0) } });
    const started = Date.now();
    const retry = await after.request("/api/entries", {
      token: buyer.token,
      body: entry(c.id, { quantity: 2 }),
      headers: { "idempotency-key": "retry-after-crash-1" },
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(retry.status).toBe(202);
    expect(retry.json).toMatchObject({ paymentStatus: "pending", ticketNumbers: [] });
    const look = await after.request(`/api/orders/${retry.json.orderId}`, { token: buyer.token });
    expect(look.status).toBe(200);
    expect(look.json).toMatchObject({ orderId: retry.json.orderId, status: "pending", lines: [{ ticketNumbers: [] }] });
    const stranger = await createUserWithSession(db);
    expect((await after.request(`/api/orders/${retry.json.orderId}`, { token: stranger.token })).status).toBe(404);
    expect((await after.request(`/api/orders/${retry.json.orderId}`)).status).toBe(401);
  });

  it("an approved payment whose settlement cannot be written answers 202, and the sweep records it once writes work again", async () => {
    const c = await createCompetition(db, { maxTickets: 100 });
    const buyer = await createUserWithSession(db);
    // The disk "fills" between the provider's approval and our write of it.
    payments.beforeAnswer = () => refuseWrites(db, true);
    let res;
    try {
      res = await api.request("/api/entries", { token: buyer.token, body: entry(c.id, { quantity: 2 }) });
    } finally {
      payments.beforeAnswer = null;
      await refuseWrites(db, false);
    }
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ paymentStatus: "pending", ticketNumbers: [] });
    expect(JSON.stringify(res.json)).not.toMatch(/readonly|SQLITE/i);
    const swept = await sweepPendingOrders({ db, payments, mailer: noopMailer });
    expect(swept.settled).toBe(1);
    const look = await api.request(`/api/orders/${res.json.orderId}`, { token: buyer.token });
    expect(look.json).toMatchObject({ status: "paid", lines: [{ ticketNumbers: ["1", "2"] }] });
    expect(await count(db, "mail_outbox", `"to" = '${buyer.user.email}'`)).toBe(1);
    expect(await ledgerProblems(db)).toMatchObject({ soldMismatch: [], heldMismatch: [], paidWithoutTickets: [] });
  });

  it("after a crash, the sweep settles an expired pending order from the provider's record instead of failing it", async () => {
    const c = await createCompetition(db, { maxTickets: 100 });
    const buyer = await createUserWithSession(db);
    const provider = new SimulatedPaymentProvider(0);
    // The provider approved the charge, but the answer never reached the shop (killed mid-call).
    const crashed: PaymentProvider = {
      name: "crashed",
      charge: async (r) => (await provider.charge(r), new Promise<never>(() => {})),
      refund: (r) => provider.refund(r),
      retrieve: (id) => provider.retrieve(id),
      cancel: (id) => provider.cancel(id),
      cardFunding: async () => "debit",
      lookup: (id) => provider.lookup(id),
    };
    const before = await startTestServer(db, { services: { payments: crashed } });
    void before.request("/api/entries", { token: buyer.token, body: entry(c.id, { quantity: 1 }) });
    await eventually(async () => (await count(db, "orders", `user_id = '${buyer.user.id}' and status = 'pending'`)) === 1);
    const orderId = (
      await first(
        db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.userId, buyer.user.id), eq(orders.status, "pending"))),
      )
    )?.id;
    expect(orderId).toBeTruthy();
    const later = new Date(Date.now() + 11 * 60 * 1000);
    expect((await sweepPendingOrders({ db, payments: provider, mailer: noopMailer }, later)).settled).toBe(1);
    expect((await first(db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId!))))?.status).toBe("paid");
    expect(await ledgerProblems(db)).toMatchObject({ soldMismatch: [], heldMismatch: [], paidWithoutTickets: [] });
  });
});
