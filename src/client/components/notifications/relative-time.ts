/** "Just now", "5m ago", "3h ago", "2d ago" (SPEC §2 Notification bell). */
export function relativeTime(iso: string, now = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return "";
  const minutes = Math.floor(Math.max(0, now - then) / 60_000);
  if (minutes < 1) return "Just now";
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

/** The unread badge: the count, or 99+ above 99. */
export function badgeText(count: number): string {
  return count > 99 ? "99+" : String(count);
}
