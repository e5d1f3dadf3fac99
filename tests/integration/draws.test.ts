import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { first, lockRow, withTransaction, type Tx } from "../../db/client";
import { poolOf } from "../../db/postgres-db";
import { competitions, draws, notifications, winners } from "../../db/schema";
import { noopMailer } from "../../src/server/mail/mailer";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import { freezePool, lifecycleTick, runDraw, getDrawRecord } from "../../src/server/services/draws";
import { placeOrder } from "../../src/server/services/purchase";
import { recordPostalEntry } from "../../src/server/services/postal";
import { verifyDraw } from "../../src/shared/draw";
import { createCompetition } from "../factories/competitions";
import { createUser } from "../factories/users";
import { ledgerProblems, refusal } from "../helpers/assertions";
import { allowGuestCheckout, createTestDb } from "../helpers/db";
import { postalCard } from "../factories/postal";

const execFileAsync = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));

const db = createTestDb();
await allowGuestCheckout(db);
const DAY = 86_400_000;
/** A minute after a competition's end date: when its draw may run. */
const afterEnd = (c: { endDate: Date }) => new Date(c.endDate.getTime() + 60_000);
const deps = (now?: Date) => ({ db, mailer: noopMailer, payments: new SimulatedPaymentProvider(0), now: now ? () => now : undefined });

async function buy(
  competitionId: string,
  quantity: number,
  email = `b-${crypto.randomUUID().slice(0, 6)}@example.test`,
  userId: string | null = null,
  token = "sim_approve",
) {
  return placeOrder(deps(), {
    userId,
    customerName: "Buyer Person",
    customerEmail: email,
    lines: [{ competitionId, quantity, answer: "green" }],
    method: { token },
    returnUrl: "/checkout/complete",
  });
}

const postal = (competitionId: string, over: Record<string, unknown> = {}) => recordPostalEntry(deps(), competitionId, postalCard(over));

describe("postal entries", () => {
  it("take the next number from the same sequence as paid entries and join the pool", async () => {
    const c = await createCompetition(db, { maxTickets: 10 });
    await buy(c.id, 2);
    const p = await postal(c.id);
    expect(p.ticketNumbers).toEqual(["3"]);
    await buy(c.id, 1);
    await refusal(buy(c.id, 1, undefined, null, "sim_decline"));
    const record = await runDraw(deps(afterEnd(c)), c.id);
    expect(record.pool!.map((t) => t.ticketNumber)).toEqual(["1", "2", "3", "4"]);
    expect(record.poolSize).toBe(4);
    expect(await ledgerProblems(db)).toMatchObject({ soldMismatch: [], duplicates: [], failedWithTickets: [] });
  });

  it("count toward maxTickets and the per-person cap, match an account by email, and are refused after close", async () => {
    const c = await createCompetition(db, { maxTickets: 3, maxTicketsPerPerson: 2 });
    const user = await createUser(db);
    await buy(c.id, 1, user.email, user.id);
    const mine = await postal(c.id, { customerEmail: user.email.toUpperCase() });
    expect(mine.userId).toBe(user.id);
    const capped = await refusal(Promise.resolve().then(() => postal(c.id, { customerEmail: user.email })));
    expect(capped.code).toBe("PER_PERSON_LIMIT");
    await postal(c.id);
    const full = await refusal(Promise.resolve().then(() => postal(c.id)));
    expect(full.message).toContain("sold out");
    const late = await createCompetition(db, { status: "closed" });
    const closed = await refusal(Promise.resolve().then(() => postal(late.id)));
    expect(closed.message).toContain("Sales have closed");
  });

  it("refuse a wrong answer and a card that arrived after the closing date", async () => {
    const c = await createCompetition(db, { endDate: new Date(Date.now() + DAY) });
    expect((await refusal(Promise.resolve().then(() => postal(c.id, { answer: "blue" })))).code).toBe("WRONG_ANSWER");
    expect((await refusal(Promise.resolve().then(() => postal(c.id, { receivedAt: new Date(Date.now() + 2 * DAY).toISOString() })))).code).toBe(
      "INVALID_INPUT",
    );
  });
});

