import { describe, expect, it } from "vitest";
import { uuidv7 } from "../../db/ids";

describe("uuidv7", () => {
  it("is a version 7, RFC 9562 variant UUID carrying the time", () => {
    const at = Date.UTC(2026, 10, 21, 9, 0, 0);
    const id = uuidv7(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, "").slice(0, 12), 16)).toBe(at);
  });

  it("keeps increasing within one millisecond and across many, and never repeats", () => {
    const ids = Array.from({ length: 20_000 }, () => uuidv7(1_800_000_000_000));
    const later = Array.from({ length: 100 }, (_, i) => uuidv7(1_800_000_000_100 + i));
    const all = [...ids, ...later];
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual(all);
  });
});
