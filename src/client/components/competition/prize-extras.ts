import { decimalToPence } from "../../../shared/money";
import { formatCount } from "../../lib/numbers";

/** "£8,000" or "£8,000.50" (no Intl currency formatter: building one stalls a slow phone). */
const gbp = (pence: number) => `£${formatCount(Math.floor(pence / 100))}${pence % 100 === 0 ? "" : `.${String(pence % 100).padStart(2, "0")}`}`;

/** "£8,000" from "£8,000", "8000" or "8000.00"; any other wording is shown as the operator wrote it. */
export function cashAlternativeText(value: string): string {
  const text = value.trim();
  const pence = decimalToPence(text.replace(/^£/, "").replace(/,/g, ""));
  return pence === null ? text : gbp(pence);
}

/** Odds per ticket at sell-out (COMPLIANCE 2.3); unlimited competitions depend on how many enter. */
export function oddsPerTicket(maxTickets: number | null): string {
  return maxTickets === null ? "Depends on entries" : `1 in ${formatCount(maxTickets)}`;
}
