import { describe, expect, it } from "vitest";
import {
  addDecimals,
  decimalToPence,
  formatPounds,
  formatPoundsGrouped,
  formatPrice,
  multiplyPence,
  paymentSplit,
  penceOf,
  penceToDecimal,
  sumPence,
} from "../../src/shared/money";
import { priceLine } from "../../src/shared/pricing";

describe("money", () => {
  it("turns pence into a two-decimal string", () => {
    expect(penceToDecimal(0)).toBe("0.00");
    expect(penceToDecimal(5)).toBe("0.05");
    expect(penceToDecimal(1250)).toBe("12.50");
    expect(penceToDecimal(123456789)).toBe("1234567.89");
    expect(penceToDecimal(-99)).toBe("-0.99");
  });

  it("parses decimal strings without floating-point drift", () => {
    expect(decimalToPence("12.50")).toBe(1250);
    expect(decimalToPence("12.5")).toBe(1250);
    expect(decimalToPence("12")).toBe(1200);
    expect(decimalToPence("0.1")).toBe(10);
    expect(decimalToPence(" 4.99 ")).toBe(499);
    expect(decimalToPence(0.3)).toBe(30);
  });

  it("refuses what is not money", () => {
    for (const bad of ["", "abc", "1.234", "-1", "1e3", "1,000.00", "£5"]) expect(decimalToPence(bad)).toBeNull();
  });

  it("formats pounds", () => {
    expect(formatPounds(499)).toBe("£4.99");
  });

  it("adds amounts that floating point gets wrong, exactly", () => {
    // In floats 0.1 + 0.2 is 0.30000000000000004 and 1.1 + 2.2 is 3.3000000000000003.
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(addDecimals("0.10", "0.20")).toBe("0.30");
    expect(addDecimals("1.10", "2.20")).toBe("3.30");
    expect(addDecimals("0.1", "0.2", "0.3")).toBe("0.60");
    expect(sumPence([10, 20])).toBe(30);
    expect(penceToDecimal(sumPence(Array.from({ length: 10 }, () => decimalToPence("0.10")!)))).toBe("1.00");
    // A float sum arriving as a JSON number is still read as the money it stands for.
    expect(decimalToPence(0.1 + 0.2)).toBe(30);
  });

  it("multiplies a price by a quantity in pence", () => {
    // In floats 1.99 * 3 is 5.97 but 19.99 * 100 is 1998.9999999999998, and 4.35 * 100 is 434.99999999999994.
    expect(19.99 * 100).not.toBe(1999);
    expect(multiplyPence(decimalToPence("1.99")!, 3)).toBe(597);
    expect(penceToDecimal(multiplyPence(decimalToPence("1.99")!, 3))).toBe("5.97");
    expect(multiplyPence(decimalToPence("19.99")!, 100)).toBe(199_900);
    expect(formatPounds(multiplyPence(decimalToPence("19.99")!, 100))).toBe("£1999.00");
    expect(decimalToPence("4.35")).toBe(435);
    expect(decimalToPence(4.35)).toBe(435);
    expect(multiplyPence(0, 7)).toBe(0);
    expect(priceLine(decimalToPence("1.99")!, [], 3).totalPence).toBe(597);
  });

  it("refuses to multiply what is not whole pence by a whole quantity", () => {
    expect(() => multiplyPence(1.5, 2)).toThrow(RangeError);
    expect(() => multiplyPence(199, 2.5)).toThrow(RangeError);
    expect(() => multiplyPence(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
  });

  it("reads a JSON number with more than two decimals as not money, never rounding it", () => {
    expect(decimalToPence(1.999)).toBeNull();
    expect(decimalToPence(0.005)).toBeNull();
    expect(decimalToPence(-1)).toBeNull();
    expect(decimalToPence(Number.NaN)).toBeNull();
    expect(decimalToPence(19.99)).toBe(1999);
    expect(decimalToPence(12)).toBe(1200);
  });

  it("formats and parses at the edge: 1250 is 12.50 and £12.50", () => {
    expect(decimalToPence("12.50")).toBe(1250);
    expect(penceToDecimal(1250)).toBe("12.50");
    expect(formatPounds(1250)).toBe("£12.50");
    expect(formatPrice("12.5")).toBe("£12.50");
    expect(formatPrice("n/a")).toBe("£n/a");
    expect(penceOf("3.07")).toBe(307);
    expect(penceOf(undefined)).toBe(0);
    expect(penceOf("junk")).toBe(0);
  });

  it("groups thousands for big figures without a float in between", () => {
    expect(formatPoundsGrouped(19_223_178)).toBe("£192,231.78");
    expect(formatPoundsGrouped(5)).toBe("£0.05");
    expect(formatPoundsGrouped(99_999)).toBe("£999.99");
    expect(formatPoundsGrouped(100_000)).toBe("£1,000.00");
    expect(formatPoundsGrouped(123_456_789_01)).toBe("£123,456,789.01");
    expect(formatPoundsGrouped(-150_000)).toBe("-£1,500.00");
  });

  it("splits an order's total into what site credit and the card paid", () => {
    expect(paymentSplit("5.00", "3.00")).toEqual({ creditPence: 300, cardPence: 200 });
    expect(paymentSplit("0.30", "0.10")).toEqual({ creditPence: 10, cardPence: 20 });
    expect(paymentSplit("5.00", "0.00")).toEqual({ creditPence: 0, cardPence: 500 });
    expect(paymentSplit("5.00", undefined)).toEqual({ creditPence: 0, cardPence: 500 });
    expect(paymentSplit("5.00", "6.00")).toEqual({ creditPence: 600, cardPence: 0 });
  });
});
