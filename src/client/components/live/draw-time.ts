import { LONDON } from "../../../shared/london-time";

const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: LONDON,
  weekday: "long",
  day: "numeric",
  month: "long",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "Monday 2 December, 20:00": a draw's time as the UK reads it, wherever the visitor is. */
export function formatDrawTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const get = (type: string) => parts.formatToParts(date).find((p) => p.type === type)?.value ?? "";
  return `${get("weekday")} ${get("day")} ${get("month")}, ${get("hour")}:${get("minute")}`;
}

const ukDay = new Intl.DateTimeFormat("en-GB", { timeZone: LONDON, year: "numeric", month: "numeric", day: "numeric" });

/** Whether two instants fall on the same date in the UK ("tonight"). */
export function sameUkDay(a: Date | number, b: Date | number): boolean {
  return ukDay.format(a) === ukDay.format(b);
}
