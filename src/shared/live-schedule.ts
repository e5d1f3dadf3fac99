import { londonInstant, londonWallClock } from "./london-time";

/**
 * The weekly live draw (setting live_draw_schedule, "Monday 20:00", UK time). The instant is found
 * on the UK's calendar, so it stays 20:00 in London across the clock changes (19:00 or 20:00 UTC).
 */
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
export const DEFAULT_LIVE_DRAW_SCHEDULE = "Monday 20:00";
/** A draw evening stays "tonight" on /live for this long after it starts. */
export const LIVE_EVENING_MS = 6 * 60 * 60 * 1000;

export interface LiveSchedule {
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  hour: number;
  minute: number;
}

/** "monday 20:00", "Mon 8:05" → the schedule; null when it cannot be read. */
export function parseLiveSchedule(value: string): LiveSchedule | null {
  const m = /^\s*([a-z]{3,9})\s+([01]?\d|2[0-3]):([0-5]\d)\s*$/i.exec(value);
  if (!m) return null;
  const day = m[1]!.toLowerCase();
  const weekday = WEEKDAYS.findIndex((d) => d.toLowerCase() === day || (day.length === 3 && d.toLowerCase().startsWith(day)));
  if (weekday < 0) return null;
  return { weekday, hour: Number(m[2]), minute: Number(m[3]) };
}

export function formatLiveSchedule(s: LiveSchedule): string {
  return `${WEEKDAYS[s.weekday]} ${String(s.hour).padStart(2, "0")}:${String(s.minute).padStart(2, "0")}`;
}

/**
 * The draw evening to show at `now`: tonight's while it is on (until LIVE_EVENING_MS after its
 * start), else the next one.
 */
export function liveDrawAt(schedule: LiveSchedule, now: Date): Date {
  const today = londonWallClock(now.getTime());
  // From yesterday: an evening that began before midnight is still tonight's until it ends.
  for (let i = -1; i <= 7; i++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + i));
    if (date.getUTCDay() !== schedule.weekday) continue;
    const at = londonInstant(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), schedule.hour, schedule.minute);
    if (at.getTime() + LIVE_EVENING_MS > now.getTime()) return at;
  }
  // Unreachable: one of nine consecutive days is the weekday, and the last is at least 6 days ahead.
  throw new Error("no draw evening within a week");
}

/** The next scheduled draw strictly after `from` (at least `minDays` later): a competition's draw date. */
export function nextLiveDrawAfter(schedule: LiveSchedule, from: Date, minDays = 0): Date {
  let t = from.getTime() + minDays * 24 * 60 * 60 * 1000;
  for (;;) {
    const at = liveDrawAt(schedule, new Date(t));
    if (at.getTime() >= t) return at;
    t = at.getTime() + LIVE_EVENING_MS;
  }
}
