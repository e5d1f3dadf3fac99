import { describe, expect, it } from "vitest";
import { priceOrder, type DiscountRule, type OrderLineToPrice } from "../../src/shared/pricing";
import { MIN_CARD_CHARGE_PENCE } from "../../src/shared/site-credit";

// src/shared/pricing.ts priceOrder: multibuy tiers first, then the discount code, never below the card minimum.

const line = (over: Partial<OrderLineToPrice> = {}): OrderLineToPrice => ({
  competitionId: "a",
  category: "Farm Machinery",
  basePence: 250,
  tiers: [],
  quantity: 1,
  ...over,
});
const rule = (over: Partial<DiscountRule> = {}): DiscountRule => ({
  kind: "percent",
  value: 10,
  minSpendPence: null,
  competitionIds: [],
  categories: [],
  ...over,
});
const price = (lines: OrderLineToPrice[], r: DiscountRule | null) => priceOrder(lines, r, MIN_CARD_CHARGE_PENCE);

describe("priceOrder", () => {
  it("without a code is the multibuy price of each line", () => {
    const p = price([line({ quantity: 10, tiers: [{ minQuantity: 10, pricePence: 200 }] })], null);
    expect(p).toMatchObject({ subtotalPence: 2000, discountPence: 0, totalPence: 2000, problem: null });
    expect(p.lines[0]).toMatchObject({ totalPence: 2000, savingPence: 500, discountPence: 0, payPence: 2000 });
  });

  it("takes a percentage off the tier price, rounded down to the penny", () => {
    const p = price([line({ quantity: 3, basePence: 333 })], rule({ value: 15 }));
    // 999 × 15 % = 149.85: 149.
    expect(p).toMatchObject({ subtotalPence: 999, discountPence: 149, totalPence: 850 });
  });

  it("takes a fixed amount, never more than the lines it applies to and never below the card minimum", () => {
    expect(price([line({ quantity: 4 })], rule({ kind: "fixed", value: 500 }))).toMatchObject({ discountPence: 500, totalPence: 500 });
    expect(price([line()], rule({ kind: "fixed", value: 500 }))).toMatchObject({ discountPence: 220, totalPence: 30 });
    expect(price([line()], rule({ value: 100 }))).toMatchObject({ discountPence: 220, totalPence: 30 });
    // An order already below the minimum gets nothing off.
    expect(price([line({ basePence: 25 })], rule({ value: 50 }))).toMatchObject({ discountPence: 0, totalPence: 25, problem: null });
  });

  it("applies only to its competitions or categories, shared over those lines in proportion", () => {
    const lines = [
      line({ competitionId: "a", basePence: 300, quantity: 2 }),
      line({ competitionId: "b", category: "Training", basePence: 100 }),
      line({ competitionId: "c", basePence: 100 }),
    ];
    const p = price(lines, rule({ kind: "fixed", value: 100, categories: ["Farm Machinery"] }));
    expect(p.discountPence).toBe(100);
    // 600 and 100 of the 700 it applies to: 85.7 and 14.3, the odd penny to the larger remainder.
    expect(p.lines.map((l) => l.discountPence)).toEqual([86, 0, 14]);
    expect(p.lines.map((l) => l.payPence)).toEqual([514, 100, 86]);
    expect(price(lines, rule({ competitionIds: ["b"] })).lines.map((l) => l.discountPence)).toEqual([0, 10, 0]);
  });

  it("says why a code gives nothing: no line it applies to, or under its minimum spend", () => {
    expect(price([line()], rule({ competitionIds: ["z"] })).problem).toEqual({
      reason: "not_eligible",
      message: "This code does not apply to the competitions in your order",
    });
    expect(price([line({ quantity: 3 })], rule({ minSpendPence: 1000 })).problem).toEqual({
      reason: "min_spend",
      message: "Spend £10.00 or more to use this code",
    });
    expect(price([line({ quantity: 4 })], rule({ minSpendPence: 1000 })).problem).toBeNull();
    expect(price([line({ quantity: 3, category: "Training" })], rule({ minSpendPence: 1000, categories: ["Training"] })).problem?.message).toBe(
      "Spend £10.00 or more on the competitions this code covers to use it",
    );
  });
});
