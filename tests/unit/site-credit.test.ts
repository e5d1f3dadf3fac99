import { describe, expect, it } from "vitest";
import { creditToUse, MIN_CARD_CHARGE_PENCE } from "../../src/shared/site-credit";

describe("how much of an order site credit pays", () => {
  it("pays first, up to the total", () => {
    expect(creditToUse(300, 500)).toBe(300);
    expect(creditToUse(1200, 500)).toBe(500);
    expect(creditToUse(0, 500)).toBe(0);
  });

  it("never leaves the card less than its minimum charge", () => {
    expect(MIN_CARD_CHARGE_PENCE).toBe(30);
    // £4.90 of credit on a £5.00 order would leave 10p for the card: the card pays 30p instead.
    expect(creditToUse(490, 500)).toBe(470);
    expect(creditToUse(471, 500)).toBe(470);
    expect(creditToUse(470, 500)).toBe(470);
    expect(creditToUse(499, 500)).toBe(470);
    expect(creditToUse(500, 500)).toBe(500);
  });

  it("an order below the minimum is paid by credit alone or by card alone", () => {
    expect(creditToUse(25, 25)).toBe(25);
    expect(creditToUse(10, 25)).toBe(0);
  });
});
