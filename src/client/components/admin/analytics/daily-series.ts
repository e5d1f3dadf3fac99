import { decimalToPence } from "../../../../shared/money";

export interface DayPoint {
  day: string;
  label: string;
  entries: number;
  /** Pounds, as a number for the chart's axis. */
  revenue: number;
}

const pad = (n: number) => String(n).padStart(2, "0");
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The server lists only days with entries; the chart wants all 30, quiet days at zero. */
export function lastThirtyDays(daily: Array<{ day: string; entries: number; revenue: string }>, today = new Date()): DayPoint[] {
  const byDay = new Map(daily.map((d) => [d.day, d]));
  const points: DayPoint[] = [];
  for (let back = 29; back >= 0; back--) {
    const date = new Date(today.getFullYear(), today.getMonth(), today.getDate() - back);
    const day = isoDay(date);
    const found = byDay.get(day);
    points.push({
      day,
      label: date.toLocaleDateString("en-GB", { day: "numeric", month: "short" }),
      entries: found?.entries ?? 0,
      revenue: (decimalToPence(found?.revenue ?? "0") ?? 0) / 100,
    });
  }
  return points;
}

export const pounds = (value: number) => `£${value.toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
