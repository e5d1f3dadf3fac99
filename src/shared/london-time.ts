/**
 * The shop keeps UK time: calendar months for spending limits, dates on the pages, in messages and
 * emails. Every conversion to Europe/London lives here so that none is written twice.
 *
 * The UK's clock is worked out here rather than through `Intl` with a time zone: the rule is fixed in
 * law (the Summer Time Order 2002: British Summer Time from 01:00 UTC on the last Sunday of March to
 * 01:00 UTC on the last Sunday of October, the rule in force since 1996), and building the first
 * `Intl.DateTimeFormat` for a time zone loads the zone and locale data, tens of milliseconds of a slow
 * phone's main thread while a page hydrates. The same functions run on the server and in the browser,
 * so a date reads the same in a server-drawn page and in the browser that takes it over
 * (tests/unit/london-time.test.ts holds every formatter to `Intl`'s answer across the clock changes).
 */
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const LONDON = "Europe/London";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
// The abbreviations of British English (CLDR's en-GB: "Sept", not "Sep").
const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** 01:00 UTC on the last Sunday of `month` (0-based) of `year`: when the UK's clocks change. */
function lastSundayChange(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0, 1);
  return lastDay - new Date(lastDay).getUTCDay() * DAY;
}

/** How far London's clocks are ahead of UTC at an instant: an hour in British Summer Time, else none. */
export function londonOffsetMs(t: number): number {
  const year = new Date(t).getUTCFullYear();
  return t >= lastSundayChange(year, 2) && t < lastSundayChange(year, 9) ? HOUR : 0;
}

/** What London's clocks and calendar read at an instant (month 1–12, weekday 0 = Sunday). */
export interface LondonWallClock {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
}

export function londonWallClock(date: Date | number): LondonWallClock {
  const t = typeof date === "number" ? date : date.getTime();
  const wall = new Date(t + londonOffsetMs(t));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    weekday: wall.getUTCDay(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}

/** The instant at which London's clocks read this date and time (the later reading's offset in the repeated hour). */
export function londonInstant(year: number, month: number, day: number, hour: number, minute: number): Date {
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  // London is UTC+0 or UTC+1: correct by the offset seen at the guess, twice to settle near a change.
  let t = wanted;
  for (let i = 0; i < 2; i++) t = wanted - londonOffsetMs(t);
  return new Date(t);
}

const pad2 = (n: number) => String(n).padStart(2, "0");
const time = (w: LondonWallClock) => `${pad2(w.hour)}:${pad2(w.minute)}`;

/** "9 March 2027": a date as the UK reads it, on the UK's calendar. */
export function formatLondonDate(date: Date): string {
  const w = londonWallClock(date);
  return `${w.day} ${MONTHS[w.month - 1]} ${w.year}`;
}

/** "9 Mar 2027". */
export function formatLondonShortDate(date: Date): string {
  const w = londonWallClock(date);
  return `${w.day} ${SHORT_MONTHS[w.month - 1]} ${w.year}`;
}

/** "March 2027". */
export function formatLondonMonth(date: Date): string {
  const w = londonWallClock(date);
  return `${MONTHS[w.month - 1]} ${w.year}`;
}

/** "21 November 2025 at 14:05" on the UK's clock. */
export function formatLondonDateTime(date: Date): string {
  const w = londonWallClock(date);
  return `${w.day} ${MONTHS[w.month - 1]} ${w.year} at ${time(w)}`;
}

/** "Monday, 21 December 2026 at 20:00": a draw's date and time on the UK's clock. */
export function formatLondonWeekdayDateTime(date: Date): string {
  const w = londonWallClock(date);
  return `${WEEKDAYS[w.weekday]}, ${w.day} ${MONTHS[w.month - 1]} ${w.year} at ${time(w)}`;
}

/** "Sunday 30 November at 23:59": a day and time as the UK reads it, on the UK's clock. */
export function formatLondonDayTime(date: Date): string {
  const w = londonWallClock(date);
  return `${WEEKDAYS[w.weekday]} ${w.day} ${MONTHS[w.month - 1]} at ${time(w)}`;
}

/** "Monday 2 December, 20:00": a draw evening's time. */
export function formatLondonDrawTime(date: Date): string {
  const w = londonWallClock(date);
  return `${WEEKDAYS[w.weekday]} ${w.day} ${MONTHS[w.month - 1]}, ${time(w)}`;
}

/** "2026-11-30": the UK calendar date of an instant, as an admin confirms it. */
export function londonDateKey(date: Date | number): string {
  const w = londonWallClock(date);
  return `${w.year}-${pad2(w.month)}-${pad2(w.day)}`;
}

/** The first instant of the current calendar month in the UK. */
export function ukMonthStart(now: Date): Date {
  const w = londonWallClock(now);
  return londonInstant(w.year, w.month, 1, 0, 0);
}

/** Whole years since a date of birth (YYYY-MM-DD) on `now`'s date. */
export function ageOn(dateOfBirth: string, now: Date): number {
  const [y, m, d] = dateOfBirth.split("-").map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age -= 1;
  return age;
}
