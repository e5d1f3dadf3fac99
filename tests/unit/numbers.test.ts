import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCount } from "../../src/client/lib/numbers";

describe("formatCount", () => {
  it("groups thousands as British English does", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1000)).toBe("1,000");
    expect(formatCount(50_000)).toBe("50,000");
    expect(formatCount(1_234_567)).toBe("1,234,567");
  });

  it("matches Intl's en-GB formatting for every whole number", () => {
    const intl = new Intl.NumberFormat("en-GB");
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => formatCount(n) === intl.format(n)));
  });
});
