import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { commitmentOf, drawWinners, poolHashOf, sortPool, verifyDraw } from "../../src/shared/draw";

/** The vector the README shows; computed independently with node:crypto when it was written. */
const SEED = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
const POOL = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"];
const POOL_HASH = "d68dbfb354c79395d3263fb5121906a151c880c25b5ea040d969d328685e4073";

describe("the draw method", () => {
  it("matches the fixed vector", async () => {
    expect(await commitmentOf(SEED)).toBe("630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd");
    expect(await poolHashOf(POOL)).toBe(POOL_HASH);
    expect(await drawWinners(SEED, POOL, POOL_HASH, 3)).toEqual([
      { k: 0, index: 6, ticketNumber: "7" },
      { k: 1, index: 3, ticketNumber: "4" },
      { k: 2, index: 9, ticketNumber: "10" },
    ]);
  });

  it("sorts ticket numbers numerically, not as text", () => {
    expect(sortPool(["10", "9", "100", "1", "2"])).toEqual(["1", "2", "9", "10", "100"]);
  });

  it("never draws the same ticket twice, even when every ticket wins", async () => {
    const winners = await drawWinners(SEED, ["1", "2", "3"], await poolHashOf(["1", "2", "3"]), 5);
    expect(winners).toHaveLength(3);
    expect(new Set(winners.map((w) => w.ticketNumber)).size).toBe(3);
  });

  it("changes with the beacon", async () => {
    const plain = await drawWinners(SEED, POOL, POOL_HASH, 1);
    const beacons = await Promise.all(["round-1", "round-2", "round-3", "round-4"].map((b) => drawWinners(SEED, POOL, POOL_HASH, 1, b)));
    expect(beacons.some((w) => w[0]!.index !== plain[0]!.index)).toBe(true);
  });

  it("is uniform: 6,000 draws over 12 tickets pass a chi-square test at the 0.1% level", async () => {
    // Deterministic seeds, so the test cannot flake: either the method is uniform or it always fails.
    const pool = Array.from({ length: 12 }, (_, i) => String(i + 1));
    const poolHash = await poolHashOf(pool);
    const counts = new Array(12).fill(0);
    const runs = 6000;
    for (let i = 0; i < runs; i++) {
      const seed = createHash("sha256").update(`uniformity-${i}`).digest("hex");
      const [w] = await drawWinners(seed, pool, poolHash, 1);
      counts[w!.index] += 1;
    }
    const expected = runs / 12;
    const chi = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    // Critical value of chi-square with 11 degrees of freedom at p = 0.001.
    expect(chi).toBeLessThan(31.264);
    expect(Math.min(...counts)).toBeGreaterThan(0);
  });
});

describe("verifyDraw", () => {
  const record = async () => ({
    commitment: await commitmentOf(SEED),
    seed: SEED,
    pool: POOL,
    poolHash: POOL_HASH,
    poolSize: 10,
    beacon: null,
    winners: [{ k: 0, index: 6, ticketNumber: "7" }],
  });

  it("accepts the genuine record", async () => {
    expect((await verifyDraw(await record())).ok).toBe(true);
  });

  it("catches a changed seed", async () => {
    const r = await record();
    const result = await verifyDraw({ ...r, seed: SEED.replace(/^00/, "ff") });
    expect(result.ok).toBe(false);
    expect(result.checks.find((c) => c.name === "commitment")!.ok).toBe(false);
  });

  it("catches a changed pool", async () => {
    const r = await record();
    const result = await verifyDraw({ ...r, pool: [...POOL.slice(0, 9), "11"] });
    expect(result.ok).toBe(false);
    expect(result.checks.find((c) => c.name === "pool hash")!.ok).toBe(false);
  });

  it("catches a changed winner", async () => {
    const r = await record();
    const result = await verifyDraw({ ...r, winners: [{ k: 0, index: 2, ticketNumber: "3" }] });
    expect(result.ok).toBe(false);
    expect(result.checks.find((c) => c.name === "winners")!.ok).toBe(false);
  });
});
