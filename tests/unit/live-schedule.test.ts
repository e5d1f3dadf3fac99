import { describe, expect, it } from "vitest";
import {
  DEFAULT_LIVE_DRAW_SCHEDULE,
  formatLiveSchedule,
  LIVE_EVENING_MS,
  liveDrawAt,
  nextLiveDrawAfter,
  parseLiveSchedule,
} from "../../src/shared/live-schedule";
import { londonInstant } from "../../src/shared/london-time";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const monday = parseLiveSchedule(DEFAULT_LIVE_DRAW_SCHEDULE)!;
const at = (iso: string) => new Date(iso);
const drawAt = (now: string, schedule = monday) => liveDrawAt(schedule, at(now)).toISOString();

/** The wall clock in London, "Monday 20:00", of an instant. */
const londonReading = (d: Date) =>
  d.toLocaleString("en-GB", { timeZone: "Europe/London", weekday: "long", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).replace(",", "");

describe("the weekly schedule setting", () => {
  it("reads a weekday (in full or its first three letters, any case) and a 24-hour time", () => {
    expect(parseLiveSchedule("Monday 20:00")).toEqual({ weekday: 1, hour: 20, minute: 0 });
    expect(parseLiveSchedule("  monday   20:00 ")).toEqual({ weekday: 1, hour: 20, minute: 0 });
    expect(parseLiveSchedule("SUN 8:05")).toEqual({ weekday: 0, hour: 8, minute: 5 });
    expect(parseLiveSchedule("sat 23:59")).toEqual({ weekday: 6, hour: 23, minute: 59 });
    expect(parseLiveSchedule("Thursday 00:00")).toEqual({ weekday: 4, hour: 0, minute: 0 });
  });

  it("refuses what it cannot read", () => {
    for (const value of ["", "Monday", "20:00", "Funday 20:00", "Mo 20:00", "Monday 24:00", "Monday 20:60", "Monday 8pm", "Monday 20:00:00", "20:00 Monday"]) {
      expect(parseLiveSchedule(value), value).toBeNull();
    }
  });

  it("writes it back in one form: the weekday in full and a two-digit time", () => {
    expect(formatLiveSchedule(parseLiveSchedule("tue 7:30")!)).toBe("Tuesday 07:30");
    expect(formatLiveSchedule(monday)).toBe("Monday 20:00");
    expect(DEFAULT_LIVE_DRAW_SCHEDULE).toBe("Monday 20:00");
  });
});

describe("the next live draw (Monday 20:00 UK time)", () => {
  it("is 20:00 in London across the autumn clock change: 19:00 UTC in summer time, 20:00 UTC after", () => {
    // British Summer Time ends on Sunday 25 October 2026.
    expect(drawAt("2026-10-14T09:00:00Z")).toBe("2026-10-19T19:00:00.000Z");
    expect(drawAt("2026-10-21T09:00:00Z")).toBe("2026-10-26T20:00:00.000Z");
    // The Saturday before the change, and the change's own Sunday morning.
    expect(drawAt("2026-10-24T23:30:00Z")).toBe("2026-10-26T20:00:00.000Z");
    expect(drawAt("2026-10-25T00:30:00Z")).toBe("2026-10-26T20:00:00.000Z");
  });

  it("is 20:00 in London across the spring clock change: 20:00 UTC in winter, 19:00 UTC after", () => {
    // British Summer Time starts on Sunday 28 March 2027.
    expect(drawAt("2027-03-17T12:00:00Z")).toBe("2027-03-22T20:00:00.000Z");
    expect(drawAt("2027-03-24T12:00:00Z")).toBe("2027-03-29T19:00:00.000Z");
    expect(drawAt("2027-03-28T00:59:00Z")).toBe("2027-03-29T19:00:00.000Z");
    expect(londonReading(liveDrawAt(monday, at("2027-03-24T12:00:00Z")))).toBe("Monday 20:00");
  });

  it("reads 20:00 on a Monday in London for every day of two years, whatever the time zone of the server", () => {
    let t = Date.UTC(2026, 0, 1, 5, 17);
    const end = Date.UTC(2028, 0, 1);
    while (t < end) {
      const next = liveDrawAt(monday, new Date(t));
      expect(londonReading(next), new Date(t).toISOString()).toBe("Monday 20:00");
      expect(next.getTime() + LIVE_EVENING_MS).toBeGreaterThan(t);
      expect(next.getTime() - t).toBeLessThanOrEqual(7 * 24 * HOUR);
      t += 24 * HOUR + 37 * MINUTE;
    }
  });

  it("stays tonight's for 6 hours after the start, then moves to next week", () => {
    const start = "2026-11-30T20:00:00.000Z";
    expect(LIVE_EVENING_MS).toBe(6 * HOUR);
    expect(drawAt("2026-11-30T19:59:00Z")).toBe(start);
    expect(drawAt(start)).toBe(start);
    expect(drawAt("2026-11-30T21:30:00Z")).toBe(start);
    expect(drawAt("2026-12-01T01:59:59Z")).toBe(start);
    expect(drawAt("2026-12-01T02:00:00Z")).toBe("2026-12-07T20:00:00.000Z");
  });

  it("follows another weekday and time", () => {
    const friday = parseLiveSchedule("Friday 18:30")!;
    // Wednesday 25 November 2026 (winter): Friday 27th at 18:30 GMT.
    expect(drawAt("2026-11-25T12:00:00Z", friday)).toBe("2026-11-27T18:30:00.000Z");
    // Wednesday 1 July 2026 (summer): Friday 3rd at 18:30 BST.
    expect(drawAt("2026-07-01T12:00:00Z", friday)).toBe("2026-07-03T17:30:00.000Z");
    // Late in the evening UTC, already the next day in London (summer): Friday 00:15 London is Thursday 23:15 UTC.
    const midnight = parseLiveSchedule("Friday 00:15")!;
    expect(drawAt("2026-07-02T22:00:00Z", midnight)).toBe("2026-07-02T23:15:00.000Z");
  });

  it("finds London's instant for a wall-clock time in either season", () => {
    expect(londonInstant(2026, 7, 1, 12, 0).toISOString()).toBe("2026-07-01T11:00:00.000Z");
    expect(londonInstant(2026, 12, 1, 12, 0).toISOString()).toBe("2026-12-01T12:00:00.000Z");
  });

  it("as a draw date: the first scheduled evening strictly after a moment, or at least some days later", () => {
    expect(nextLiveDrawAfter(monday, at("2026-11-25T12:00:00Z")).toISOString()).toBe("2026-11-30T20:00:00.000Z");
    expect(nextLiveDrawAfter(monday, at("2026-11-30T20:30:00Z")).toISOString()).toBe("2026-12-07T20:00:00.000Z");
    expect(nextLiveDrawAfter(monday, at("2026-11-25T12:00:00Z"), 7).toISOString()).toBe("2026-12-07T20:00:00.000Z");
  });
});