describe("running a draw", () => {
  it("publishes a record anyone can verify, marks the competition drawn and tells the winner", async () => {
    const c = await createCompetition(db, { title: "Verifiable Plough", numberOfWinners: 2 });
    const user = await createUser(db, { city: "Hereford" });
    for (let i = 0; i < 5; i++) await buy(c.id, 2, user.email, user.id);
    const before = await getDrawRecord(db, c.id);
    expect(before.seed).toBeNull();
    expect(before.pool).toBeNull();
    const record = await runDraw(deps(afterEnd(c)), c.id, "lottery-2026-11-21");
    expect(record.status).toBe("drawn");
    expect(record.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(record.commitment).toBe(before.commitment);
    expect(record.winners).toHaveLength(2);
    expect(record.winners[0]!.displayName).toBe("Buyer P., Hereford");
    const check = await verifyDraw({ ...record, pool: record.pool!.map((p) => p.ticketNumber) });
    expect(check.ok).toBe(true);
    const rows = await db.select().from(winners).where(eq(winners.competitionId, c.id));
    expect(rows.map((r) => r.source)).toEqual(["draw", "draw"]);
    expect(JSON.stringify(rows)).not.toContain("@");
    const note = await db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(note.some((n) => n.type === "winner" && n.priority === "urgent")).toBe(true);
    const again = await refusal(runDraw(deps(afterEnd(c)), c.id));
    expect(again).toMatchObject({ code: "ALREADY_DRAWN", message: "This competition has already been drawn" });
  });

  it("refuses an empty pool without ending an open competition", async () => {
    const c = await createCompetition(db);
    const err = await refusal(runDraw(deps(), c.id));
    expect(err.message).toBe("There are no entries to draw from");
    expect((await first(db.select().from(competitions).where(eq(competitions.id, c.id))))!.status).toBe("active");
  });

  it("waits while a payment is still held so no paid ticket misses the pool", async () => {
    const c = await createCompetition(db);
    await db.update(competitions).set({ heldTickets: 1 }).where(eq(competitions.id, c.id));
    await buy(c.id, 1);
    const err = await refusal(runDraw(deps(afterEnd(c)), c.id));
    expect(err.message).toContain("still being processed");
    expect(await first(db.select().from(draws).where(eq(draws.competitionId, c.id)))).toBeUndefined();
  });
});

describe("the lifecycle scheduler", () => {
  it("closes at the end date, freezes, and draws at the draw date — once, across restarts", async () => {
    const start = Date.now();
    const c = await createCompetition(db, { endDate: new Date(start + 1000), drawDate: new Date(start + 2000) });
    await buy(c.id, 3);
    // A tick before the end changes nothing.
    await lifecycleTick(deps(new Date(start)));
    expect((await first(db.select().from(competitions).where(eq(competitions.id, c.id))))!.status).toBe("active");
    // Past the end: closed and frozen, not yet drawn.
    await lifecycleTick(deps(new Date(start + 1500)));
    const frozen = (await first(db.select().from(draws).where(eq(draws.competitionId, c.id))))!;
    expect(frozen.poolSize).toBe(3);
    expect(frozen.drawnAt).toBeNull();
    // "Restart": another process on the same database (its file, or its PostgreSQL URL), and two ticks racing after the draw date.
    const later = new Date(start + 5000);
    const other = execFileAsync(process.execPath, [
      "--import",
      "tsx",
      join(root, "tests/helpers/lifecycle-process.ts"),
      poolOf(db)?.options.connectionString ?? db.$client.name,
      String(later.getTime()),
    ]);
    await Promise.all([other, lifecycleTick(deps(later))]);
    await lifecycleTick(deps(new Date(start + 9000)));
    expect((await first(db.select().from(competitions).where(eq(competitions.id, c.id))))!.status).toBe("drawn");
    expect(await db.select().from(winners).where(eq(winners.competitionId, c.id))).toHaveLength(1);
    expect((await first(db.select().from(draws).where(eq(draws.competitionId, c.id))))!.poolHash).toBe(frozen.poolHash);
  });

  it("closes a sold-out competition at once, and leaves a live-draw competition for the admin", async () => {
    const soldOut = await createCompetition(db, { maxTickets: 2 });
    await buy(soldOut.id, 2);
    const live = await createCompetition(db, { drawMode: "live", endDate: new Date(Date.now() + 500), drawDate: new Date(Date.now() + 600) });
    await buy(live.id, 1);
    await lifecycleTick(deps(new Date(Date.now() + 10_000)));
    expect((await first(db.select().from(competitions).where(eq(competitions.id, soldOut.id))))!.status).not.toBe("active");
    const liveRow = (await first(db.select().from(competitions).where(eq(competitions.id, live.id))))!;
    expect(liveRow.status).toBe("closed");
    expect((await runDraw(deps(new Date(Date.now() + 10_000)), live.id)).winners).toHaveLength(1);
  });

  it("closes only what is still over when its turn comes: a competition given a later end after the tick listed it stays on sale", async () => {
    const start = Date.now();
    const c = await createCompetition(db, { endDate: new Date(start + 1000), drawDate: new Date(start + 2000) });
    await buy(c.id, 1);
    const extend = (tx: Tx) =>
      tx
        .update(competitions)
        .set({ endDate: new Date(start + 7 * 86_400_000) })
        .where(eq(competitions.id, c.id));
    if (db.engine === "sqlite") {
      // The tick reads its list of competitions to close at once; the admin's new end date lands before it closes this one.
      await Promise.all([lifecycleTick(deps(new Date(start + 1500))), extend(db)]);
    } else {
      // Transactions run side by side: the admin's change holds the competition's row while the tick lists it
      // (a list reads without waiting) and reaches it, and commits its new end date before the tick may close it.
      let tick: Promise<unknown> = Promise.resolve();
      await withTransaction(db, async (tx) => {
        await lockRow(tx, competitions, c.id);
        tick = db.lease.outside(() => lifecycleTick(deps(new Date(start + 1500))));
        await new Promise((r) => setTimeout(r, 300));
        await extend(tx);
      });
      await tick;
    }
    expect((await first(db.select().from(competitions).where(eq(competitions.id, c.id))))!.status).toBe("active");
    await buy(c.id, 1);
  });

  it("freezes for the scheduler only a pool whose sales are over: a paused competition given a later end may still reopen", async () => {
    const start = Date.now();
    const c = await createCompetition(db, { endDate: new Date(start + 7 * 86_400_000), drawDate: new Date(start + 8 * 86_400_000) });
    await buy(c.id, 1);
    await db.update(competitions).set({ status: "closed" }).where(eq(competitions.id, c.id));
    expect(await freezePool(db, c.id, new Date(start), undefined, true)).toBe(false);
    expect(await first(db.select().from(draws).where(eq(draws.competitionId, c.id)))).toBeUndefined();
    // Past its end, the same call freezes it.
    expect(await freezePool(db, c.id, new Date(start + 7 * 86_400_000 + 1), undefined, true)).toBe(true);
    expect((await first(db.select().from(draws).where(eq(draws.competitionId, c.id))))!.poolSize).toBe(1);
  });
});
