import { describe, expect, it } from "vitest";
import { rateCounters } from "../../db/schema";
import { countersFor, DatabaseCounters, MemoryCounters, type Counters } from "../../src/server/limits";
import { createTestDb, TEST_ENGINE } from "../helpers/db";

// The two stores of the shop's counters (src/server/limits) behave the same: in memory, as a shop on
// SQLite keeps them, and in the database, as every process of a shop on PostgreSQL shares them. The
// database's store runs here on the engine of this pass (SQLite, then PostgreSQL).

const T0 = Date.UTC(2026, 10, 27, 12, 0, 0);
const MINUTE = 60_000;

const stores: Array<[string, () => Counters]> = [
  ["in memory", () => new MemoryCounters()],
  [`in the database (${TEST_ENGINE})`, () => new DatabaseCounters(createTestDb())],
];

describe.each(stores)("the counters %s", (_name, make) => {
  it("count hits in a window that starts with the first and starts again once it has ended", async () => {
    const c = make();
    expect(await c.add("form:1.2.3.4", 15 * MINUTE, T0)).toEqual({ count: 1, resetAt: T0 + 15 * MINUTE });
    expect(await c.add("form:1.2.3.4", 15 * MINUTE, T0 + 1000)).toEqual({ count: 2, resetAt: T0 + 15 * MINUTE });
    expect(await c.add("form:5.6.7.8", 15 * MINUTE, T0 + 1000)).toEqual({ count: 1, resetAt: T0 + 1000 + 15 * MINUTE });
    expect(await c.add("form:1.2.3.4", 15 * MINUTE, T0 + 15 * MINUTE)).toEqual({ count: 1, resetAt: T0 + 30 * MINUTE });
  });

  it("read only windows still running, and set or remove them outright", async () => {
    const c = make();
    await c.put("wait:a", 6, T0 + 2000);
    await c.put("wait:b", 1, T0 - 1);
    expect([...(await c.read(["wait:a", "wait:b", "wait:c"], T0)).entries()]).toEqual([["wait:a", { count: 6, resetAt: T0 + 2000 }]]);
    await c.put("wait:a", 7, T0 + 4000);
    expect((await c.read(["wait:a"], T0)).get("wait:a")).toEqual({ count: 7, resetAt: T0 + 4000 });
    await c.remove("wait:a", "wait:b");
    expect((await c.read(["wait:a"], T0)).size).toBe(0);
  });

  it("give a bucket's burst at once, then refill it at its rate, and say how long to wait", async () => {
    const c = make();
    // 4 a second, 10 at once.
    for (let i = 0; i < 10; i++) expect(await c.take("api:9.9.9.9", 1, 4, 10, T0)).toBe(0);
    expect(await c.take("api:9.9.9.9", 1, 4, 10, T0)).toBe(1);
    // A batch of three costs three: it waits for three to come back (0.75 s, told as a whole second).
    expect(await c.take("api:9.9.9.9", 3, 4, 10, T0 + 500)).toBe(1);
    expect(await c.take("api:9.9.9.9", 2, 4, 10, T0 + 500)).toBe(0);
    expect(await c.take("api:9.9.9.9", 1, 4, 10, T0 + 500)).toBe(1);
    // Another address has its own bucket, and a bucket left alone fills up again (not beyond its burst).
    expect(await c.take("api:8.8.8.8", 10, 4, 10, T0 + 500)).toBe(0);
    for (let i = 0; i < 10; i++) expect(await c.take("api:9.9.9.9", 1, 4, 10, T0 + 60_000)).toBe(0);
    expect(await c.take("api:9.9.9.9", 1, 4, 10, T0 + 60_000)).toBe(1);
    // More than the burst at once never fits.
    expect(await c.take("api:7.7.7.7", 50, 10, 20, T0)).toBe(3);
  });

  it("let one claim of a key run at a time, until it is released or runs out", async () => {
    const c = make();
    const first = await c.claim("refund:o1", 2 * MINUTE, T0);
    expect(first).toEqual(expect.any(Number));
    expect(await c.claim("refund:o1", 2 * MINUTE, T0 + 1000)).toBeNull();
    expect(await c.claim("refund:o2", 2 * MINUTE, T0 + 1000)).toEqual(expect.any(Number));
    await c.release("refund:o1", first!);
    const second = await c.claim("refund:o1", 2 * MINUTE, T0 + 2000);
    expect(second).toEqual(expect.any(Number));
    // A claim that ran out (its process died) may be taken again; the old holder's release then takes nothing away.
    const third = await c.claim("refund:o1", 2 * MINUTE, T0 + 2000 + 2 * MINUTE);
    expect(third).toEqual(expect.any(Number));
    await c.release("refund:o1", second!);
    expect(await c.claim("refund:o1", 2 * MINUTE, T0 + 2001 + 2 * MINUTE)).toBeNull();
  });
});

describe(`the counters in the database (${TEST_ENGINE})`, () => {
  it("count every one of many hits sent at once, and give one claim of many at once", async () => {
    const db = createTestDb();
    const c = new DatabaseCounters(db);
    await Promise.all(Array.from({ length: 50 }, () => c.add("login:203.0.113.9", 15 * MINUTE, T0)));
    expect((await c.read(["login:203.0.113.9"], T0)).get("login:203.0.113.9")?.count).toBe(50);
    const claims = await Promise.all(Array.from({ length: 20 }, () => c.claim("refund:race", MINUTE, T0)));
    expect(claims.filter((t) => t !== null)).toHaveLength(1);
    const taken = await Promise.all(Array.from({ length: 30 }, () => c.take("api:203.0.113.9", 1, 1, 12, T0)));
    expect(taken.filter((w) => w === 0)).toHaveLength(12);
  });

  it("delete rows whose time has passed, at most once a minute, keeping those still running", async () => {
    const db = createTestDb();
    const c = new DatabaseCounters(db);
    await c.add("old", MINUTE, T0);
    await c.put("running", 1, T0 + 10 * MINUTE);
    await c.add("new", MINUTE, T0 + 5 * MINUTE);
    await new Promise((r) => setTimeout(r, 100));
    expect((await db.select({ key: rateCounters.key }).from(rateCounters)).map((r) => r.key).sort()).toEqual(["new", "running"]);
  });

  it("are the database's on PostgreSQL, where several processes share them, and one process's own on SQLite", () => {
    const c = countersFor(createTestDb());
    expect(c.shared).toBe(TEST_ENGINE === "postgres");
    expect(c instanceof DatabaseCounters).toBe(TEST_ENGINE === "postgres");
  });
});
