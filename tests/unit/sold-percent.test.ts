import { describe, expect, it } from "vitest";
import { soldPercent } from "../../src/client/components/competition/sold-percent";

describe("soldPercent", () => {
  it("says 0% only when nothing has sold, and <1% for the first few sales", () => {
    expect(soldPercent(0, 19999)).toEqual({ label: "0%", width: 0 });
    expect(soldPercent(1, 19999).label).toBe("<1%");
    expect(soldPercent(199, 19999).label).toBe("<1%");
    expect(soldPercent(200, 19999).label).toBe("1%");
  });

  it("rounds down, and says 100% only when every ticket has gone", () => {
    expect(soldPercent(22, 999).label).toBe("2%");
    expect(soldPercent(998, 999).label).toBe("99%");
    expect(soldPercent(19998, 19999).label).toBe("99%");
    expect(soldPercent(999, 999)).toEqual({ label: "100%", width: 100 });
    expect(soldPercent(1000, 999)).toEqual({ label: "100%", width: 100 });
  });

  it("gives the bar a visible sliver for a first sale and never fills it early", () => {
    expect(soldPercent(1, 19999).width).toBe(2);
    expect(soldPercent(500, 1000).width).toBe(50);
    expect(soldPercent(998, 999).width).toBeLessThan(100);
  });
});
