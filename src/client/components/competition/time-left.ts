import { timeLeftUntil } from "../../hooks/use-countdown";

/** A short "time left" for cards: "3d 4h left", "5h 12m left", "Ended". */
export function shortTimeLeft(endIso: string, now = Date.now()): string {
  const t = timeLeftUntil(Date.parse(endIso), now);
  if (t.ended) return "Ended";
  if (t.days > 0) return `${t.days}d ${t.hours}h left`;
  if (t.hours > 0) return `${t.hours}h ${t.minutes}m left`;
  return `${Math.max(1, t.minutes)}m left`;
}
