/**
 * The shop keeps UK time: calendar months for spending limits, dates in messages and emails. Every
 * conversion to Europe/London lives here so that none is written twice.
 */
const HOUR = 60 * 60 * 1000;
export const LONDON = "Europe/London";

/** "21 November 2025 at 14:05" on the UK's clock, wherever it is formatted (server or browser). */
export const LONDON_DATE_TIME: Intl.DateTimeFormatOptions = {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: LONDON,
};

/** The first instant of the current calendar month in the UK. */
export function ukMonthStart(now: Date): Date {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: LONDON, year: "numeric", month: "2-digit" }).formatToParts(now);
  const year = Number(parts.find((p) => p.type === "year")!.value);
  const month = Number(parts.find((p) => p.type === "month")!.value);
  const utcMidnight = Date.UTC(year, month - 1, 1);
  // London is UTC or UTC+1; at 00:00 on the 1st it is whichever applies on that day.
  const londonHour = Number(new Intl.DateTimeFormat("en-GB", { timeZone: LONDON, hour: "2-digit", hourCycle: "h23" }).format(new Date(utcMidnight)));
  return new Date(utcMidnight - (londonHour === 0 ? 0 : HOUR));
}

/** "9 March 2027": a date as the UK reads it, on the UK's calendar. */
export function formatLondonDate(date: Date): string {
  return date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: LONDON });
}

/** Whole years since a date of birth (YYYY-MM-DD) on `now`'s date. */
export function ageOn(dateOfBirth: string, now: Date): number {
  const [y, m, d] = dateOfBirth.split("-").map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age -= 1;
  return age;
}

/** "Sunday 30 November at 23:59": a day and time as the UK reads it, on the UK's clock. */
export function formatLondonDayTime(date: Date): string {
  const day = date.toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: LONDON });
  const time = date.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: LONDON });
  return `${day} at ${time}`;
}

/** "2026-11-30": the UK calendar date of an instant, as an admin confirms it. */
export function londonDateKey(date: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: LONDON, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}
