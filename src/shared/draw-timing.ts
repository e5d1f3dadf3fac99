import { formatLondonDayTime, londonDateKey } from "./london-time";

/*
 * When a competition may be drawn (issue #28): its page promises sales, and free postal entries
 * (which must arrive before it closes), until its end date, and a draw after it. The server refuses
 * an earlier draw with these words; the back office shows the same ones before anyone presses.
 */

export interface DrawTiming {
  endDate: Date;
  drawDate: Date;
  allowPostalEntry: boolean;
  /** "closed" before the end date: paused from the dashboard, and may reopen until then. */
  status?: string;
}

/** Why a draw cannot run yet; null once the end date has passed. */
export function drawTooEarlyReason(c: DrawTiming, now: Date): string | null {
  if (c.endDate <= now) return null;
  const end = formatLondonDayTime(c.endDate);
  const what = c.allowPostalEntry ? "sales and postal entries" : "sales";
  const promised =
    c.status === "closed"
      ? `Sales are paused, but the competition may reopen: its page promises ${what} until ${end}`
      : c.allowPostalEntry
        ? `Sales close on ${end} and postal entries are accepted until then`
        : `Sales close on ${end}`;
  return `${promised}; the draw can run from then (it is set for ${formatLondonDayTime(c.drawDate)}).`;
}

/** What an admin confirms to close a competition early on purpose: its current end date, as a UK date. */
export const closeEarlyConfirmation = (c: Pick<DrawTiming, "endDate">) => londonDateKey(c.endDate);
