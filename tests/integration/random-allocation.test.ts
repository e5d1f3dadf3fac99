import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first, withTransaction, type Db } from "../../db/client";
import { entries, ticketBlocks, tickets } from "../../db/schema";
import { allocateTickets, releaseTickets, type AllocationOf, type RandomInt } from "../../src/server/services/competitions/tickets";
import { campaignPayload, createCompetition } from "../factories/competitions";
import { callerAs } from "../helpers/caller";
import { createTestDb } from "../helpers/db";

/** A seeded generator (mulberry32), so the statistics below are the same on every run. */
function seeded(seed: number): RandomInt {
  let a = seed >>> 0;
  return (min, max) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const u = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return min + Math.floor(u * (max - min));
  };
}

const db: Db = createTestDb();

async function randomCompetition(maxTickets: number): Promise<AllocationOf> {
  return createCompetition(db, { maxTickets, allocation: "random" });
}

async function newEntry(competitionId: string, quantity: number): Promise<string> {
  return (await first(
    db
      .insert(entries)
      .values({ competitionId, customerName: "Ria Tester", customerEmail: "ria@example.test", ticketCount: quantity, amountPence: 0, paymentStatus: "pending" })
      .returning({ id: entries.id }),
  ))!.id;
}

const take = async (c: AllocationOf, quantity: number, draw?: RandomInt) => {
  const entryId = await newEntry(c.id, quantity);
  return { entryId, numbers: await withTransaction(db, (tx) => allocateTickets(tx, c, entryId, quantity, new Date(), { draw })) };
};
const giveBack = (c: AllocationOf, entryId: string) => withTransaction(db, (tx) => releaseTickets(tx, c.id, entryId));

describe("random ticket numbers", () => {
  it("hand out every number from 1 to the maximum exactly once, in an order that is not 1, 2, 3", async () => {
    const c = await randomCompetition(500);
    const all: number[] = [];
    for (let i = 0; i < 100; i++) all.push(...(await take(c, 5, seeded(7 + i))).numbers.map(Number));
    expect([...all].sort((a, b) => a - b)).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    expect(all.slice(0, 5)).not.toEqual([1, 2, 3, 4, 5]);
    // Sold out: nothing is left to draw from.
    await expect(take(c, 1)).rejects.toThrow(/sold out/);
  });

  // Thousands of transactions (a longer time limit): on PostgreSQL each statement is a round trip to the server.
  it("draw uniformly from the free numbers (chi-square, deterministic seed), given-back numbers included", async () => {
    // Ten numbers; each round takes three and gives them back, so every pick is among all ten.
    const c = await randomCompetition(10);
    const draw = seeded(20261125);
    const seen = new Array<number>(11).fill(0);
    const rounds = 5000;
    for (let i = 0; i < rounds; i++) {
      const { entryId, numbers } = await take(c, 3, draw);
      for (const n of numbers) seen[Number(n)]! += 1;
      expect(new Set(numbers).size).toBe(3);
      await giveBack(c, entryId);
    }
    const expected = (rounds * 3) / 10;
    const chiSquare = seen.slice(1).reduce((sum, o) => sum + (o - expected) ** 2 / expected, 0);
    // 9 degrees of freedom: 27.88 is the 0.1 % critical value.
    expect(chiSquare).toBeLessThan(27.88);
  }, 90_000);

  it("the first number of a big competition is uniform too: over many competitions it lands in each tenth equally (chi-square)", async () => {
    const draw = seeded(42);
    const tenths = new Array<number>(10).fill(0);
    const trials = 2000;
    for (let i = 0; i < trials; i++) {
      const c = { id: (await randomCompetition(1_000_000)).id, allocation: "random" as const, maxTickets: 1_000_000 };
      const [first] = (await take(c, 1, draw)).numbers;
      tenths[Math.floor((Number(first) - 1) / 100_000)]! += 1;
    }
    const expected = trials / 10;
    expect(tenths.reduce((sum, o) => sum + (o - expected) ** 2 / expected, 0)).toBeLessThan(27.88);
  });

  it("keep per-block counts that agree with the tickets out, at a million tickets as at a thousand (no scan of the taken numbers)", async () => {
    for (const max of [1_000, 1_000_000]) {
      const c = await randomCompetition(max);
      const taken: Array<{ entryId: string; numbers: string[] }> = [];
      for (let i = 0; i < 40; i++) taken.push(await take(c, 5));
      for (const t of taken.slice(0, 10)) await giveBack(c, t.entryId);
      const numbers = await db.select({ number: tickets.number }).from(tickets).where(eq(tickets.competitionId, c.id));
      expect(numbers).toHaveLength(150);
      const perBlock = new Map<number, number>();
      for (const { number } of numbers) perBlock.set(Math.floor((Number(number) - 1) / 1000), (perBlock.get(Math.floor((Number(number) - 1) / 1000)) ?? 0) + 1);
      const blocks = await db.select().from(ticketBlocks).where(eq(ticketBlocks.competitionId, c.id));
      expect(blocks.length).toBeLessThanOrEqual(Math.ceil(max / 1000));
      for (const b of blocks) expect(b.taken).toBe(perBlock.get(b.block) ?? 0);
    }
  });

  // Over a thousand transactions (a longer time limit): on PostgreSQL each statement is a round trip to the server.
  it("stay uniform when nearly full (the k-th free number once guessing stops paying): chi-square over the last free numbers", async () => {
    const c = await randomCompetition(2_500);
    const fill = seeded(99);
    for (let i = 0; i < 2_480 / 20; i++) await take(c, 20, fill);
    const out = new Set((await db.select({ n: tickets.number }).from(tickets).where(eq(tickets.competitionId, c.id))).map((t) => t.n));
    const free = Array.from({ length: 2_500 }, (_, i) => String(i + 1)).filter((n) => !out.has(n));
    expect(free).toHaveLength(20);
    const draw = seeded(5);
    const seen = new Map<string, number>(free.map((n) => [n, 0]));
    const rounds = 1_500;
    for (let i = 0; i < rounds; i++) {
      const { entryId, numbers } = await take(c, 2, draw);
      for (const n of numbers) seen.set(n, seen.get(n)! + 1);
      await giveBack(c, entryId);
    }
    expect(seen.size).toBe(20);
    const expected = (rounds * 2) / 20;
    const chiSquare = [...seen.values()].reduce((sum, o) => sum + (o - expected) ** 2 / expected, 0);
    // 19 degrees of freedom: 43.82 is the 0.1 % critical value.
    expect(chiSquare).toBeLessThan(43.82);
  }, 90_000);

  it("give numbers back to the draw when a hold fails, and never hand one out twice", async () => {
    const c = await randomCompetition(30);
    const a = await take(c, 10, seeded(1));
    const b = await take(c, 10, seeded(2));
    await giveBack(c, a.entryId);
    const rest = (await take(c, 20, seeded(3))).numbers;
    const held = [...b.numbers, ...rest];
    expect(new Set(held).size).toBe(30);
    expect(held.every((n) => Number(n) >= 1 && Number(n) <= 30)).toBe(true);
    // Some of the given-back numbers came round again.
    expect(rest.some((n) => a.numbers.includes(n))).toBe(true);
  });
});

