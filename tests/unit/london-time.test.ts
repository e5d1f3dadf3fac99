import { describe, expect, it } from "vitest";
import {
  formatLondonDate,
  formatLondonDateTime,
  formatLondonDayTime,
  formatLondonDrawTime,
  formatLondonMonth,
  formatLondonShortDate,
  formatLondonWeekdayDateTime,
  londonDateKey,
  londonInstant,
  londonOffsetMs,
  londonWallClock,
  ukMonthStart,
} from "../../src/shared/london-time";

// The UK's clock is computed from the Summer Time rule; Intl with the IANA zone is the oracle.
const LONDON = "Europe/London";
const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-GB", { timeZone: LONDON, ...options });
const ORACLE = {
  date: intl({ day: "numeric", month: "long", year: "numeric" }),
  short: intl({ day: "numeric", month: "short", year: "numeric" }),
  month: intl({ month: "long", year: "numeric" }),
  dateTime: intl({ day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" }),
  weekdayDateTime: intl({ weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" }),
  parts: intl({ weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
};

const part = (d: Date, type: string) => ORACLE.parts.formatToParts(d).find((p) => p.type === type)!.value;
const oracleDayTime = (d: Date) => `${part(d, "weekday")} ${part(d, "day")} ${part(d, "month")} at ${part(d, "hour")}:${part(d, "minute")}`;
const oracleDrawTime = (d: Date) => `${part(d, "weekday")} ${part(d, "day")} ${part(d, "month")}, ${part(d, "hour")}:${part(d, "minute")}`;

/** Instants that matter: a minute either side of every clock change from 1996 to 2040, and a spread of others. */
function instants(): Date[] {
  const out: Date[] = [];
  for (let year = 1996; year <= 2040; year++) {
    for (const month of [2, 9]) {
      const lastDay = Date.UTC(year, month + 1, 0, 1);
      const change = lastDay - new Date(lastDay).getUTCDay() * 86_400_000;
      for (const delta of [-61, -60, -1, 0, 1, 59, 60, 61, 23 * 60, 24 * 60]) out.push(new Date(change + delta * 60_000));
    }
    // New Year's Eve around midnight in either zone, and the month's last and first minutes.
    out.push(
      new Date(Date.UTC(year, 11, 31, 23, 59)),
      new Date(Date.UTC(year + 1, 0, 1, 0, 0)),
      new Date(Date.UTC(year, 6, 31, 22, 59)),
      new Date(Date.UTC(year, 6, 31, 23, 0)),
    );
  }
  // A deterministic spread over the years (a linear congruential walk).
  let x = 12345;
  for (let i = 0; i < 2000; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    out.push(new Date(Date.UTC(1996, 0, 1) + (x / 2 ** 31) * (Date.UTC(2041, 0, 1) - Date.UTC(1996, 0, 1))));
  }
  return out;
}

describe("the UK's clock without Intl", () => {
  it("formats every instant as Intl does with Europe/London, across every clock change from 1996 to 2040", () => {
    for (const d of instants()) {
      const at = d.toISOString();
      expect(formatLondonDate(d), at).toBe(ORACLE.date.format(d));
      expect(formatLondonShortDate(d), at).toBe(ORACLE.short.format(d));
      expect(formatLondonMonth(d), at).toBe(ORACLE.month.format(d));
      expect(formatLondonDateTime(d), at).toBe(ORACLE.dateTime.format(d));
      expect(formatLondonWeekdayDateTime(d), at).toBe(ORACLE.weekdayDateTime.format(d));
      expect(formatLondonDayTime(d), at).toBe(oracleDayTime(d));
      expect(formatLondonDrawTime(d), at).toBe(oracleDrawTime(d));
      expect(londonDateKey(d), at).toBe(new Intl.DateTimeFormat("en-CA", { timeZone: LONDON, year: "numeric", month: "2-digit", day: "2-digit" }).format(d));
    }
  });

  it("knows British Summer Time from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October", () => {
    expect(londonOffsetMs(Date.parse("2026-03-29T00:59:59Z"))).toBe(0);
    expect(londonOffsetMs(Date.parse("2026-03-29T01:00:00Z"))).toBe(3_600_000);
    expect(londonOffsetMs(Date.parse("2026-10-25T00:59:59Z"))).toBe(3_600_000);
    expect(londonOffsetMs(Date.parse("2026-10-25T01:00:00Z"))).toBe(0);
    expect(londonWallClock(Date.parse("2026-03-29T01:00:00Z"))).toMatchObject({ day: 29, hour: 2, minute: 0, weekday: 0 });
  });

  it("finds the instant London's clocks read a date and time, and a UK month's first instant", () => {
    expect(londonInstant(2026, 7, 1, 12, 0).toISOString()).toBe("2026-07-01T11:00:00.000Z");
    expect(londonInstant(2026, 12, 1, 12, 0).toISOString()).toBe("2026-12-01T12:00:00.000Z");
    // The hour that does not exist in spring reads as the hour after; the one that happens twice in autumn as its second time.
    expect(londonInstant(2026, 3, 29, 1, 30).toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(londonInstant(2026, 10, 25, 1, 30).toISOString()).toBe("2026-10-25T01:30:00.000Z");
    expect(ukMonthStart(new Date("2026-07-15T12:00:00Z")).toISOString()).toBe("2026-06-30T23:00:00.000Z");
    expect(ukMonthStart(new Date("2026-06-30T23:30:00Z")).toISOString()).toBe("2026-06-30T23:00:00.000Z");
    expect(ukMonthStart(new Date("2026-12-31T23:59:00Z")).toISOString()).toBe("2026-12-01T00:00:00.000Z");
  });
});
