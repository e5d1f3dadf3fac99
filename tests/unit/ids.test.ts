import { describe, expect, it } from "vitest";
import { uuidv7 } from "../../db/ids";

const timeOf = (id: string) => parseInt(id.replace(/-/g, "").slice(0, 12), 16);

describe("uuidv7", () => {
  it("is a version 7, RFC 9562 variant UUID carrying the time it was made", () => {
    const before = Date.now();
    const id = uuidv7();
    const after = Date.now();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(timeOf(id)).toBeGreaterThanOrEqual(before);
    expect(timeOf(id)).toBeLessThanOrEqual(after + 1);
  });

  it("keeps increasing within one millisecond and across many, and never repeats", () => {
    const all = Array.from({ length: 20_000 }, () => uuidv7());
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual(all);
    // Most of these were made in the same millisecond as a neighbour, so the order is the counter's.
    expect(new Set(all.map(timeOf)).size).toBeLessThan(all.length);
  });
});
