import { formatLondonMonth } from "../../shared/london-time";

/** "March 2025" from an ISO date, or "N/A" when there is none or it cannot be read. */
export function monthAndYear(iso: string | null | undefined): string {
  if (!iso) return "N/A";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "N/A";
  return formatLondonMonth(date);
}

/** "21 Nov 2025, 14:05" for admin tables. */
export function shortDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return date.toLocaleString("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
}
