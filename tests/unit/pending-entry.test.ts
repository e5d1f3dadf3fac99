import { describe, expect, it } from "vitest";
import { parsePendingEntry, type PendingEntry } from "../../src/client/lib/pending-entry";

const entry: PendingEntry = {
  competitionId: "c1",
  competitionTitle: "Quad Bike",
  competitionImage: "/images/promo.svg",
  customerName: "Morwenna Pascoe",
  customerEmail: "morwenna@example.co.uk",
  answer: "4",
  tickets: 3,
  pricePerEntry: "2.50",
  totalAmount: "7.50",
  basePrice: "2.50",
  priceTiers: [{ minQuantity: 5, pricePerTicket: "2.00" }],
  numbers: ["7", "12", "40"],
};
const read = (value: unknown) => parsePendingEntry(typeof value === "string" ? value : JSON.stringify(value));

describe("the pending entry handed from the entry form to checkout", () => {
  it("reads back what the form stored, with or without its optional parts", () => {
    expect(read(entry)).toEqual({ kind: "ok", entry });
    const { basePrice: _b, priceTiers: _t, numbers: _n, answer: _a, ...plain } = entry;
    expect(read(plain)).toEqual({ kind: "ok", entry: plain });
    expect(read({ ...plain, answer: null })).toEqual({ kind: "ok", entry: { ...plain, answer: null } });
  });

  it("is nothing when nothing is stored", () => {
    expect(parsePendingEntry(null)).toEqual({ kind: "none" });
    expect(parsePendingEntry("")).toEqual({ kind: "none" });
  });

  it("refuses what storage cannot be trusted to hold: not JSON, wrong types, money that is not money, too many tickets or numbers", () => {
    const bad: unknown[] = [
      "{not json",
      "[]",
      "null",
      { ...entry, competitionId: "" },
      { ...entry, customerEmail: 7 },
      { ...entry, tickets: 0 },
      { ...entry, tickets: 101 },
      { ...entry, tickets: 2.5 },
      { ...entry, tickets: "3" },
      { ...entry, pricePerEntry: "two pounds" },
      { ...entry, totalAmount: undefined },
      { ...entry, basePrice: "1.234" },
      { ...entry, priceTiers: [{ minQuantity: "5", pricePerTicket: "2.00" }] },
      { ...entry, priceTiers: [null] },
      { ...entry, numbers: Array.from({ length: 101 }, (_, i) => String(i + 1)) },
      { ...entry, lostNumbers: [7] },
      { ...entry, answer: 4 },
    ];
    for (const value of bad) expect(read(value), JSON.stringify(value).slice(0, 80)).toEqual({ kind: "invalid" });
  });
});