describe("the campaign's allocation", () => {
  it("is random for a new capped competition, in order for an unlimited one, and random needs a maximum", async () => {
    const { caller: admin } = await callerAs(db, "admin");
    const capped = await admin.admin.competitions.create(campaignPayload({ title: "Random Baler" }));
    expect(capped.allocation).toBe("random");
    const unlimited = await admin.admin.competitions.create(campaignPayload({ title: "Open Baler", maxTickets: null }));
    expect(unlimited.allocation).toBe("sequential");
    const chosen = await admin.admin.competitions.create(campaignPayload({ title: "Ordered Baler", allocation: "sequential" }));
    expect(chosen.allocation).toBe("sequential");
    await expect(admin.admin.competitions.create(campaignPayload({ title: "Bad Baler", maxTickets: null, allocation: "random" }))).rejects.toThrow(
      "Random numbers need a maximum number of tickets",
    );
    // The public read says how numbers are handed out.
    const { caller: anon } = await callerAs(db, null);
    expect((await anon.public.competitions.get({ id: capped.id })).allocation).toBe("random");
  });

  it("is kept by an edit that does not name it, and fixed once numbers are out; a random shuffle's maximum can only grow", async () => {
    const { caller: admin } = await callerAs(db, "admin");
    const created = await admin.admin.competitions.create(campaignPayload({ title: "Fixed Baler" }));
    const fields = campaignPayload({ title: "Fixed Baler" });
    expect((await admin.admin.competitions.update({ id: created.id, ...fields })).allocation).toBe("random");
    await take({ id: created.id, allocation: "random", maxTickets: 500 }, 2);
    await expect(admin.admin.competitions.update({ id: created.id, ...fields, allocation: "sequential" })).rejects.toThrow(
      "Ticket numbers have been handed out, so the allocation can no longer be changed",
    );
    await expect(admin.admin.competitions.update({ id: created.id, ...fields, maxTickets: 400 })).rejects.toThrow("the maximum can only go up");
    expect((await admin.admin.competitions.update({ id: created.id, ...fields, maxTickets: 800 })).maxTickets).toBe(800);
  });
});
