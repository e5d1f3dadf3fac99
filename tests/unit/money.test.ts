import { describe, expect, it } from "vitest";
import { decimalToPence, formatPounds, penceToDecimal } from "../../src/shared/money";

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
});
