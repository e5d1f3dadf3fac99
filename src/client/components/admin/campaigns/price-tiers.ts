import { decimalToPence, formatPounds, formatPrice } from "../../../../shared/money";
import { priceLine, priceTierProblem, type PriceTier, type PriceTierView } from "../../../../shared/pricing";

/** One multibuy price as the admin types it; `key` keeps a row's inputs its own when a row above is removed. */
export interface PriceTierRow {
  key: string;
  minQuantity: string;
  pricePerTicket: string;
}

let lastKey = 0;

export function newTierRow(minQuantity = "", pricePerTicket = ""): PriceTierRow {
  lastKey += 1;
  return { key: `tier-${lastKey}`, minQuantity, pricePerTicket };
}

export const tierRowsFrom = (tiers: readonly PriceTierView[]): PriceTierRow[] => tiers.map((t) => newTierRow(String(t.minQuantity), t.pricePerTicket));

const isBlank = (row: PriceTierRow) => !row.minQuantity.trim() && !row.pricePerTicket.trim();
const WHOLE = /^\d+$/;

/**
 * What is sent: rows left empty are dropped; the rest as typed, so the server names any problem
 * in its own words. A stored tier that was not touched goes back exactly as it came.
 */
export function tierViewsFrom(rows: readonly PriceTierRow[]): Array<{ minQuantity: number | string; pricePerTicket: string }> {
  return rows
    .filter((row) => !isBlank(row))
    .map((row) => {
      const quantity = row.minQuantity.trim();
      return { minQuantity: WHOLE.test(quantity) ? Number(quantity) : quantity, pricePerTicket: row.pricePerTicket.trim() };
    });
}

export interface TierProblem {
  message: string;
  /** The index of the row at fault, when one is. */
  row: number | null;
}

const HALF_FILLED = "Give each multibuy price a number of tickets and a price each";

/**
 * Why the rows cannot be saved, in the server's words (`priceTierProblem`), or null. While the
 * admin is typing, rows not yet complete are left out rather than reported. `basePence` is null
 * while the ticket price is not money: that field shows its own message.
 */
export function tierRowsProblem(basePence: number | null, rows: readonly PriceTierRow[], when: "typing" | "saving"): TierProblem | null {
  const tiers: PriceTier[] = [];
  const rowOf: number[] = [];
  for (const [index, row] of rows.entries()) {
    if (isBlank(row)) continue;
    const quantity = row.minQuantity.trim();
    const pence = decimalToPence(row.pricePerTicket);
    let message: string | null = null;
    if (!quantity || !row.pricePerTicket.trim()) message = HALF_FILLED;
    else if (!WHOLE.test(quantity)) message = "Multibuy quantities must be whole numbers";
    else if (pence === null) message = "Multibuy prices must be money, e.g. 1.79";
    if (message !== null) {
      if (when === "typing") continue;
      return { message, row: index };
    }
    tiers.push({ minQuantity: Number(quantity), pricePence: pence ?? 0 });
    rowOf.push(index);
  }
  const base = basePence ?? Number.MAX_SAFE_INTEGER;
  const message = priceTierProblem(base, tiers);
  if (!message) return null;
  // The first row whose arrival brings the problem is the one at fault.
  const first = tiers.findIndex((_, n) => priceTierProblem(base, tiers.slice(0, n + 1)) !== null);
  return { message, row: rowOf[first] ?? null };
}

/** "10+ tickets: £1.79 each (save £0.20 a ticket)", priced by the function the server charges with; null until the row is complete. */
export function tierPreview(basePence: number | null, row: PriceTierRow): string | null {
  const quantity = row.minQuantity.trim();
  const pence = decimalToPence(row.pricePerTicket);
  if (!WHOLE.test(quantity) || Number(quantity) < 2 || pence === null || pence <= 0) return null;
  const minQuantity = Number(quantity);
  const head = `${minQuantity}+ tickets`;
  if (basePence === null) return `${head}: ${formatPounds(pence)} each`;
  const line = priceLine(basePence, [{ minQuantity, pricePence: pence }], minQuantity);
  const savingEach = basePence - line.unitPence;
  return `${head}: ${formatPounds(line.unitPence)} each${savingEach > 0 ? ` (save ${formatPounds(savingEach)} a ticket)` : ""}`;
}

/** "10+ £1.79, 25+ £1.49" for the campaign card. */
export const multibuySummary = (tiers: readonly PriceTierView[]): string => tiers.map((t) => `${t.minQuantity}+ ${formatPrice(t.pricePerTicket)}`).join(", ");
