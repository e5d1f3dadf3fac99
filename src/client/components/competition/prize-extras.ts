import { decimalToPence } from "../../../shared/money";
import { formatCount } from "../../lib/numbers";

const gbp = (pence: number) =>
  new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", minimumFractionDigits: pence % 100 === 0 ? 0 : 2 }).format(pence / 100);

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
