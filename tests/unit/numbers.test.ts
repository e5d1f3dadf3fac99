import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cashAlternativeText } from "../../src/client/components/competition/prize-extras";
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

describe("cashAlternativeText", () => {
  it("shows an amount as pounds the way Intl's en-GB currency format does, and other wording as written", () => {
    expect(cashAlternativeText("8000")).toBe("£8,000");
    expect(cashAlternativeText("£8,000.50")).toBe("£8,000.50");
    expect(cashAlternativeText("A year's supply of feed")).toBe("A year's supply of feed");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), (pence) => {
        const intl = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", minimumFractionDigits: pence % 100 === 0 ? 0 : 2 });
        return cashAlternativeText((pence / 100).toFixed(2)) === intl.format(pence / 100);
      }),
    );
  });
});
