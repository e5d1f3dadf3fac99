import { formatLondonDrawTime, londonDateKey } from "../../../shared/london-time";

/** "Monday 2 December, 20:00": a draw's time as the UK reads it, wherever the visitor is. */
export function formatDrawTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : formatLondonDrawTime(date);
}

/** Whether two instants fall on the same date in the UK ("tonight"). */
export function sameUkDay(a: Date | number, b: Date | number): boolean {
  return londonDateKey(a) === londonDateKey(b);
}
